import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { PUBLIC_CLIP_REFUSED_MESSAGE, PUBLIC_CLIP_UNPLAYABLE_MESSAGE, PUBLIC_DISABLED_MESSAGE, publicClipId, type PublicInterviewsResponse, type PublicQuote } from '@verbatim/contract/share';
import { recordingPath } from '@verbatim/contract/upload-path';
import { defaultRecordingsDir } from '../../src/config/server-config';
import { HOSTING_URL } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { creditsOf } from '../support/projects';
import { waitFor } from '../support/wait';
import { makeRecording } from '../support/recordings.mjs';
import { recordedInterview } from '../support/recorded-interview';

/**
 * A public interviews page's quotes, heard as clips: what a visitor can receive through every public route (the quote's
 * clip and nothing more), and how turning things off or deleting them stops the clips and deletes them.
 */

const recordingsDir = defaultRecordingsDir();
const clipFolder = (projectId: string) => join(recordingsDir, 'publicClips', projectId);
const clipFiles = (projectId: string) => (existsSync(clipFolder(projectId)) ? readdirSync(clipFolder(projectId), { recursive: true }).map(String).filter((f) => f.endsWith('clip.mp4')) : []);

/** A shared interviews page of an interview whose recording is attached and ready, with quotes on the page. */
async function sharedRecordedInterview(playRecordings: boolean) {
  const { user, projectId, documentId, recording, bytes } = await recordedInterview('Clips');
  const share = (json: { enabled: boolean; playRecordings?: boolean }) =>
    callApi<{ link: { token: string; playRecordings: boolean } }>(`/projects/${projectId}/shares/interviews`, { token: user.idToken, method: 'PUT', json });
  const { token } = (await share({ enabled: true, playRecordings })).body.link;
  await waitFor(async () => (await adminDb().doc(`projects/${projectId}/publicViews/interviews`).get()).exists, (e) => e);
  const page = () => callApi<PublicInterviewsResponse>(`/public/interviews/${token}`, { via: 'hosting' });
  const quotes = (await page()).body.insights.flatMap((insight) => insight.quotes).filter((q) => q.documentId === documentId && q.ts !== undefined);
  expect(quotes.length).toBeGreaterThan(0);
  return { user, projectId, documentId, recording, bytes, token, share, page, quotes };
}

const clipUrl = (token: string, clipId: string) => `${HOSTING_URL}/api/public/interviews/${token}/clips/${clipId}`;
const getClip = (token: string, clipId: string, range?: string) => fetch(clipUrl(token, clipId), { headers: range ? { range } : {} });

/** The turn of the spoken interview that holds a quote's words. */
function turnOf(recording: ReturnType<typeof makeRecording>, quote: PublicQuote) {
  return recording.turns.find((turn) => turn.text.includes(quote.text))!;
}

describe('a visitor hears a quote’s own clip and nothing else of the recording', () => {
  it('serves the quote’s moment, cut on the server, with ranges that never reach past the clip', async () => {
    const { token, quotes, recording, bytes, page, documentId, user } = await sharedRecordedInterview(true);
    const credits = await creditsOf(user.uid);
    const view = await page();
    expect(view.body.recordings).toEqual([documentId]);
    // The page's answer holds no link to any recording.
    expect(JSON.stringify(view.body)).not.toMatch(/\/media\/|"url"|recordings\//);

    const quote = quotes.reduce((a, b) => (b.text.length > a.text.length ? b : a));
    const clipId = publicClipId(quote);
    const whole = await getClip(token, clipId);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mp4');
    expect(whole.headers.get('cache-control')).toBe('no-store');
    const clip = Buffer.from(await whole.arrayBuffer());
    expect(clip.length).toBeLessThan(bytes.length / 2);
    const { format } = await parseBuffer(clip, { mimeType: 'audio/mp4' });
    const turn = turnOf(recording, quote);
    // The quote's words and a short margin: never longer than its turn and a second each side.
    expect(format.duration!).toBeGreaterThan(0.5);
    expect(format.duration!).toBeLessThanOrEqual(turn.end - turn.start + 2);
    expect(format.duration!).toBeLessThan(recording.durationSeconds / 2);

    for (const range of ['bytes=0-9', 'bytes=0-', 'bytes=-100', `bytes=${clip.length - 10}-${clip.length + 5000}`]) {
      const part = await getClip(token, clipId, range);
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toMatch(new RegExp(`/${clip.length}$`));
      expect((await part.arrayBuffer()).byteLength).toBeLessThanOrEqual(clip.length);
    }
    expect((await getClip(token, clipId, `bytes=${clip.length}-`)).status).toBe(416);
    // Cut once: asked again, the same bytes come from the clip kept beside the share's data.
    expect(Buffer.from(await (await getClip(token, clipId)).arrayBuffer()).equals(clip)).toBe(true);
    expect(await creditsOf(user.uid)).toBe(credits);
  });

  it('answers 404 to a forged or shifted quote, another interview, and the old recording route, at no cost', async () => {
    const { token, quotes, documentId, user, projectId } = await sharedRecordedInterview(true);
    const credits = await creditsOf(user.uid);
    const quote = quotes[0];
    const refused = { error: { code: 'not-found', message: PUBLIC_CLIP_REFUSED_MESSAGE } };
    for (const forged of [
      publicClipId({ ...quote, start: 0, end: 5000 }),
      publicClipId({ ...quote, end: quote.end + 1 }),
      publicClipId({ ...quote, documentId: 'no-such-interview' }),
      `${documentId}.0.0`,
      'not-a-clip',
    ]) {
      const res = await getClip(token, forged);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(refused);
    }
    for (const path of [`/public/interviews/${token}/recordings/${documentId}`, `/public/interviews/${token}/recordings/${documentId}/playback`]) {
      expect((await callApi(path, { via: 'hosting' })).status).toBe(404);
    }
    expect(clipFiles(projectId)).toEqual([]);
    expect(await creditsOf(user.uid)).toBe(credits);
  });

  it('refuses every clip once the page, or its playing, is turned off, and deletes the clips cut', async () => {
    const { token, quotes, share, projectId } = await sharedRecordedInterview(true);
    const clipId = publicClipId(quotes[0]);
    expect((await getClip(token, clipId)).status).toBe(200);
    expect(clipFiles(projectId)).toHaveLength(1);

    await share({ enabled: true, playRecordings: false });
    const off = await getClip(token, clipId);
    expect(off.status).toBe(404);
    expect(await off.json()).toEqual({ error: { code: 'not-found', message: PUBLIC_CLIP_REFUSED_MESSAGE } });
    expect(clipFiles(projectId)).toEqual([]);
    expect((await adminDb().collection(`projects/${projectId}/publicClips`).get()).size).toBe(0);

    await share({ enabled: true, playRecordings: true });
    expect((await getClip(token, clipId)).status).toBe(200);
    await share({ enabled: false });
    const disabled = await getClip(token, clipId);
    expect(disabled.status).toBe(404);
    expect(await disabled.json()).toEqual({ error: { code: 'disabled', message: PUBLIC_DISABLED_MESSAGE } });
    expect(clipFiles(projectId)).toEqual([]);
  });

  it('refuses and deletes the clips of a deleted interview, and of a deleted project', async () => {
    const first = await sharedRecordedInterview(true);
    const clipId = publicClipId(first.quotes[0]);
    expect((await getClip(first.token, clipId)).status).toBe(200);
    expect((await callApi(`/projects/${first.projectId}/documents/${first.documentId}`, { token: first.user.idToken, method: 'DELETE' })).status).toBe(200);
    expect((await getClip(first.token, clipId)).status).toBe(404);
    expect(clipFiles(first.projectId)).toEqual([]);

    const second = await sharedRecordedInterview(true);
    const other = publicClipId(second.quotes[0]);
    expect((await getClip(second.token, other)).status).toBe(200);
    expect((await callApi(`/projects/${second.projectId}`, { token: second.user.idToken, method: 'DELETE' })).status).toBe(200);
    expect((await getClip(second.token, other)).status).toBe(404);
    expect(clipFiles(second.projectId)).toEqual([]);
  });

  it('a recording that cannot be cut gives the visitor a clear sentence, and the rest of the page still works', async () => {
    const { token, quotes, projectId, documentId, user, recording, page } = await sharedRecordedInterview(true);
    // The stored file is damaged after it was checked.
    const stored = join(recordingsDir, recordingPath({ uid: user.uid, projectId, documentId, fileName: recording.fileName }));
    writeFileSync(stored, Buffer.alloc(readFileSync(stored).length, 7));
    const res = await getClip(token, publicClipId(quotes[0]));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: { code: 'unplayable', message: PUBLIC_CLIP_UNPLAYABLE_MESSAGE } });
    expect((await page()).status).toBe(200);
    const record = (await adminDb().doc(`projects/${projectId}/publicClips/${publicClipId(quotes[0])}`).get()).data();
    expect(record).toMatchObject({ status: 'failed', documentId });
    // The owner is told which quote, beside the switch that lets visitors play them.
    const links = await callApi<{ links: { interviews: { unplayable?: { documentId: string; interviewName: string; moment: number | null }[] } } }>(`/projects/${projectId}/shares`, { token: user.idToken });
    expect(links.body.links.interviews.unplayable).toEqual([{ documentId, interviewName: expect.any(String), moment: expect.any(Number) }]);
    expect(links.body.links.interviews.unplayable![0].moment!).toBeGreaterThanOrEqual(0);
  });
});
