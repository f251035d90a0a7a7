/**
 * The real Gemini analyser against the realistic stand-in (it paraphrases, tidies and flips quotes, quotes the
 * interviewer once, sends one over-long quote and thought parts), stored on the Firestore emulator: what a researcher
 * then reads holds only the participant's own words, every refusal is counted, and what Gemini costs is counted per
 * project and per account, failed analyses included, the account's monthly ceiling holding over all its projects.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGeminiAnalyser } from '../../src/analysis/gemini';
import { analyseInterview } from '../../src/analysis-runs/analyse-interview';
import { usageMonth } from '../../src/analysis-runs/gemini-usage';
import { ALLOWANCE_MESSAGES } from '@verbatim/contract/allowance-messages';
import { requestSynthesis } from '../../src/analysis-runs/project-synthesis';
import { ingestInterview } from '../../src/ingestion/ingest-interview';
import { reserveInterview } from '../../src/interviews/interview-service';
import { createProject } from '../../src/projects/project-service';
import { clearFirestore } from '../../../test/support/emulators';
import { replies, startGeminiStandIn, type GeminiStandIn } from '../../../test/support/gemini-stand-in.mjs';
import { adminDb } from '../support/admin';
import { fixture } from '../support/fixtures';

const db = () => adminDb();
const FILE = '04_anthropic-interviewer_science_0012.txt';
let standIn: GeminiStandIn;

beforeAll(async () => {
  standIn = await startGeminiStandIn({ behaviour: 'realistic' });
});
afterAll(() => standIn.close());
beforeEach(async () => {
  await clearFirestore();
  standIn.reset();
  standIn.setHandler(undefined as never);
});

async function seedUser(uid: string) {
  const now = new Date();
  await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining: 10, subscriptionActive: false, createdAt: now, updatedAt: now });
}

async function parsedInterview(uid: string, name: string, file = FILE) {
  const project = await createProject(db(), uid, name, { settings: { analyser: 'gemini' }, geminiConfigured: true });
  const bytes = fixture(file);
  const { document } = await reserveInterview(db(), uid, project.id, { fileName: file, size: bytes.length });
  expect((await ingestInterview(db(), { uid, projectId: project.id, documentId: document.id, bytes, fileName: file })).status).toBe('parsed');
  return { projectId: project.id, documentId: document.id };
}

function analyse(projectId: string, documentId: string, ceilings: { tokenCeiling?: number; accountTokenCeiling?: number } = {}) {
  const analyser = createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url, model: 'gemini-3.8-flash', maxConcurrency: 1, chunkWords: 100_000, sleep: async () => {} });
  return analyseInterview({ db: db(), chooseAnalyser: () => ({ analyser, notes: [] }), ...ceilings }, projectId, documentId);
}

const usageOf = async (path: string) => (await db().doc(`${path}/geminiUsage/${usageMonth(new Date())}`).get()).data();

describe('Gemini spending', () => {
  it('a failed analysis still counts: every call, and the tokens of every answer it got, for the project and its account', async () => {
    await seedUser('s1');
    const { projectId, documentId } = await parsedInterview('s1', 'Cut short');
    // The answer stops at its output limit: half a JSON object, with the tokens it spent reported.
    standIn.setHandler(async () => replies.text('{"insights": [{"title": "Half', { finishReason: 'MAX_TOKENS', usage: { promptTokenCount: 20_000, candidatesTokenCount: 8_192, totalTokenCount: 28_192 } }));
    const outcome = await analyse(projectId, documentId);
    expect(outcome).toMatchObject({ status: 'failed', refunded: true });
    const calls = standIn.requests.length;
    expect(calls).toBeGreaterThan(0);
    for (const usage of [await usageOf(`projects/${projectId}`), await usageOf('users/s1')]) {
      expect(usage).toMatchObject({ calls, tokens: 28_192 * calls, analysisTokens: 28_192 * calls, analysisCalls: calls });
    }
  });

  it('a call that got no answer counts as a call', async () => {
    await seedUser('s2');
    const { projectId, documentId } = await parsedInterview('s2', 'Refused');
    standIn.setHandler(async () => replies.error(400, { message: 'Invalid JSON payload received. Unknown name "responseJsonSchema".' }));
    expect(await analyse(projectId, documentId)).toMatchObject({ status: 'failed' });
    expect(await usageOf('users/s2')).toMatchObject({ calls: standIn.requests.length, tokens: 0 });
  });

  it('the account’s monthly ceiling holds over all its projects: past it no call is made, and the interview says why and what still works', async () => {
    await seedUser('s3');
    const first = await parsedInterview('s3', 'First');
    const second = await parsedInterview('s3', 'Second');
    const ceilings = { tokenCeiling: 5_000_000, accountTokenCeiling: 50_000 };
    standIn.setHandler(async () => replies.model({ usage: { promptTokenCount: 40_000, candidatesTokenCount: 20_000, totalTokenCount: 60_000 } }));
    expect(await analyse(first.projectId, first.documentId, ceilings)).toMatchObject({ status: 'ready' });
    const calls = standIn.requests.length;

    // The second project is far under its own ceiling, but the account is over its own.
    const outcome = await analyse(second.projectId, second.documentId, ceilings);
    expect(standIn.requests.length).toBe(calls);
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    expect(outcome).toMatchObject({ status: 'failed', code: 'account-token-ceiling', refunded: true, message: ALLOWANCE_MESSAGES.analysis('account', 50_000, now) });
    expect(ALLOWANCE_MESSAGES.analysis('account', 50_000, now)).toMatch(
      new RegExp(`^Your account has used its Gemini allowance for \\w+ \\(50,000 tokens over all your projects\\), so Gemini was not asked\\. Your credit was returned\\. The allowance renews on 1 ${next}; until then Verbatim only analysis still works`),
    );
    expect((await db().doc(`projects/${second.projectId}/documents/${second.documentId}`).get()).data()).toMatchObject({
      status: 'failed',
      errorCode: 'analysis-account-token-ceiling',
      error: ALLOWANCE_MESSAGES.analysis('account', 50_000, now),
    });
    expect((await db().doc('users/s3').get()).get('creditsRemaining')).toBe(9);

    // The first project's synthesis is the built-in one, saying why; Gemini is not asked.
    const gemini = { apiKey: standIn.apiKey, model: 'gemini-3.8-flash', baseUrl: standIn.url };
    expect(await requestSynthesis({ db: db(), gemini, debounceMs: 0, ...ceilings }, first.projectId)).toMatchObject({ status: 'written' });
    expect(standIn.requests.length).toBe(calls);
    const synthesis = (await db().doc(`projects/${first.projectId}/synthesis/current`).get()).data();
    expect(synthesis?.writer).toMatchObject({
      analyser: 'local',
      fallback: expect.stringMatching(/^your account has used its Gemini allowance for \w+ \(50,000 tokens over all your projects\), so Gemini was not asked; it renews on 1 \w+$/),
    });
  });

  it('a synthesis is counted for its project and its account', async () => {
    await seedUser('s4');
    const { projectId, documentId } = await parsedInterview('s4', 'Synthesised');
    expect(await analyse(projectId, documentId)).toMatchObject({ status: 'ready' });
    const analysis = await usageOf('users/s4');
    const gemini = { apiKey: standIn.apiKey, model: 'gemini-3.8-flash', baseUrl: standIn.url };
    expect(await requestSynthesis({ db: db(), gemini, debounceMs: 0 }, projectId)).toMatchObject({ status: 'written' });
    for (const usage of [await usageOf(`projects/${projectId}`), await usageOf('users/s4')]) {
      expect(usage).toMatchObject({ synthesisCalls: 1, calls: (analysis?.calls ?? 0) + 1 });
      expect(usage?.synthesisTokens).toBeGreaterThan(0);
    }
  });
});

describe('a synthesis asks Gemini only when what it reads changed', () => {
  it('asked again with nothing changed, or after the project is renamed, keeps its synthesis and makes no call; an insight edited is read anew', async () => {
    await seedUser('s5');
    const { projectId, documentId } = await parsedInterview('s5', 'Unchanged');
    expect(await analyse(projectId, documentId)).toMatchObject({ status: 'ready' });
    const gemini = { apiKey: standIn.apiKey, model: 'gemini-3.8-flash', baseUrl: standIn.url };
    const synthesise = () => requestSynthesis({ db: db(), gemini, debounceMs: 0 }, projectId);
    const callsAfterAnalysis = standIn.requests.length;
    expect(await synthesise()).toMatchObject({ status: 'written', generation: 1 });
    expect(standIn.requests.length).toBe(callsAfterAnalysis + 1);
    const first = (await db().doc(`projects/${projectId}/synthesis/current`).get()).data();
    expect(first?.writer).toMatchObject({ analyser: 'gemini', fallback: null });

    // Asked again, nothing changed; then the project renamed (its name is not in what Gemini reads).
    expect(await synthesise()).toMatchObject({ status: 'written', generation: 2 });
    await db().doc(`projects/${projectId}`).update({ name: 'Renamed project' });
    expect(await synthesise()).toMatchObject({ status: 'written', generation: 3 });
    expect(standIn.requests.length).toBe(callsAfterAnalysis + 1);
    const kept = (await db().doc(`projects/${projectId}/synthesis/current`).get()).data();
    expect(kept).toMatchObject({ summarySentence: first?.summarySentence, consolidatedInsights: first?.consolidatedInsights, writer: first?.writer, inputHash: first?.inputHash });
    expect((await usageOf(`projects/${projectId}`))?.synthesisCalls).toBe(1);

    // An insight's title edited: Gemini reads it anew.
    const insight = (await db().collection(`projects/${projectId}/insights`).limit(1).get()).docs[0]!;
    await insight.ref.update({ title: `${insight.get('title')} (edited)` });
    expect(await synthesise()).toMatchObject({ status: 'written', generation: 4 });
    expect(standIn.requests.length).toBe(callsAfterAnalysis + 2);
  });
});

describe('a synthesis replaced while Gemini writes it', () => {
  it('abandons its call at once for the newer request, which is written; nothing of the older one is', async () => {
    await seedUser('s6');
    const { projectId, documentId } = await parsedInterview('s6', 'Replaced');
    expect(await analyse(projectId, documentId)).toMatchObject({ status: 'ready' });
    const gemini = { apiKey: standIn.apiKey, model: 'gemini-3.8-flash', baseUrl: standIn.url };
    let asked = 0;
    let firstAsked!: () => void;
    const askedOnce = new Promise<void>((resolve) => (firstAsked = resolve));
    standIn.setHandler(async () => {
      asked += 1;
      if (asked > 1) return replies.model();
      firstAsked();
      return replies.hang();
    });
    const started = Date.now();
    // The older one may wait 30 s for its answer.
    const older = requestSynthesis({ db: db(), gemini, debounceMs: 0, synthesisTimeoutMs: 30_000, supersededPollMs: 50 }, projectId);
    await askedOnce;
    const newer = requestSynthesis({ db: db(), gemini, debounceMs: 0, supersededPollMs: 50 }, projectId);
    expect(await older).toMatchObject({ status: 'superseded' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await newer).toMatchObject({ status: 'written', generation: 2 });
    expect((await db().doc(`projects/${projectId}/synthesis/current`).get()).data()).toMatchObject({ generation: 2, writer: { analyser: 'gemini', fallback: null } });
    // The abandoned call counts as the call it was.
    expect((await usageOf(`projects/${projectId}`))?.synthesisCalls).toBe(2);
  }, 60_000);
});

describe('Gemini as a real model answers', () => {
  it('stores only transcript spans of participants, each labelled how it matched, and counts every quote it refused', async () => {
    await seedUser('g1');
    // A podcast interview: one guest answering at length, so the model proposes every kind of quote.
    const { projectId, documentId } = await parsedInterview('g1', 'Realistic', '10_changelog_founders-talk-91.md');
    const outcome = await analyse(projectId, documentId);
    const docRef = db().doc(`projects/${projectId}/documents/${documentId}`);
    const doc = (await docRef.get()).data();
    const parts = (await docRef.collection('transcript').where('kind', '==', 'text').get()).docs;
    const text = parts.sort((a, b) => a.get('index') - b.get('index')).map((p) => p.get('text')).join('');
    const insights = (await db().collection(`projects/${projectId}/insights`).get()).docs.map((d) => d.data());
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
