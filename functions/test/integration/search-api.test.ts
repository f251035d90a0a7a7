import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGeminiStandIn, type GeminiStandIn } from '../../../test/support/gemini-stand-in.mjs';
import { createPasswordUser, type TestUser } from '../../../test/support/emulators';
import type { AskResponse, SearchResponse } from '@verbatim/contract/search';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { fixture, smallInterview } from '../support/fixtures';
import { uploadViaApi, userWithProject } from '../support/projects';
import { waitFor } from '../support/wait';

// Search and Ask across a researcher's own projects, through the deployed `api` function on the emulators.
// scripts/test.sh starts the emulators with GEMINI_API_KEY and GEMINI_BASE_URL pointing at the stand-in here.
const STAND_IN_PORT = Number(process.env.GEMINI_STAND_IN_PORT ?? 9311);
/** The promise: a change is searchable (or gone) within 5 s. */
const FRESH_MS = 5_000;

let gemini: GeminiStandIn;
let owner: TestUser;
let projectId: string;
let documentId: string;
let text: string;

async function ready(project: string, doc: string) {
  const ref = adminDb().doc(`projects/${project}/documents/${doc}`);
  return waitFor(async () => (await ref.get()).get('status'), (s) => s === 'ready');
}

async function storedText(project: string, doc: string) {
  const parts = (await adminDb().collection(`projects/${project}/documents/${doc}/transcript`).where('kind', '==', 'text').get()).docs;
  return parts.sort((a, b) => a.get('index') - b.get('index')).map((p) => p.get('text')).join('');
}

const search = (token: string, query: Record<string, string>) =>
  callApi<SearchResponse>(`/search?${new URLSearchParams(query)}`, { token });

/** Polls the search until `done` holds, failing after FRESH_MS. */
async function searchUntil(token: string, query: Record<string, string>, done: (r: SearchResponse) => boolean) {
  return waitFor(async () => (await search(token, query)).body, done, FRESH_MS, 200);
}

beforeAll(async () => {
  gemini = await startGeminiStandIn({ port: STAND_IN_PORT, apiKey: process.env.GEMINI_API_KEY ?? 'test-api-key', behaviour: 'realistic' });
  ({ user: owner, projectId } = await userWithProject('Scientists and AI'));
  const { reserve } = await uploadViaApi(owner.idToken, projectId, 'science.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
  documentId = reserve.body.document.id;
  await ready(projectId, documentId);
  text = await storedText(projectId, documentId);
});
afterAll(async () => {
  await gemini?.close();
});

describe('search', () => {
  it('finds quotes, insights and transcript passages of the owner’s interviews, verbatim, with the words highlighted', async () => {
    const res = await search(owner.idToken, { q: 'aquifer' });
    expect(res.status).toBe(200);
    expect(res.body.hits.length).toBeGreaterThan(0);
    const passage = res.body.hits.find((h) => h.kind === 'passage')!;
    expect(passage).toMatchObject({ projectId, projectName: 'Scientists and AI', documentId, documentName: 'science.txt' });
    expect(text.slice(passage.start!, passage.end!)).toBe(passage.text);
    expect(passage.highlights.map((r) => passage.text.slice(r.start, r.end).toLowerCase())).toContain('aquifer');
    const kinds = (await search(owner.idToken, { q: 'AI tools research' })).body.facets.kinds.map((k) => k.value);
    expect(kinds).toEqual(expect.arrayContaining(['passage', 'quote', 'insight']));
    for (const hit of (await search(owner.idToken, { q: 'AI tools research', kind: 'quote' })).body.hits) {
      expect(hit.kind).toBe('quote');
      expect(text.slice(hit.start!, hit.end!)).toBe(hit.text);
    }
  });

  it('refuses a missing, blank or too long query and an unknown kind with a clear message', async () => {
    expect((await callApi('/search', { token: owner.idToken })).body).toEqual({ error: { code: 'invalid', message: 'Type something to search.' } });
    expect((await search(owner.idToken, { q: '   ' })).status).toBe(400);
    expect((await search(owner.idToken, { q: 'x'.repeat(301) })).status).toBe(400);
    const kind = await search(owner.idToken, { q: 'aquifer', kind: 'email' });
    expect(kind.status).toBe(400);
    expect(JSON.stringify(kind.body)).toMatch(/kind must be one of quote, insight, passage/);
  });

  it('another account never sees a byte of it: no hits, no names, and the owner’s project is a not-found', async () => {
    const stranger = await createPasswordUser();
    for (const q of ['aquifer', 'AI tools research', 'Scientists']) {
      const res = await search(stranger.idToken, { q });
      expect(res.status).toBe(200);
      expect(res.body.hits).toEqual([]);
      expect(JSON.stringify(res.body)).not.toMatch(new RegExp(`${projectId}|${documentId}|Scientists and AI|science\\.txt`));
    }
    expect((await search(stranger.idToken, { q: 'aquifer', projectId })).status).toBe(404);
    const ask = await callApi<AskResponse>('/search/ask', { token: stranger.idToken, json: { question: 'What did people say about the aquifer?' } });
    expect(ask.body).toMatchObject({ mode: 'nothing', passages: [], sentences: [], headline: null });
    expect(JSON.stringify(ask.body)).not.toMatch(new RegExp(`${projectId}|${documentId}|science\\.txt`));
    expect((await callApi('/search/ask', { token: stranger.idToken, json: { question: 'aquifer?', projectId } })).status).toBe(404);
  });

  it('searches are limited per account per minute (429 with Retry-After and when to try again); another account searches on', async () => {
    const searcher = await createPasswordUser();
    await adminDb().doc(`accountUsage/${searcher.uid}`).set({ windows: { searches: { start: Date.now(), count: 120 } }, updatedAt: new Date() });
    const res = await callApi<{ error: { code: string; message: string } }>('/search?q=aquifer', { token: searcher.idToken });
    expect(res.status).toBe(429);
    expect(res.retryAfter).toMatch(/^\d+$/);
    expect(res.body.error).toEqual({ code: 'too-many', message: `You have searched 120 times in the last minute. Try again in ${res.retryAfter} seconds.` });
    expect((await search(owner.idToken, { q: 'aquifer' })).status).toBe(200);
  });

  it('stays current: a renamed interview and project, an edited insight, a deleted interview, within 5 s', async () => {
    await callApi(`/projects/${projectId}/documents/${documentId}`, { token: owner.idToken, method: 'PATCH', json: { name: 'Hydrologist' } });
    await callApi(`/projects/${projectId}`, { token: owner.idToken, method: 'PATCH', json: { name: 'Water research' } });
    await searchUntil(owner.idToken, { q: 'aquifer' }, (r) => r.hits.length > 0 && r.hits.every((h) => h.documentName === 'Hydrologist' && h.projectName === 'Water research'));

    // A researcher's own edit of an insight, written under the rules (stamped editedAt).
    const insight = (await adminDb().collection(`projects/${projectId}/insights`).limit(1).get()).docs[0];
    await insight.ref.update({ title: 'Groundwater zebra modelling', editedAt: new Date() });
    const found = await searchUntil(owner.idToken, { q: 'zebra' }, (r) => r.hits.some((h) => h.kind === 'insight'));
    expect(found.hits.find((h) => h.kind === 'insight')).toMatchObject({ insightId: insight.id, insightTitle: 'Groundwater zebra modelling' });

    // A second interview is searchable once parsed; deleting the first takes it out.
    const { reserve } = await uploadViaApi(owner.idToken, projectId, 'founders.md', fixture('10_changelog_founders-talk-91.md'));
    const second = reserve.body.document.id;
    await ready(projectId, second);
    await searchUntil(owner.idToken, { q: 'podcast founders' }, (r) => r.hits.some((h) => h.documentId === second));
    await callApi(`/projects/${projectId}/documents/${documentId}`, { token: owner.idToken, method: 'DELETE' });
    await searchUntil(owner.idToken, { q: 'aquifer' }, (r) => r.hits.length === 0);
    // Put the first back for the Ask tests.
    const again = await uploadViaApi(owner.idToken, projectId, 'science.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
    documentId = again.reserve.body.document.id;
    await ready(projectId, documentId);
    text = await storedText(projectId, documentId);
  });
});

describe('ask', () => {
  const ask = (question: string, extra: Record<string, unknown> = {}) => callApi<AskResponse>('/search/ask', { token: owner.idToken, json: { question, ...extra } });
  // The researcher lets this project use Gemini, names included (a choice of analyser re-analyses nothing).
  beforeAll(async () => {
    await adminDb().doc(`projects/${projectId}`).update({ settings: { analyser: 'gemini', redactPii: false } });
  });

  it('with Gemini: every sentence cites retrieved passages, each shown as its stored verbatim span; no credit spent', async () => {
    const credits = (await adminDb().doc(`users/${owner.uid}`).get()).get('creditsRemaining');
    gemini.reset();
    const res = await ask('What did people say about the aquifer and groundwater?', { projectId });
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe('gemini');
    expect(res.body.sentences.length).toBeGreaterThan(0);
    const ids = new Set(res.body.passages.map((p) => p.id));
    for (const s of res.body.sentences) for (const id of s.citations) expect(ids.has(id)).toBe(true);
    for (const p of res.body.passages) {
      expect(p.documentId).toBe(documentId);
      expect(text.slice(p.start, p.end)).toBe(p.text);
    }
    // (A synthesis of the project, now a Gemini one, may be asked for meanwhile.)
    expect(gemini.requests.filter((r) => r.userText.includes('<<<PASSAGES')).at(-1)?.userText).toContain('QUESTION: What did people say about the aquifer and groundwater?');
    expect((await adminDb().doc(`users/${owner.uid}`).get()).get('creditsRemaining')).toBe(credits);
    // The call is counted against the account's monthly Gemini allowance.
    const usage = (await adminDb().doc(`users/${owner.uid}/geminiUsage/${new Date().toISOString().slice(0, 7)}`).get()).data();
    expect(usage?.askCalls).toBeGreaterThanOrEqual(1);
    expect(usage?.askTokens).toBeGreaterThan(0);
  });

  it('a model answer citing invented ids keeps only what is cited; unreadable JSON falls back to quotes by theme', async () => {
    // Each answer queued three times: a call the function repeats (a slow answer under load is asked again), or
    // another request reaching the shared stand-in first, still gets it; none is left for the next.
    const madeUp = { kind: 'text', text: JSON.stringify({ sentences: [{ text: 'Made up.', citations: ['P99'] }, { text: 'The aquifer came up.', citations: ['P1'] }] }) } as const;
    gemini.reset();
    gemini.respondWith(madeUp, madeUp, madeUp);
    const invented = await ask('What about the aquifer?');
    expect(invented.body.mode).toBe('gemini');
    // The kept sentence shares a word of meaning with the passage it cites ("aquifer"): one that shares none is dropped.
    expect(invented.body.sentences).toEqual([{ text: 'The aquifer came up.', citations: ['P1'] }]);
    expect(invented.body.dropped).toEqual({ citations: 1, sentences: 1 });

    const unreadable = { kind: 'text', text: '{"sentences": [' } as const;
    gemini.reset();
    gemini.respondWith(unreadable, unreadable, unreadable);
    const fallback = await ask('What about the aquifer?');
    gemini.reset();
    expect(fallback.body.mode).toBe('extractive');
    expect(fallback.body.notice).toMatch(/could not be read/);
    expect(fallback.body.passages.length).toBeGreaterThan(0);
    expect(fallback.body.headline).toMatch(/^1 interview speaks to this: \d+ passages?/);
    for (const p of fallback.body.passages) expect(text.slice(p.start, p.end)).toBe(p.text);

    // What failed is said: a question Gemini's filters declined is not an answer "that could not be read".
    const blocked = { kind: 'blocked', blockReason: 'PROHIBITED_CONTENT' } as const;
    gemini.respondWith(blocked, blocked, blocked);
    const declined = await ask('What about the aquifer?');
    gemini.reset();
    expect(declined.body.mode).toBe('extractive');
    expect(declined.body.notice).toBe('Gemini’s safety filters declined to answer from these passages, so these are the most relevant quotes instead; asking again would get the same answer.');
  });

  it('a sentence quoting words of no passage is dropped, whatever its quotation marks; one quoting a passage is shown', async () => {
    gemini.respondWith({ kind: 'text', text: JSON.stringify({ sentences: [{ text: 'Real.', citations: ['P1'] }] }) });
    const first = await ask('What about the aquifer?');
    const p1 = first.body.passages.find((p) => p.id === 'P1')!;
    // Four words in a row of the passage, as a model quoting it would write them.
    const words = p1.text.split(/\s+/);
    const at = words.findIndex((_, i) => words.slice(i, i + 4).every((w) => /^[A-Za-z]+$/.test(w)));
    const said = words.slice(at, at + 4).join(' ');
    for (const [open, close] of [['"', '"'], ['“', '”'], ['‘', '’'], ["'", "'"], ['«', '»'], ['‹', '›'], ['„', '“'], ['‚', '‘'], ['「', '」'], ['『', '』']]) {
      const invented = `One scientist said ${open}the aquifer data was completely fabricated${close} [P1].`;
      const quoted = `One scientist said ${open}${said}${close} [P1].`;
      // The same answer to a call the function repeats (a slow answer under load is asked again), none left for the next.
      gemini.reset();
      const answer = { kind: 'text', text: JSON.stringify({ sentences: [{ text: invented, citations: ['P1'] }, { text: quoted, citations: ['P1'] }] }) } as const;
      gemini.respondWith(answer, answer, answer);
      const res = await ask('What about the aquifer?');
      expect(res.body.mode, open).toBe('gemini');
      expect(res.body.sentences, open).toEqual([{ text: quoted, citations: ['P1'] }]);
      expect(res.body.dropped, open).toEqual({ citations: 0, sentences: 1 });
    }
    gemini.reset();
  });

  it('nothing relevant says so; a blank question is refused', async () => {
    const res = await ask('What did participants say about quantum chromodynamics?');
    expect(res.body).toMatchObject({ mode: 'nothing', sentences: [], passages: [] });
    expect(res.body.notice).toMatch(/Nothing in your interviews answers this/);
    expect((await ask('  ')).status).toBe(400);
  });

  it('asks are limited per account per hour (429 with Retry-After)', async () => {
    await adminDb().doc(`accountUsage/${owner.uid}`).set({ windows: { asks: { start: Date.now(), count: 60 } }, updatedAt: new Date() }, { merge: true });
    const res = await ask('What about the aquifer?');
    expect(res.status).toBe(429);
    expect(JSON.stringify(res.body)).toMatch(/You have asked 60 questions in the last hour/);
    expect((await search(owner.idToken, { q: 'aquifer' })).status).toBe(200);
  });
});

describe('ask keeps each project’s choice', () => {
  const askAs = (user: TestUser, question: string, extra: Record<string, unknown> = {}) =>
    callApi<AskResponse>('/search/ask', { token: user.idToken, json: { question, ...extra } });
  const askRequests = () => gemini.requests.filter((r) => r.userText.includes('<<<PASSAGES'));

  /** A project of a new researcher with Maria Silva's interview in it, analysed. */
  async function mariasInterview(analyser: 'local' | 'gemini') {
    const { user, projectId: project } = await userWithProject('Course feedback', analyser);
    const bytes = Buffer.from(
      smallInterview()
        .toString('utf8')
        .replaceAll('Participant:', 'Maria Silva:')
        .replace('I am struggling with the lecture slides.', 'I am struggling with the lecture slides, so I emailed maria.silva@example.org to the tutor.'),
    );
    const { reserve } = await uploadViaApi(user.idToken, project, 'Maria Silva interview.txt', bytes);
    await ready(project, reserve.body.document.id);
    return { user, project };
  }

  it('a private project (the built-in analyser) is answered without Gemini: nothing is sent, and the answer says why', async () => {
    const { user, project } = await mariasInterview('local');
    gemini.reset();
    for (const extra of [{ projectId: project }, {}]) {
      const res = await askAs(user, 'What did people say about the lecture slides?', extra);
      expect(res.body.mode).toBe('extractive');
      expect(res.body.notice).toBe(
        'These passages come from a project whose analysis is Verbatim only (nothing leaves Verbatim’s servers), so Google Gemini was not asked; these are the most relevant quotes.',
      );
      expect(res.body.passages.length).toBeGreaterThan(0);
    }
    expect(askRequests()).toHaveLength(0);
    expect((await adminDb().doc(`users/${user.uid}/geminiUsage/${new Date().toISOString().slice(0, 7)}`).get()).exists).toBe(false);
  });

  it('a redacting project’s passages go to Gemini without names or emails — words, speaker labels and interview names — and the answer reads as said', async () => {
    const { user, project } = await mariasInterview('gemini');
    gemini.reset();
    const res = await askAs(user, 'What did Maria Silva say about the lecture slides?', { projectId: project });
    expect(res.body.mode).toBe('gemini');
    const sent = askRequests();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.userText).toContain('lecture slides');
    expect(sent[0]!.userText).not.toMatch(/Maria|Silva|maria\.silva@example\.org/);
    // The interview, named after Maria Silva when it was read, goes as a placeholder too.
    expect(sent[0]!.userText).toMatch(/interview: \[NAME_\d+\] \| speaker: \[NAME_\d+\]/);
    // What the researcher reads has the names back, and every citation is the stored span.
    expect(res.body.sentences[0]!.text).toMatch(/^Maria Silva in Maria Silva speaks to this/);
    for (const p of res.body.passages) expect(p).toMatchObject({ speaker: 'Maria Silva', documentName: 'Maria Silva' });
  });

  it('at the account’s monthly Gemini allowance, Ask answers with quotes and says why; Gemini is not asked', async () => {
    const { user, project } = await mariasInterview('gemini');
    await adminDb().doc(`users/${user.uid}/geminiUsage/${new Date().toISOString().slice(0, 7)}`).set({ tokens: 100_000_000_000, calls: 1 });
    gemini.reset();
    const res = await askAs(user, 'What did people say about the lecture slides?', { projectId: project });
    expect(res.body.mode).toBe('extractive');
    expect(res.body.notice).toMatch(
      /^Your account has used its Gemini allowance for \w+ \([\d,]+ tokens over all your projects\), so Gemini was not asked; it renews on 1 \w+\. These are the most relevant quotes instead\.$/,
    );
    expect(askRequests()).toHaveLength(0);
  });
});
