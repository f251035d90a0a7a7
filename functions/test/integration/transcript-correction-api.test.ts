import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@verbatim/contract/app-error';
import type { Quote } from '@verbatim/contract/insight';
import type { SearchResponse } from '@verbatim/contract/search';
import { CORRECTION_MESSAGES, type TranscriptCorrectionResult, type TranscriptVersionNow } from '@verbatim/contract/transcript-correction';
import { createPasswordUser, type TestUser } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { smallInterview } from '../support/fixtures';
import { uploadViaApi, userWithProject } from '../support/projects';
import { waitFor } from '../support/wait';

// The owner corrects a transcript's words through the deployed `api` function; every stored quote follows.
let owner: TestUser;
let projectId: string;
let documentId: string;

const interviewApiPath = () => `projects/${projectId}/documents/${documentId}`;

async function storedText(): Promise<string> {
  const parts = (await adminDb().collection(`${interviewApiPath()}/transcript`).where('kind', '==', 'text').get()).docs;
  return parts.sort((a, b) => a.get('index') - b.get('index')).map((p) => p.get('text')).join('');
}

async function storedTurns(): Promise<Array<{ a: number; b: number }>> {
  const parts = (await adminDb().collection(`${interviewApiPath()}/transcript`).where('kind', '==', 'turns').get()).docs;
  return parts.sort((a, b) => a.get('index') - b.get('index')).flatMap((p) => p.get('turns'));
}

async function quotedInsights(): Promise<Array<{ id: string; quotes: Quote[] }>> {
  const insights = await adminDb().collection(`projects/${projectId}/insights`).where('documentId', '==', documentId).get();
  return insights.docs.map((d) => ({ id: d.id, quotes: d.get('quotes') as Quote[] })).filter((i) => i.quotes.length > 0);
}

function correct(body: object, token = owner.idToken) {
  return callApi<TranscriptCorrectionResult & ApiErrorBody<TranscriptVersionNow>>(`/${interviewApiPath()}/transcript`, { token, method: 'PATCH', json: body });
}

beforeAll(async () => {
  ({ user: owner, projectId } = await userWithProject('Course feedback'));
  const { reserve } = await uploadViaApi(owner.idToken, projectId, 'course.txt', smallInterview());
  documentId = reserve.body.document.id;
  await waitFor(async () => (await adminDb().doc(interviewApiPath()).get()).get('status'), (s) => s === 'ready');
});

describe('correcting a transcript through the API', () => {
  it('a word corrected inside a quote: the insight’s quote is the corrected span, and the search finds the corrected word', async () => {
    const [insight] = await quotedInsights();
    const quote = insight.quotes[0];
    const text = await storedText();
    const turns = await storedTurns();
    const index = turns.findIndex((t) => t.a <= quote.start && quote.end <= t.b);
    // The quote's longest word, misheard: "marmalade" in its place.
    const word = [...quote.text.matchAll(/\p{L}+/gu)].sort((x, y) => y[0].length - x[0].length)[0];
    const at = quote.start + word.index - turns[index].a;
    const turnText = text.slice(turns[index].a, turns[index].b);
    const corrected = `${turnText.slice(0, at)}marmalade${turnText.slice(at + word[0].length)}`;

    const res = await correct({ transcriptVersion: 0, turns: [{ index, text: corrected }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ transcriptVersion: 1, quotes: { removed: 0 } });
    expect(res.credits).toBe('9');

    const after = await storedText();
    expect(after.slice(turns[index].a, turns[index].a + corrected.length)).toBe(corrected);
    const moved = (await quotedInsights()).find((i) => i.id === insight.id)!.quotes[0];
    expect(moved.text).toBe(`${quote.text.slice(0, word.index)}marmalade${quote.text.slice(word.index + word[0].length)}`);
    expect(after.slice(moved.start, moved.end)).toBe(moved.text);
    for (const q of (await quotedInsights()).flatMap((i) => i.quotes)) expect(after.slice(q.start, q.end)).toBe(q.text);
    expect((await adminDb().doc(interviewApiPath()).get()).get('transcriptVersion')).toBe(1);

    const search = await callApi<SearchResponse>(`/search?${new URLSearchParams({ q: 'marmalade' })}`, { token: owner.idToken });
    expect(search.status).toBe(200);
    const hits = search.body.hits.filter((h) => h.documentId === documentId);
    expect(hits.map((h) => h.kind)).toEqual(expect.arrayContaining(['passage', 'quote']));
    for (const hit of hits) expect(after.slice(hit.start!, hit.end!)).toBe(hit.text);
    expect(hits.find((h) => h.kind === 'quote')?.text).toBe(moved.text);
  });

  it('a correction made from an older version of the transcript is refused (409), and nothing changes', async () => {
    const before = await storedText();
    const version = (await adminDb().doc(interviewApiPath()).get()).get('transcriptVersion');
    const stale = await correct({ transcriptVersion: version - 1, turns: [{ index: 1, text: 'Something else entirely.' }] });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ code: 'conflict', message: CORRECTION_MESSAGES.changedMeanwhile, details: { transcriptVersion: version } });
    expect(await storedText()).toBe(before);
  });

  it('a correction while the interview is being analysed is refused (409) with a sentence, and nothing changes', async () => {
    const ref = adminDb().doc(interviewApiPath());
    const version = (await ref.get()).get('transcriptVersion');
    const before = await storedText();
    await ref.update({ status: 'analyzing' });
    try {
      const refused = await correct({ transcriptVersion: version, turns: [{ index: 1, text: 'Something else entirely.' }] });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({ code: 'conflict', message: CORRECTION_MESSAGES.analysing });
      expect(await storedText()).toBe(before);
    } finally {
      await ref.update({ status: 'ready' });
    }
  });

  it('is the owner’s alone, and bad input gets a specific message', async () => {
    const stranger = await createPasswordUser();
    expect((await correct({ transcriptVersion: 1, speakers: [{ from: 'Participant', to: 'Eve' }] }, stranger.idToken)).status).toBe(404);
    const colon = await correct({ transcriptVersion: 1, speakers: [{ from: 'Participant', to: 'Eve: hi' }] });
    expect(colon.status).toBe(400);
    expect(colon.body.error.message).toBe(CORRECTION_MESSAGES.speakerNameColon);
    const label = await correct({ transcriptVersion: 1, turns: [{ index: 1, text: 'Fine.\nInterviewer: and then?' }] });
    expect(label.status).toBe(400);
    expect(label.body.error.message).toBe(CORRECTION_MESSAGES.labelInTurn(1, 'Interviewer'));
  });
});
