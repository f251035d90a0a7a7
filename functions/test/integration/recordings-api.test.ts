import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OUT_OF_CREDITS_MESSAGE } from '@verbatim/contract/app-error';
import { PLAYBACK_LINK_SECONDS, type RecordingPlayback, type RecordingUploadTarget } from '@verbatim/contract/recording';
import { RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import { defaultRecordingsDir } from '../../src/config/server-config';
import { localDiskRecordingStore } from '../../src/storage/recording-store';
import { HOSTING_URL } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { creditsOf, setCredits, uploadViaApi, userWithProject } from '../support/projects';
import { waitFor } from '../support/wait';
import { makeRecording, notMediaRecording, type TestRecording } from '../support/recordings.mjs';

/**
 * Recordings through the API as the browser sends them on the emulators (no Storage emulator runs here): the bytes as
 * the body of PUT .../recording/content, kept in the folder the emulated functions and this test share; playback
 * links served by the API with range requests, as a browser's player asks for them.
 */

const store = localDiskRecordingStore(defaultRecordingsDir());
const storedInterview = async (projectId: string, documentId: string) => (await adminDb().doc(`projects/${projectId}/documents/${documentId}`).get()).data();

/** An owner's interview whose transcript (the spoken interview's .vtt) was uploaded and read. */
async function interviewWithTranscript(analyser: 'local' | 'gemini' = 'local') {
  const recording = makeRecording({ format: 'm4a' });
  const { user, projectId } = await userWithProject('Recordings', analyser);
  const { reserve, upload } = await uploadViaApi(user.idToken, projectId, 'interview.vtt', recording.vtt);
  expect(upload?.status).toBe(200);
  return { user, projectId, documentId: reserve.body.document.id, recording };
}

async function attach(token: string, projectId: string, documentId: string, file: TestRecording) {
  const bytes = readFileSync(file.path);
  const reserve = await callApi<RecordingUploadTarget>(`/projects/${projectId}/documents/${documentId}/recording`, { token, json: { fileName: file.fileName, size: bytes.length } });
  const upload = reserve.status === 201
    ? await callApi<{ status: string; error?: { code: string; message: string } }>(`/projects/${projectId}/documents/${documentId}/recording/content`, {
        token,
        method: 'PUT',
        rawBody: bytes,
        contentType: 'application/octet-stream',
      })
    : null;
  return { reserve, upload, bytes };
}

/** What a browser's player gets for a playback link (through Hosting, as the app's pages ask). */
function play(url: string, range?: string) {
  return fetch(`${HOSTING_URL}${url}`, { headers: range ? { range } : {} });
}

describe('a recording attached to an interview’s transcript, through the API', () => {
  it('is read, becomes ready, and plays through a link that serves byte ranges and expires', async () => {
    const { user, projectId, documentId, recording } = await interviewWithTranscript();
    const { reserve, upload, bytes } = await attach(user.idToken, projectId, documentId, recording);
    expect(reserve.status).toBe(201);
    expect(reserve.body).toEqual({ documentId, uploadPath: `recordings/${user.uid}/${projectId}/${documentId}/interview.m4a`, uploadVia: 'api' });
    expect(upload?.status).toBe(200);
    expect(upload?.body).toMatchObject({ status: 'ready', recording: { contentType: 'audio/mp4', codec: 'AAC', hasVideo: false } });
    expect((await storedInterview(projectId, documentId))?.recording).toMatchObject({ status: 'ready', origin: 'attached', size: bytes.length });
    expect(await creditsOf(user.uid)).toBe(9); // the transcript's credit only

    const before = Date.now();
    const link = await callApi<RecordingPlayback>(`/projects/${projectId}/documents/${documentId}/recording/playback`, { token: user.idToken });
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ contentType: 'audio/mp4', hasVideo: false });
    expect(Math.abs(link.body.durationSeconds - recording.durationSeconds)).toBeLessThan(1);
    const after = Date.now();
    // The link lasts its lifetime from the moment the server made it, somewhere between the two clock readings.
    const expiresAt = Date.parse(link.body.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + (PLAYBACK_LINK_SECONDS - 1) * 1000);
    expect(expiresAt).toBeLessThanOrEqual(after + (PLAYBACK_LINK_SECONDS + 1) * 1000);

    const part = await play(link.body.url, 'bytes=100-1099');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${bytes.length}`);
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(part.headers.get('content-type')).toBe('audio/mp4');
    expect(part.headers.get('cache-control')).toMatch(/^private, max-age=(\d+)$/);
    expect(Number(part.headers.get('cache-control')!.split('=')[1])).toBeLessThanOrEqual(PLAYBACK_LINK_SECONDS);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 1100))).toBe(true);

    const whole = await play(link.body.url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const tail = await play(link.body.url, 'bytes=-10');
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    expect((await play(link.body.url, `bytes=${bytes.length}-`)).status).toBe(416);

    // Anyone else's request for the link: 404 (the interview is not theirs).
    const stranger = await userWithProject('Elsewhere');
    expect((await callApi(`/projects/${projectId}/documents/${documentId}/recording/playback`, { token: stranger.user.idToken })).status).toBe(404);
  });

  it('a link past its time no longer plays, and a link altered to name another time or file never did', async () => {
    const { user, projectId, documentId, recording } = await interviewWithTranscript();
    await attach(user.idToken, projectId, documentId, recording);
    const path = `recordings/${user.uid}/${projectId}/${documentId}/interview.m4a`;
    // A link the store made for this very file, whose time is past.
    const expired = await play(await store.playbackLink(path, new Date(Date.now() - 1000)));
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ error: { code: 'expired', message: 'This playback link has expired. Reload the page to play the recording.' } });

    const link = await callApi<RecordingPlayback>(`/projects/${projectId}/documents/${documentId}/recording/playback`, { token: user.idToken });
    const token = link.body.url.split('/').pop()!;
    const [, signature] = token.split('.');
    const later = Buffer.from(JSON.stringify({ p: path, e: Math.floor(Date.now() / 1000) + 365 * 86_400 })).toString('base64url');
    expect((await play(`/api/media/${later}.${signature}`)).status).toBe(404);
    expect((await play(link.body.url)).status).toBe(200);
  });

  it('a file that is no recording: 422 with its sentence, nothing kept, nothing spent', async () => {
    const { user, projectId, documentId } = await interviewWithTranscript();
    const file = notMediaRecording();
    const { upload } = await attach(user.idToken, projectId, documentId, file);
    expect(upload?.status).toBe(422);
    expect(upload?.body).toEqual({ status: 'failed', error: { code: 'not-media', message: RECORDING_MESSAGES.notMedia('notes.mp3') } });
    expect((await storedInterview(projectId, documentId))?.recording).toMatchObject({ status: 'failed', errorCode: 'not-media' });
    expect(await store.stat(`recordings/${user.uid}/${projectId}/${documentId}/notes.mp3`)).toBeNull();
    expect(await creditsOf(user.uid)).toBe(9);
    expect((await callApi(`/projects/${projectId}/documents/${documentId}/recording/playback`, { token: user.idToken })).status).toBe(404);
  });

  it('a recording over the API’s limit is refused before it is sent: 413 with the sentence, nothing written', async () => {
    const { user, projectId, documentId } = await interviewWithTranscript();
    const size = 40 * 1024 * 1024;
    const res = await callApi(`/projects/${projectId}/documents/${documentId}/recording`, { token: user.idToken, json: { fileName: 'long.mp4', size } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: { code: 'too-large', message: RECORDING_MESSAGES.tooLarge(size, 32 * 1024 * 1024) } });
    expect((await storedInterview(projectId, documentId))?.recording).toBeUndefined();
  });

  it('removing the recording deletes its file and keeps the transcript; deleting the interview deletes its recording', async () => {
    const { user, projectId, documentId, recording } = await interviewWithTranscript();
    await attach(user.idToken, projectId, documentId, recording);
    const path = `recordings/${user.uid}/${projectId}/${documentId}/interview.m4a`;
    expect(await store.stat(path)).not.toBeNull();
    expect((await callApi(`/projects/${projectId}/documents/${documentId}/recording`, { token: user.idToken, method: 'DELETE' })).status).toBe(200);
    expect(await store.stat(path)).toBeNull();
    const doc = await storedInterview(projectId, documentId);
    expect(doc?.recording).toBeUndefined();
    expect(doc?.turnCount).toBeGreaterThan(0);

    await attach(user.idToken, projectId, documentId, recording);
    expect(await store.stat(path)).not.toBeNull();
    expect((await callApi(`/projects/${projectId}/documents/${documentId}`, { token: user.idToken, method: 'DELETE' })).status).toBe(200);
    expect(await store.stat(path)).toBeNull();
  });

  it('deleting the project deletes its recordings', async () => {
    const { user, projectId, documentId, recording } = await interviewWithTranscript();
    await attach(user.idToken, projectId, documentId, recording);
    const path = `recordings/${user.uid}/${projectId}/${documentId}/interview.m4a`;
    expect((await callApi(`/projects/${projectId}`, { token: user.idToken, method: 'DELETE' })).status).toBe(200);
    expect(await store.stat(path)).toBeNull();
  });
});

describe('a new interview from a recording', () => {
  it('a private project sends nothing out: 400 saying what to upload instead', async () => {
    const { user, projectId } = await userWithProject('Private', 'local');
    const res = await callApi(`/projects/${projectId}/documents`, { token: user.idToken, json: { fileName: 'call.m4a', size: 1000, kind: 'recording' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'needs-transcript', message: RECORDING_MESSAGES.needsTranscript } });
  });

  it('a project that redacts: 400 until the researcher confirms that its sound reaches Gemini as spoken; then reserved, the confirmation kept', async () => {
    const { user, projectId } = await userWithProject('Gemini, redacting', 'gemini');
    const project = await adminDb().doc(`projects/${projectId}`).get();
    expect(project.get('settings')).toEqual({ analyser: 'gemini', redactPii: true });
    const reserve = (extra: object) =>
      callApi<RecordingUploadTarget & { document: { recording: { status: string } } }>(`/projects/${projectId}/documents`, {
        token: user.idToken,
        json: { fileName: 'call.m4a', size: 1000, kind: 'recording', ...extra },
      });

    for (const unconfirmed of [{}, { confirmUnredactedSound: false }]) {
      const res = await reserve(unconfirmed);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { code: 'sound-not-confirmed', message: RECORDING_MESSAGES.soundNotConfirmed } });
    }
    expect((await adminDb().collection(`projects/${projectId}/documents`).get()).size).toBe(0);
    expect(await creditsOf(user.uid)).toBe(10);

    const before = Date.now();
    const confirmed = await reserve({ confirmUnredactedSound: true });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body).toMatchObject({ uploadVia: 'api', document: { recording: { status: 'uploading' } } });
    const stored = await storedInterview(projectId, confirmed.body.documentId);
    expect(stored?.recording).toMatchObject({ status: 'uploading', origin: 'transcribed' });
    const confirmedAt = stored?.recording.unredactedSoundConfirmedAt.toMillis();
    expect(confirmedAt).toBeGreaterThanOrEqual(before - 5_000);
    expect(confirmedAt).toBeLessThanOrEqual(Date.now() + 5_000);
  });

  it('a Gemini project with redaction turned off asks no confirmation, and records none', async () => {
    const { user, projectId } = await userWithProject('Gemini, not redacting', 'gemini');
    expect((await callApi(`/projects/${projectId}`, { token: user.idToken, method: 'PATCH', json: { settings: { redactPii: false } } })).status).toBe(200);
    const res = await callApi<RecordingUploadTarget>(`/projects/${projectId}/documents`, { token: user.idToken, json: { fileName: 'call.m4a', size: 1000, kind: 'recording' } });
    expect(res.status).toBe(201);
    expect((await storedInterview(projectId, res.body.documentId))?.recording).not.toHaveProperty('unredactedSoundConfirmedAt');
  });

  it('out of credits: 402 before any upload', async () => {
    const { user, projectId } = await userWithProject('Gemini', 'gemini');
    await setCredits(user.uid, 0);
    const res = await callApi(`/projects/${projectId}/documents`, {
      token: user.idToken,
      json: { fileName: 'call.m4a', size: 1000, kind: 'recording', confirmUnredactedSound: true },
    });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: { code: 'payment-required', message: OUT_OF_CREDITS_MESSAGE } });
    expect((await adminDb().collection(`projects/${projectId}/documents`).get()).size).toBe(0);
  });
});

describe('the limits the web app reads', () => {
  it('GET /capabilities says how large and long a recording may be', async () => {
    const res = await callApi<{ recordings: unknown }>('/capabilities');
    expect(res.body.recordings).toEqual({ maxBytes: 2 * 1024 ** 3, maxSeconds: 3 * 60 * 60, apiMaxBytes: 32 * 1024 ** 2 });
  });
});
