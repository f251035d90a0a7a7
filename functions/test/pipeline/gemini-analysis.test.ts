/**
 * A real interview analysed by the real Gemini analyser against the realistic stand-in (it paraphrases, tidies and
 * flips quotes, quotes the interviewer once, sends one over-long quote and thought parts), stored on the Firestore
 * emulator: what a researcher then reads holds only the participant's own words, and every refusal is counted.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGeminiAnalyser } from '../../src/analysis/gemini';
import { analyseDocument } from '../../src/analysis-runs/analyse-document';
import { ingestDocument } from '../../src/ingestion/ingest-document';
import { reserveInterview } from '../../src/interviews/interview-service';
import { createProject } from '../../src/projects/project-service';
import { clearFirestore } from '../../../test/support/emulators';
import { startGeminiStandIn, type GeminiStandIn } from '../../../test/support/gemini-stand-in.mjs';
import { adminDb } from '../support/admin';
import { fixture } from '../support/fixtures';

const db = () => adminDb();
// A podcast interview: one guest answering at length, so the model proposes every kind of quote.
const FILE = '10_changelog_founders-talk-91.md';
let standIn: GeminiStandIn;

beforeAll(async () => {
  standIn = await startGeminiStandIn({ behaviour: 'realistic' });
});
afterAll(() => standIn.close());
beforeEach(async () => {
  await clearFirestore();
  standIn.reset();
});

async function analysedInterview(uid: string) {
  const now = new Date();
  await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining: 10, subscriptionActive: false, createdAt: now, updatedAt: now });
  const project = await createProject(db(), uid, 'Realistic', { settings: { analyser: 'gemini' }, geminiConfigured: true });
  const bytes = fixture(FILE);
  const { document } = await reserveInterview(db(), uid, project.id, { fileName: FILE, size: bytes.length });
  expect((await ingestDocument(db(), { uid, projectId: project.id, documentId: document.id, bytes, fileName: FILE })).status).toBe('parsed');
  const analyser = createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url, sleep: async () => {} });
  const outcome = await analyseDocument({ db: db(), chooseAnalyser: () => ({ analyser, notes: [] }) }, project.id, document.id);
  const docRef = db().doc(`projects/${project.id}/documents/${document.id}`);
  const parts = (await docRef.collection('transcript').where('kind', '==', 'text').get()).docs;
  const text = parts.sort((a, b) => a.get('index') - b.get('index')).map((p) => p.get('text')).join('');
  const insights = (await db().collection(`projects/${project.id}/insights`).get()).docs.map((d) => d.data());
  return { outcome, doc: (await docRef.get()).data(), text, insights };
}

describe('Gemini as a real model answers', () => {
  it('stores only transcript spans of participants, each labelled how it matched, and counts every quote it refused', async () => {
    const { outcome, doc, text, insights } = await analysedInterview('g1');
    expect(outcome.status).toBe('ready');
    // One call sees the whole interview.
    expect(standIn.requests).toHaveLength(1);
    const proposed = standIn.requests[0]!.proposed!;
    expect(proposed).toEqual(expect.arrayContaining(['exact', 'paraphrased', 'flipped', 'interviewer', 'over-long']));
    const count = (kind: string) => proposed.filter((k) => k === kind).length;

    const quotes = insights.flatMap((insight) => insight.quotes);
    expect(quotes.length).toBeGreaterThan(0);
    for (const quote of quotes) {
      expect(text.slice(quote.start, quote.end)).toBe(quote.text);
      expect(quote.speaker).toBe('Jack Dorsey');
      expect(['exact', 'normalised', 'fuzzy']).toContain(quote.match);
      expect(quote.text).not.toMatch(/^Basically,/);
    }
    const stats = doc?.analysis.quoteStats;
    // The over-long quote never reaches anchoring; the interviewer's is refused; flips and paraphrases are not stored.
    expect(stats.proposed).toBe(proposed.length - count('over-long'));
    expect(stats.droppedInterviewer).toBe(count('interviewer'));
    expect(stats.droppedChangedMeaning + stats.droppedUnanchored).toBeGreaterThanOrEqual(count('flipped') + count('paraphrased'));
    expect(stats.anchored).toBe(quotes.length);
    expect(stats.fuzzy).toBe(quotes.filter((q) => q.match === 'fuzzy').length);
    expect(doc?.analysis.notes).toContain('Gemini proposed 1 quote longer than 1,500 characters; it was left out and the rest of its answer kept.');
    // Thinking is paid as output: the tokens counted are the ones the answer reported, thought included.
    expect(doc?.analysis.usage).toMatchObject({ calls: 1 });
    expect(doc?.analysis.usage.outputTokens).toBeGreaterThan(1_200);
  });
});
