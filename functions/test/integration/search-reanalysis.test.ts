import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDelimitedTranscript, replies, startGeminiStandIn, type GeminiStandIn } from '../../../test/support/gemini-stand-in.mjs';
import type { SearchResponse } from '@verbatim/contract/search';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { fixture } from '../support/fixtures';
import { uploadViaApi, userWithProject } from '../support/projects';
import { waitFor } from '../support/wait';

// What search returns after an interview's insights change: re-analysed, an insight edited or deleted, the interview
// or its project deleted. Through the deployed `api` function and the analysis trigger on the emulators, with the
// Gemini stand-in writing insights we can tell apart (each analysis names its insights after one animal and quotes
// different sentences). scripts/test.sh points the emulators' Gemini at the stand-in.
const STAND_IN_PORT = Number(process.env.GEMINI_STAND_IN_PORT ?? 9311);
/** The promise: a change is searchable (or gone) within 5 s. */
const FRESH_MS = 5_000;

let gemini: GeminiStandIn;
/** The animal the next analysis names its insights after, and which sentence of each turn it quotes. */
let analysis = { animal: 'Pelican', sentence: 'first' as 'first' | 'last' };

/** An analysis answer: one insight per participant turn (up to 4), titled after the animal, quoting one sentence verbatim. */
function answerFor(userText: string) {
  const transcript = parseDelimitedTranscript(userText);
  const insights = [];
  for (const turn of transcript?.turns ?? []) {
    if (insights.length >= 4 || turn.role !== 'participant') continue;
    const sentences = turn.text.split(/(?<=[.!?])\s+/).filter((s) => /^[^[\]]+$/.test(s) && s.split(/\s+/).length >= 6 && s.split(/\s+/).length <= 60 && s.length <= 200);
    if (sentences.length < 2) continue;
    const sentence = analysis.sentence === 'first' ? sentences[0] : sentences[sentences.length - 1];
    insights.push({
      title: `${analysis.animal} finding ${insights.length + 1}`,
      description: `Seen in turn ${turn.number}.`,
      tag: 'research',
      quotes: [{ text: sentence, speaker: turn.speaker }],
    });
  }
  return { insights, groupedTags: [{ groupLabel: 'Topics', tags: [{ originalTag: 'research', refinedTag: 'research' }] }] };
}

const search = async (token: string, query: Record<string, string>) =>
  (await callApi<SearchResponse>(`/search?${new URLSearchParams(query)}`, { token })).body;

/** Polls the search until `done` holds, failing after FRESH_MS. */
async function searchUntil(token: string, query: Record<string, string>, done: (r: SearchResponse) => boolean) {
  return waitFor(() => search(token, query), done, FRESH_MS, 200);
}

async function analysed(projectId: string, documentId: string, after = 0) {
  const ref = adminDb().doc(`projects/${projectId}/documents/${documentId}`);
  return waitFor(
    async () => (await ref.get()).data(),
    (d) => d?.status === 'ready' && d.analysis.completedAt.toMillis() > after,
  );
}

async function visibleInsights(projectId: string) {
  const docs = (await adminDb().collection(`projects/${projectId}/insights`).get()).docs;
  return docs.filter((d) => !d.get('deletedAt') && !d.get('mergedInto'));
}

const storedChunks = (projectId: string, documentId: string) => adminDb().collection(`projects/${projectId}/documents/${documentId}/searchData`).get();

/** The stored search data the analysis writes once it has run (right after the interview is ready). */
const chunksWritten = (projectId: string, documentId: string) => waitFor(() => storedChunks(projectId, documentId), (s) => s.size > 0, 15_000);

/** A new account with a Gemini project (no redaction, so quotes are the transcript's own words) and one analysed interview. */
async function analysedInterview(name: string) {
  const { user, projectId } = await userWithProject(name, 'gemini');
  await callApi(`/projects/${projectId}`, { token: user.idToken, method: 'PATCH', json: { settings: { redactPii: false } } });
  const { reserve } = await uploadViaApi(user.idToken, projectId, 'science.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
  const documentId = reserve.body.document.id as string;
  const doc = await analysed(projectId, documentId);
  return { user, projectId, documentId, doc };
}

beforeAll(async () => {
  gemini = await startGeminiStandIn({ port: STAND_IN_PORT, apiKey: process.env.GEMINI_API_KEY ?? 'test-api-key', behaviour: 'realistic' });
  gemini.setHandler((request: { userText: string }) =>
    request.userText.includes('<<<TRANSCRIPT ') ? replies.json(answerFor(request.userText)) : replies.model(),
  );
});
afterAll(async () => {
  gemini?.setHandler(undefined);
  await gemini?.close();
});

describe('search after an interview’s insights change', () => {
  it('a re-analysed interview: the old insights and quotes are gone from search, the new ones are found', async () => {
    analysis = { animal: 'Pelican', sentence: 'first' };
    const { user, projectId, documentId, doc } = await analysedInterview('Re-analysis');
    const first = await visibleInsights(projectId);
    expect(first.length).toBeGreaterThan(1);
    const oldQuotes = first.map((i) => i.get('quotes')[0].text as string);
    // The analysis stored the interview's search data (server-only, next to its transcript).
    const chunks = await chunksWritten(projectId, documentId);
    expect(chunks.docs[0].data()).toMatchObject({ ownerId: user.uid, projectId, documentId, chunk: 0 });

    const before = await search(user.idToken, { q: 'pelican' });
    expect(new Set(before.hits.filter((h) => h.kind === 'insight').map((h) => h.insightId))).toEqual(new Set(first.map((i) => i.id)));
    const oldQuoteHits = (await search(user.idToken, { q: oldQuotes[0], kind: 'quote' })).hits;
    expect(oldQuoteHits.map((h) => h.text)).toContain(oldQuotes[0]);

    analysis = { animal: 'Walrus', sentence: 'last' };
    const sent = await callApi(`/projects/${projectId}/documents/${documentId}/reanalyse`, { token: user.idToken, method: 'POST', json: {} });
    expect(sent.status).toBe(200);
    await analysed(projectId, documentId, doc?.analysis.completedAt.toMillis());
    const second = await visibleInsights(projectId);
    const newQuotes = second.map((i) => i.get('quotes')[0].text as string);
    expect(second.every((i) => (i.get('title') as string).startsWith('Walrus'))).toBe(true);
    expect(newQuotes.filter((q) => oldQuotes.includes(q))).toEqual([]);

    // The new insights are found, the old ones are not, by title or by quote.
    const walrus = await searchUntil(user.idToken, { q: 'walrus' }, (r) => r.hits.some((h) => h.kind === 'insight'));
    expect(new Set(walrus.hits.filter((h) => h.kind === 'insight').map((h) => h.insightId))).toEqual(new Set(second.map((i) => i.id)));
    expect((await search(user.idToken, { q: 'pelican' })).hits.filter((h) => h.kind !== 'passage')).toEqual([]);
    // Words from the old and the new quote in one query (the opening words of each, so the query stays within its limit).
    const opening = (quote: string) => quote.split(/\s+/).slice(0, 8).join(' ');
    const both = await search(user.idToken, { q: `${opening(oldQuotes[0])} ${opening(newQuotes[0])}`, kind: 'quote' });
    const quoteHits = both.hits;
    expect(quoteHits.map((h) => h.text)).toContain(newQuotes[0]);
    expect(quoteHits.map((h) => h.text).filter((t) => oldQuotes.includes(t))).toEqual([]);
    expect(quoteHits.every((h) => second.some((i) => i.id === h.insightId))).toBe(true);
    // The transcript itself is unchanged: its passage still holds the old quote's words.
    expect((await search(user.idToken, { q: oldQuotes[0], kind: 'passage' })).hits.some((h) => h.text.includes(oldQuotes[0]))).toBe(true);
  });

  it('an edited insight is found by its new words and no longer by its old ones; a deleted one is gone', async () => {
    analysis = { animal: 'Heron', sentence: 'first' };
    const { user, projectId } = await analysedInterview('Insight edits');
    const [insight, other] = await visibleInsights(projectId);
    await searchUntil(user.idToken, { q: 'heron' }, (r) => r.hits.some((h) => h.insightId === insight.id));

    // The researcher's own edit, as the rules allow it (title with editedAt).
    await insight.ref.update({ title: 'Narwhal migration', editedAt: new Date() });
    await searchUntil(user.idToken, { q: 'narwhal' }, (r) => r.hits.some((h) => h.kind === 'insight' && h.insightId === insight.id));
    const heron = await search(user.idToken, { q: 'heron finding' });
    expect(heron.hits.filter((h) => h.kind === 'insight').map((h) => h.insightId)).not.toContain(insight.id);
    expect(heron.hits.some((h) => h.kind === 'insight' && h.insightId === other.id)).toBe(true);

    // An undoable delete (deletedAt): the insight and its quotes leave the results.
    await insight.ref.update({ deletedAt: new Date(), editedAt: new Date() });
    // (A transcript passage may still come close in meaning: only the insight and its quotes must go.)
    await searchUntil(user.idToken, { q: 'narwhal' }, (r) => r.hits.every((h) => h.kind === 'passage'));
    const quote = insight.get('quotes')[0].text as string;
    expect((await search(user.idToken, { q: quote, kind: 'quote' })).hits.some((h) => h.insightId === insight.id)).toBe(false);
  });

  it('a deleted interview takes its insights, quotes, passages and stored search data along; so does a deleted project', async () => {
    analysis = { animal: 'Otter', sentence: 'first' };
    const { user, projectId, documentId } = await analysedInterview('Deletions');
    await searchUntil(user.idToken, { q: 'otter aquifer' }, (r) => ['insight', 'quote', 'passage'].every((k) => r.hits.some((h) => h.kind === k)));
    await chunksWritten(projectId, documentId);

    expect((await callApi(`/projects/${projectId}/documents/${documentId}`, { token: user.idToken, method: 'DELETE' })).status).toBe(200);
    await searchUntil(user.idToken, { q: 'otter aquifer' }, (r) => r.hits.length === 0);
    expect((await storedChunks(projectId, documentId)).size).toBe(0);

    // A second project of the same account, deleted whole.
    const { reserve } = await uploadViaApi(user.idToken, projectId, 'science.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
    await analysed(projectId, reserve.body.document.id);
    await searchUntil(user.idToken, { q: 'otter aquifer' }, (r) => r.hits.some((h) => h.kind === 'insight'));
    expect((await callApi(`/projects/${projectId}`, { token: user.idToken, method: 'DELETE' })).status).toBe(200);
    await searchUntil(user.idToken, { q: 'otter aquifer' }, (r) => r.hits.length === 0);
    expect((await adminDb().collectionGroup('searchData').where('projectId', '==', projectId).get()).size).toBe(0);
  });

  it('an interview analysed before search data was stored is still found, and its data is stored on that first search', async () => {
    analysis = { animal: 'Badger', sentence: 'first' };
    const { user, projectId, documentId } = await analysedInterview('Older interviews');
    // As for an interview analysed before: no stored search data, and this account never searched.
    for (const chunk of (await chunksWritten(projectId, documentId)).docs) await chunk.ref.delete();
    expect((await storedChunks(projectId, documentId)).size).toBe(0);
    const found = await search(user.idToken, { q: 'badger aquifer' });
    expect(new Set(found.hits.map((h) => h.kind))).toEqual(new Set(['insight', 'quote', 'passage']));
    const stored = await storedChunks(projectId, documentId);
    expect(stored.size).toBeGreaterThan(0);
    expect(stored.docs[0].data()).toMatchObject({ ownerId: user.uid, projectId, documentId });
  });
});
