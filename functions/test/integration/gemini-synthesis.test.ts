/**
 * The project synthesis of a Gemini project, through the Functions emulator's triggers and the Gemini stand-in
 * speaking Gemini's wire format: a well-formed answer, one that invents ids, malformed JSON and a timeout (the
 * emulator runs with GEMINI_SYNTHESIS_TIMEOUT_SECONDS=3), and the monthly token ceiling.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  isSynthesisRequest,
  replies,
  startGeminiStandIn,
  type GeminiStandIn,
} from '../../../test/support/gemini-stand-in.mjs';
import { adminDb } from '../support/admin';
import { fixture } from '../support/fixtures';
import { creditsOf, uploadViaApi, userWithProject } from '../support/projects';
import { waitFor } from '../support/wait';

const STAND_IN_PORT = Number(process.env.GEMINI_STAND_IN_PORT ?? 9311);
const SYNTHESIS_TIMEOUT_SECONDS = Number(process.env.GEMINI_SYNTHESIS_TIMEOUT_SECONDS ?? 3);
let gemini: GeminiStandIn;

beforeAll(async () => {
  gemini = await startGeminiStandIn({ port: STAND_IN_PORT, apiKey: process.env.GEMINI_API_KEY ?? 'test-api-key', behaviour: 'realistic' });
});
afterAll(async () => {
  await gemini?.close();
});
beforeEach(async () => {
  gemini.reset();
  gemini.setHandler(undefined);
});

/** A new project with the server's default analyser (Gemini here), its interviews uploaded and analysed. */
async function geminiProject(files: string[]) {
  const { user, projectId } = await userWithProject('Gemini study', 'default');
  const ids: string[] = [];
  for (const file of files) {
    const { reserve } = await uploadViaApi(user.idToken, projectId, file, fixture(file));
    ids.push(reserve.body.document.id);
  }
  const docs = await Promise.all(
    ids.map((id) =>
      waitFor(
        async () => (await adminDb().doc(`projects/${projectId}/documents/${id}`).get()).data(),
        (d) => d?.status === 'ready' || d?.status === 'failed',
      ),
    ),
  );
  return { user, projectId, docs };
}

async function synthesisOf(projectId: string, analysedInterviews: number) {
  return waitFor(
    async () => (await adminDb().doc(`projects/${projectId}/synthesis/current`).get()).data(),
    (s) => s !== undefined && s.documentCount === analysedInterviews,
    45_000,
  );
}

async function storedQuotes(projectId: string) {
  type StoredQuote = { documentId: string; start: number; end: number; text: string };
  const insights = (await adminDb().collection(`projects/${projectId}/insights`).get()).docs.map((d) => ({ id: d.id, quotes: d.get('quotes') as StoredQuote[] }));
  return {
    ids: new Set(insights.map((i) => i.id)),
    quotes: new Set(insights.flatMap((i) => i.quotes.map((q) => JSON.stringify([q.documentId, q.start, q.end, q.text])))),
  };
}

const synthesisRequests = () => gemini.requests.filter(isSynthesisRequest);

describe('the synthesis of a Gemini project', () => {
  it('is written by Gemini from the anchored insights: every quote a stored one, one call, its tokens recorded', async () => {
    const { projectId, docs } = await geminiProject(['04_anthropic-interviewer_science_0012.txt', '10_changelog_founders-talk-91.md']);
    expect(docs.map((d) => d?.status)).toEqual(['ready', 'ready']);
    expect(docs.map((d) => d?.analysis.analyser)).toEqual(['gemini', 'gemini']);
    expect(docs[0]?.analysis.model).toBe('gemini-3.8-flash');

    const synthesis = await synthesisOf(projectId, 2);
    expect(synthesis?.writer).toMatchObject({ analyser: 'gemini', model: 'gemini-3.8-flash', fallback: null, droppedIds: 0 });
    expect(synthesis?.writer.usage.calls).toBe(1);
    expect(synthesis?.summarySentence).toMatch(/\(stand-in synthesis\)\.$/);
    expect(synthesis?.consolidatedInsights.length).toBeGreaterThan(0);
    const stored = await storedQuotes(projectId);
    for (const c of synthesis?.consolidatedInsights ?? []) {
      expect(c.title).toMatch(/^Shared: /);
      for (const id of c.sourceInsightIds) expect(stored.ids.has(id)).toBe(true);
      for (const q of c.quotes) expect(stored.quotes.has(JSON.stringify([q.documentId, q.start, q.end, q.text]))).toBe(true);
    }
    // Redaction is on by default: the synthesis prompt names no participant either.
    const requests = synthesisRequests();
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests.at(-1)?.userText).not.toContain('Jack Dorsey');

    const month = new Date().toISOString().slice(0, 7);
    const usage = (await adminDb().doc(`projects/${projectId}/geminiUsage/${month}`).get()).data();
    expect(usage?.synthesisTokens).toBeGreaterThan(0);
    expect(usage?.analysisTokens).toBe(docs.reduce((n, d) => n + d?.analysis.usage.totalTokens, 0));
  });

  it('drops and counts the ids Gemini invents; nothing unknown reaches the synthesis', async () => {
    gemini.setHandler((request) => (isSynthesisRequest(request) ? replies.model({ inventIds: 2 }) : replies.model()));
    const { projectId } = await geminiProject(['04_anthropic-interviewer_science_0012.txt']);
    const synthesis = await synthesisOf(projectId, 1);
    expect(synthesis?.writer).toMatchObject({ analyser: 'gemini', droppedIds: 2 });
    const stored = await storedQuotes(projectId);
    for (const c of synthesis?.consolidatedInsights ?? []) for (const id of c.sourceInsightIds) expect(stored.ids.has(id)).toBe(true);
  });

  it('falls back to the built-in synthesis when the answer is malformed JSON, and says so', async () => {
    gemini.setHandler((request) => (isSynthesisRequest(request) ? replies.text('{"summarySentence": "Across') : replies.model()));
    const { projectId } = await geminiProject(['04_anthropic-interviewer_science_0012.txt']);
    const synthesis = await synthesisOf(projectId, 1);
    expect(synthesis?.writer).toMatchObject({
      analyser: 'local',
      model: 'gemini-3.8-flash',
      fallback: 'Gemini’s answer could not be used (the answer is not valid JSON)',
    });
    expect(synthesis?.summarySentence).toMatch(/^In 1 interview, the strongest findings: /);
    expect(synthesis?.consolidatedInsights.length).toBeGreaterThan(0);
  });

  it('falls back to the built-in synthesis when Gemini does not answer in time', async () => {
    gemini.setHandler((request) => (isSynthesisRequest(request) ? replies.hang() : replies.model()));
    const { projectId } = await geminiProject(['04_anthropic-interviewer_science_0012.txt']);
    const synthesis = await synthesisOf(projectId, 1);
    expect(synthesis?.writer).toMatchObject({ analyser: 'local', fallback: `Gemini did not answer within ${SYNTHESIS_TIMEOUT_SECONDS} seconds` });
    expect(synthesis?.summarySentence).toMatch(/^In 1 interview, the strongest findings: /);
  });

  it('at the monthly token ceiling, Gemini is not called: the interview fails with a clear message and its credit comes back', async () => {
    const { user, projectId } = await userWithProject('Spent', 'default');
    const month = new Date().toISOString().slice(0, 7);
    await adminDb().doc(`projects/${projectId}/geminiUsage/${month}`).set({ tokens: 10_000_000_000, calls: 1 });
    const { reserve, upload } = await uploadViaApi(user.idToken, projectId, 'at-the-ceiling.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
    expect(upload?.credits).toBe('9');
    const doc = await waitFor(
      async () => (await adminDb().doc(`projects/${projectId}/documents/${reserve.body.document.id}`).get()).data(),
      (d) => d?.status === 'failed' || d?.status === 'ready',
    );
    expect(doc).toMatchObject({
      status: 'failed',
      errorCode: 'analysis-token-ceiling',
      // The month and the ceiling the project was held to, when it renews, and what works meanwhile.
      error: expect.stringMatching(
        /^This project has used its Gemini allowance for \w+ \([\d,]+ tokens\), so Gemini was not asked\. Your credit was returned\. The allowance renews on 1 \w+; until then Verbatim only analysis still works/,
      ),
    });
    expect(await creditsOf(user.uid)).toBe(10);
    // Only this interview's requests count: a call an earlier test left hanging may still reach the stand-in.
    expect(gemini.requests.filter((request) => request.userText?.includes('Document: "at-the-ceiling.txt"'))).toHaveLength(0);
  });
});
