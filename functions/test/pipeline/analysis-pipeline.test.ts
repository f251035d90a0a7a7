import { beforeEach, describe, expect, it } from 'vitest';
import { AnalysisError, type Analyser, type DocumentAnalysis } from '@verbatim/contract/insight';
import { analyseDocument } from '../../src/analysis-runs/analyse-document';
import { requestSynthesis } from '../../src/publishing/project-synthesis';
import { ingestDocument } from '../../src/ingestion/ingest-document';
import { reserveDocument } from '../../src/projects/document-service';
import { createProject } from '../../src/projects/project-service';
import { createLocalAnalyser } from '../../src/analysis/local';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { fixture } from '../support/fixtures';

const db = () => adminDb();

async function seedUser(uid: string, creditsRemaining = 10) {
  const now = new Date();
  await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining, subscriptionActive: false, createdAt: now, updatedAt: now });
}

/** A parsed interview, ready for the engine (without the trigger: the pipeline is called directly). */
async function parsedInterview(uid: string, projectId: string, file: string) {
  const bytes = fixture(file);
  const { document } = await reserveDocument(db(), uid, projectId, { fileName: file, size: bytes.length });
  const outcome = await ingestDocument(db(), { uid, projectId, documentId: document.id, bytes, fileName: file });
  expect(outcome.status).toBe('parsed');
  return document.id;
}

const fixedAnalyser = (analysis: DocumentAnalysis | Error): Analyser => ({
  name: 'gemini',
  async analyse() {
    if (analysis instanceof Error) throw analysis;
    return analysis;
  },
});

beforeEach(async () => {
  await clearFirestore();
});

describe('insight engine on a parsed interview', () => {
  it('writes anchored insights and marks the interview ready', async () => {
    await seedUser('r1');
    const project = await createProject(db(), 'r1', 'Engine');
    const documentId = await parsedInterview('r1', project.id, '10_changelog_founders-talk-91.md');
    const outcome = await analyseDocument({ db: db(), chooseAnalyser: () => ({ analyser: createLocalAnalyser(), notes: [] }) }, project.id, documentId);
    expect(outcome.status).toBe('ready');

    const doc = (await db().doc(`projects/${project.id}/documents/${documentId}`).get()).data();
    expect(doc?.status).toBe('ready');
    expect(doc?.analysis.analyser).toBe('local');
    const insights = (await db().collection(`projects/${project.id}/insights`).get()).docs.map((d) => d.data());
    expect(insights.length).toBe(doc?.analysis.insightCount);
    expect(insights.length).toBeGreaterThan(0);
    const parts = (await db().collection(`projects/${project.id}/documents/${documentId}/transcript`).get()).docs;
    const text = parts.filter((p) => p.get('kind') === 'text').sort((a, b) => a.get('index') - b.get('index')).map((p) => p.get('text')).join('');
    for (const insight of insights) {
      expect(insight.documentId).toBe(documentId);
      for (const quote of insight.quotes) {
        expect(text.slice(quote.start, quote.end)).toBe(quote.text);
        expect(quote.speaker).toBe('Jack Dorsey');
      }
    }
  });

  it('drops invented, paraphrased and interviewer quotes and counts them', async () => {
    await seedUser('r2');
    const project = await createProject(db(), 'r2', 'Anchoring');
    const documentId = await parsedInterview('r2', project.id, '04_anthropic-interviewer_science_0012.txt');
    const analysis: DocumentAnalysis = {
      insights: [
        {
          title: 'Invented only',
          description: 'Should vanish',
          tag: 'invented',
          quotes: [{ text: 'I absolutely adore spreadsheets more than my own family.', speaker: 'User' }],
        },
        {
          title: 'Interviewer only',
          description: 'Should vanish too',
          tag: 'interviewer',
          quotes: [{ text: "Let's dive right in.", speaker: 'User' }],
        },
      ],
      groupedTags: [{ groupLabel: 'Noise', tags: [{ originalTag: 'invented', refinedTag: 'invented' }] }],
      notes: [],
    };
    const outcome = await analyseDocument({ db: db(), chooseAnalyser: () => ({ analyser: fixedAnalyser(analysis), notes: [] }) }, project.id, documentId);
    expect(outcome.status).toBe('ready');
    const doc = (await db().doc(`projects/${project.id}/documents/${documentId}`).get()).data();
    expect(doc?.analysis.quoteStats.proposed).toBe(2);
    expect(doc?.analysis.quoteStats.anchored).toBe(0);
    expect(doc?.analysis.quoteStats.droppedUnanchored).toBe(1);
    expect(doc?.analysis.quoteStats.droppedInterviewer).toBe(1);
    expect(doc?.analysis.quoteStats.droppedInsights).toBe(2);
    expect((await db().collection(`projects/${project.id}/insights`).get()).size).toBe(0);
  });

  it('a failure that is not the file\'s fault marks it failed and refunds the credit', async () => {
    await seedUser('r3');
    const project = await createProject(db(), 'r3', 'Refund');
    const documentId = await parsedInterview('r3', project.id, '14_qualcoder_transcript_focus-group.txt');
    expect((await db().doc('users/r3').get()).data()?.creditsRemaining).toBe(9);
    const outcome = await analyseDocument(
      { db: db(), chooseAnalyser: () => ({ analyser: fixedAnalyser(new AnalysisError('rate-limited', 'busy')), notes: [] }) },
      project.id,
      documentId,
    );
    expect(outcome).toMatchObject({ status: 'failed', code: 'rate-limited', refunded: true });
    const doc = (await db().doc(`projects/${project.id}/documents/${documentId}`).get()).data();
    expect(doc).toMatchObject({
      status: 'failed',
      error: 'The AI service is busy right now. Your credit was returned; please try again in a few minutes.',
      creditSpent: false,
    });
    expect((await db().doc('users/r3').get()).data()?.creditsRemaining).toBe(10);
  });
});

describe('project synthesis', () => {
  it('ten requests at once: one recompute, by the newest request', async () => {
    await seedUser('s1');
    const project = await createProject(db(), 's1', 'Synthesis');
    const documentId = await parsedInterview('s1', project.id, '04_anthropic-interviewer_science_0012.txt');
    await analyseDocument({ db: db(), chooseAnalyser: () => ({ analyser: createLocalAnalyser(), notes: [] }) }, project.id, documentId);

    const outcomes = await Promise.all(Array.from({ length: 10 }, () => requestSynthesis({ db: db(), debounceMs: 1000 }, project.id)));
    const written = outcomes.filter((o) => o.status === 'written').map((o) => o.generation);
    expect(written).toEqual([10]);
    const synthesis = (await db().doc(`projects/${project.id}/synthesis/current`).get()).data();
    expect(synthesis?.generation).toBe(10);
    expect(synthesis?.documentCount).toBe(1);
    expect(typeof synthesis?.summarySentence).toBe('string');
    expect(synthesis?.summarySentence.length).toBeGreaterThan(20);
  });
});
