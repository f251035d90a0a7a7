import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isSynthesisRequest, replies, startGeminiStandIn, type GeminiStandIn, type StandInReply } from '../../../test/support/gemini-stand-in.mjs';
import { adminDb } from '../support/admin';
import { CLOSE_MATCH_STORED, CLOSE_MATCH_WORDS, closeMatchAnswer } from '../support/close-match-answer';
import { callApi } from '../support/api';
import { fixture } from '../support/fixtures';
import { creditsOf, setCredits, uploadViaApi, userWithProject } from '../support/projects';
import { waitFor } from '../support/wait';

// scripts/test.sh starts the emulators with GEMINI_API_KEY and GEMINI_BASE_URL pointing here.
const STAND_IN_PORT = Number(process.env.GEMINI_STAND_IN_PORT ?? 9311);
let gemini: GeminiStandIn;

beforeAll(async () => {
  // The realistic stand-in: it paraphrases, tidies and flips some quotes, quotes the interviewer once, sends thought
  // parts and one over-long quote, and refuses an unknown model or schema keyword, as the real model does.
  gemini = await startGeminiStandIn({ port: STAND_IN_PORT, apiKey: process.env.GEMINI_API_KEY ?? 'test-api-key', behaviour: 'realistic' });
});
afterAll(async () => {
  await gemini?.close();
});
beforeEach(async () => {
  gemini.reset();
});

async function interviewWhenSettled(projectId: string, documentId: string) {
  const ref = adminDb().doc(`projects/${projectId}/documents/${documentId}`);
  return waitFor(async () => (await ref.get()).data(), (d) => d?.status === 'ready' || d?.status === 'failed');
}

async function textOf(projectId: string, documentId: string) {
  const parts = (await adminDb().collection(`projects/${projectId}/documents/${documentId}/transcript`).where('kind', '==', 'text').get()).docs;
  return parts.sort((a, b) => a.get('index') - b.get('index')).map((p) => p.get('text')).join('');
}

describe('upload → parsed → analysed by the trigger', () => {
  it('a project that chose the built-in analyser sends nothing to Gemini, not even for its synthesis', async () => {
    const { user, projectId } = await userWithProject();
    // Every prompt names its interview: requests are this project's when they carry this name (a request another
    // file's project sends late to the shared stand-in is not).
    const name = `built-in-only-${Date.now().toString(36)}.md`;
    const ours = () => gemini.requests.filter((request) => (request.userText ?? '').includes(name));
    const { reserve } = await uploadViaApi(user.idToken, projectId, name, fixture('10_changelog_founders-talk-91.md'));
    const doc = await interviewWhenSettled(projectId, reserve.body.document.id);
    expect(doc?.status).toBe('ready');
    expect(doc?.analysis.analyser).toBe('local');
    expect(ours()).toHaveLength(0);

    const insights = (await adminDb().collection(`projects/${projectId}/insights`).get()).docs.map((d) => d.data());
    expect(insights.length).toBe(doc?.analysis.insightCount);
    const text = await textOf(projectId, reserve.body.document.id);
    for (const quote of insights.flatMap((i) => i.quotes)) {
      expect(text.slice(quote.start, quote.end)).toBe(quote.text);
      expect(quote.speaker).toBe('Jack Dorsey');
    }
    const synthesis = await waitFor(
      async () => (await adminDb().doc(`projects/${projectId}/synthesis/current`).get()).data(),
      (s) => s !== undefined,
      30_000,
    );
    expect(synthesis?.documentCount).toBe(1);
    expect(synthesis?.writer).toMatchObject({ analyser: 'local', model: null, fallback: null });
    expect(ours()).toHaveLength(0);
  });

  it('a project that chose Gemini is analysed through the Gemini API, redacted, and only anchored quotes are kept', async () => {
    const { user, projectId } = await userWithProject();
    const caps = await callApi<{ analysers: { gemini: boolean } }>('/capabilities', { token: user.idToken });
    expect(caps.body.analysers.gemini).toBe(true);
    const settings = await callApi(`/projects/${projectId}`, { token: user.idToken, method: 'PATCH', json: { settings: { analyser: 'gemini' } } });
    expect(settings.status).toBe(200);

    const { reserve } = await uploadViaApi(user.idToken, projectId, 'science.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
    const doc = await interviewWhenSettled(projectId, reserve.body.document.id);
    expect(doc?.status).toBe('ready');
    expect(doc?.analysis.analyser).toBe('gemini');
    expect(doc?.analysis.usage.calls).toBeGreaterThanOrEqual(1);
    // The analysis's requests: the project's synthesis follows it through Gemini too, and on a busy machine its
    // request can arrive before these lines run.
    const analyses = gemini.requests.filter((request) => !isSynthesisRequest(request));
    expect(analyses.length).toBe(doc?.analysis.usage.calls);
    // Redaction is on by default: the interviewer's self-introduction reaches Gemini without the name.
    expect(analyses[0].userText).not.toContain('Claude');
    expect(analyses[0].userText).toMatch(/\[NAME_\d+\]/);
    // The key travels in its header only.
    expect(gemini.requests.every((r) => r.apiKey === gemini.apiKey && !r.url.includes(gemini.apiKey))).toBe(true);

    const insights = (await adminDb().collection(`projects/${projectId}/insights`).get()).docs.map((d) => d.data());
    expect(insights.length).toBeGreaterThan(0);
    const text = await textOf(projectId, reserve.body.document.id);
    for (const insight of insights) {
      expect(insight.source).toBe('gemini');
      for (const quote of insight.quotes) {
        expect(text.slice(quote.start, quote.end)).toBe(quote.text);
        expect(quote.speaker).toBe('User');
      }
    }
  });

  it('stores how each of Gemini’s quotes matched, with its own words beside a close match, and refuses one that flips the meaning', async () => {
    const { user, projectId } = await userWithProject();
    await callApi(`/projects/${projectId}`, { token: user.idToken, method: 'PATCH', json: { settings: { analyser: 'gemini' } } });
    const name = `close-matches-${Date.now().toString(36)}.txt`;
    gemini.setHandler((request) =>
      (request.userText ?? '').includes('biggest client reports') && !isSynthesisRequest(request) ? replies.json(closeMatchAnswer('Participant')) : replies.model(),
    );
    const transcriptText = ['Interviewer: Would you recommend the reporting add-on to other teams?', `Participant: ${CLOSE_MATCH_WORDS}`].join('\n\n');
    const { reserve } = await uploadViaApi(user.idToken, projectId, name, Buffer.from(transcriptText));
    const doc = await interviewWhenSettled(projectId, reserve.body.document.id);
    gemini.setHandler(undefined);
    expect(doc?.status).toBe('ready');
    expect(doc?.analysis.quoteStats).toMatchObject({ proposed: 4, anchored: 3, fuzzy: 1, droppedChangedMeaning: 1, droppedInsights: 1 });

    const insights = (await adminDb().collection(`projects/${projectId}/insights`).get()).docs.map((d) => d.data());
    expect(insights.map((insight) => insight.title)).toEqual(['Exports are broken and slow']);
    expect(insights[0].quotes.map((q: Record<string, unknown>) => [q.text, q.match, q.proposedText ?? null])).toEqual(CLOSE_MATCH_STORED);
  });

  it('when Gemini stays rate-limited the interview fails with a reason and its credit comes back', async () => {
    const { user, projectId } = await userWithProject();
    await callApi(`/projects/${projectId}`, { token: user.idToken, method: 'PATCH', json: { settings: { analyser: 'gemini' } } });
    gemini.setHandler(() => ({ kind: 'error', status: 429, retryAfter: 0 }));
    const { reserve, upload } = await uploadViaApi(user.idToken, projectId, 'science.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
    expect(upload?.credits).toBe('9');
    const doc = await interviewWhenSettled(projectId, reserve.body.document.id);
    expect(doc).toMatchObject({
      status: 'failed',
      errorCode: 'analysis-rate-limited',
      error: 'The AI service is busy right now. Your credit was returned; please try again in a few minutes.',
      creditSpent: false,
    });
    expect((await adminDb().doc(`users/${user.uid}`).get()).data()?.creditsRemaining).toBe(10);
    gemini.setHandler(undefined);
  });

  it.each<[string, StandInReply, string, string]>([
    [
      'the daily quota is used up',
      replies.quotaExhausted({ perDay: true }),
      'analysis-quota-exhausted',
      'This server’s daily Gemini quota is used up, so Gemini cannot analyse more interviews today. Your credit was returned; analyse it again tomorrow, or now with Verbatim only (the project’s Analysis setting).',
    ],
    [
      'Gemini’s filters block the interview',
      replies.blocked('PROHIBITED_CONTENT'),
      'analysis-blocked',
      'Gemini’s safety filters declined this interview, so it was not analysed; asking again would get the same answer. Your credit was returned; set the project’s analysis to Verbatim only (nothing leaves Verbatim) and analyse it again.',
    ],
  ])('when %s the interview fails saying so, at the first answer, and its credit comes back', async (_what, reply, errorCode, error) => {
    const { user, projectId } = await userWithProject();
    await callApi(`/projects/${projectId}`, { token: user.idToken, method: 'PATCH', json: { settings: { analyser: 'gemini' } } });
    gemini.setHandler((request) => (isSynthesisRequest(request) ? replies.model() : reply));
    const { reserve, upload } = await uploadViaApi(user.idToken, projectId, 'science.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
    expect(upload?.credits).toBe('9');
    const doc = await interviewWhenSettled(projectId, reserve.body.document.id);
    expect(doc).toMatchObject({ status: 'failed', errorCode, error, creditSpent: false });
    expect(gemini.requests.filter((request) => !isSynthesisRequest(request))).toHaveLength(1);
    expect((await adminDb().doc(`users/${user.uid}`).get()).data()?.creditsRemaining).toBe(10);
    gemini.setHandler(undefined);
  });
});

describe('re-analyse all interviews after a switch of analyser', () => {
  it('is all or nothing: short of credits, nothing is spent and nothing moves; with enough, every interview is analysed again', async () => {
    const { user, projectId } = await userWithProject();
    const ids: string[] = [];
    for (const file of ['04_anthropic-interviewer_science_0012.txt', '10_changelog_founders-talk-91.md']) {
      const { reserve } = await uploadViaApi(user.idToken, projectId, file, fixture(file));
      ids.push(reserve.body.document.id);
    }
    const first = await Promise.all(ids.map((id) => interviewWhenSettled(projectId, id)));
    expect(first.map((d) => d?.status)).toEqual(['ready', 'ready']);

    await setCredits(user.uid, 1);
    const short = await callApi(`/projects/${projectId}/reanalyse-all`, { token: user.idToken, method: 'POST' });
    expect(short.status).toBe(402);
    expect(short.body).toEqual({
      error: {
        code: 'payment-required',
        message:
          'Re-analysing 2 interviews uses 2 credits and you have 1. Nothing was spent; subscribe for unlimited re-analyses, or re-analyse some of them from the Interviews tab.',
      },
    });
    expect(await creditsOf(user.uid)).toBe(1);
    for (const id of ids) expect((await adminDb().doc(`projects/${projectId}/documents/${id}`).get()).get('status')).toBe('ready');

    await setCredits(user.uid, 5);
    const sent = await callApi<{ reanalysing: number }>(`/projects/${projectId}/reanalyse-all`, { token: user.idToken, method: 'POST' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ reanalysing: 2 });
    expect(sent.credits).toBe('3');
    expect(await creditsOf(user.uid)).toBe(3);
    const again = await Promise.all(
      ids.map((id, i) =>
        waitFor(
          async () => (await adminDb().doc(`projects/${projectId}/documents/${id}`).get()).data(),
          (d) => d?.status === 'ready' && d.analysis.completedAt.toMillis() > first[i]?.analysis.completedAt.toMillis(),
        ),
      ),
    );
    expect(again.map((d) => d?.analysis.analyser)).toEqual(['local', 'local']);
  });
});

describe('insight edits through the API', () => {
  it('creates a manual insight from a passage, refuses the interviewer, merges and unmerges', async () => {
    const { user, projectId } = await userWithProject();
    const { reserve } = await uploadViaApi(user.idToken, projectId, 'science.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
    const documentId = reserve.body.document.id;
    await interviewWhenSettled(projectId, documentId);
    const text = await textOf(projectId, documentId);
    const at = (phrase: string) => ({ documentId, start: text.indexOf(phrase), end: text.indexOf(phrase) + phrase.length });

    const created = await callApi<{ insight: { id: string; quotes: { speaker: string }[] } }>(`/projects/${projectId}/insights`, {
      token: user.idToken,
      json: { title: 'Radioactive contamination', passage: at('radioactive contamination') },
    });
    expect(created.status).toBe(201);
    expect(created.body.insight.quotes.map((q) => q.speaker)).toEqual(['User']);

    const refused = await callApi(`/projects/${projectId}/insights`, {
      token: user.idToken,
      json: { title: 'Interviewer', passage: at("Let's dive right in.") },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: { code: 'invalid', message: "That passage is the interviewer's; only participants' words can be quoted." } });

    const other = (await adminDb().collection(`projects/${projectId}/insights`).where('source', '==', 'local').limit(1).get()).docs[0];
    const merged = await callApi<{ insight: { quotes: unknown[] } }>(`/projects/${projectId}/insights/merge`, {
      token: user.idToken,
      json: { insightIds: [created.body.insight.id, other.id] },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.insight.quotes.length).toBe(1 + other.get('quotes').length);
    const undone = await callApi<{ insight: { quotes: unknown[] } }>(`/projects/${projectId}/insights/${created.body.insight.id}/unmerge`, {
      token: user.idToken,
      method: 'POST',
    });
    expect(undone.body.insight.quotes).toHaveLength(1);
  });
});
