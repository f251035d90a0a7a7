import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecordingUploadTarget } from '@verbatim/contract/recording';
import { machineNote } from '../../src/analysis/transcription';
import { TRANSCRIPTION_FAILURE_MESSAGES } from '../../src/analysis/gemini-failure-messages';
import { DEFAULT_GEMINI_MODEL, defaultRecordingsDir } from '../../src/config/server-config';
import { cloudTasksTranscriptionQueue } from '../../src/recordings/transcription-queue';
import { localDiskRecordingStore } from '../../src/storage/recording-store';
import { startGeminiStandIn, type GeminiStandIn } from '../../../test/support/gemini-stand-in.mjs';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { creditsOf, userWithProject } from '../support/projects';
import { makeRecording, scriptOf, type SpokenRecording } from '../support/recordings.mjs';
import { waitFor } from '../support/wait';

/**
 * A recording Gemini transcribes, end to end on the emulators: a researcher of a Gemini project uploads it through the
 * API as the browser does without Cloud Storage; the API reads it, spends the credit and queues its transcription on
 * the Cloud Tasks emulator (started by the Functions emulator), whose task function sends it to the Gemini stand-in
 * (which hears what the spoken recording says); the interview is then analysed like an uploaded transcript. The
 * stand-in is started at the address the functions were given (scripts/test-env.sh), so this file is in the Gemini lane.
 */

const STAND_IN_PORT = Number(process.env.GEMINI_STAND_IN_PORT ?? 9311);
const store = localDiskRecordingStore(defaultRecordingsDir());
let gemini: GeminiStandIn;
let spoken: SpokenRecording;
let call: SpokenRecording;

beforeAll(async () => {
  // Made (or found in the cache) before any request: making one blocks this process for seconds.
  spoken = makeRecording({ format: 'm4a' });
  call = makeRecording({ format: 'mp3' });
  // The realistic model: it mishears a word now and then and runs a turn into the one before, as a real one does.
  gemini = await startGeminiStandIn({ port: STAND_IN_PORT, apiKey: process.env.GEMINI_API_KEY ?? 'test-api-key', behaviour: 'realistic' });
});
afterAll(async () => {
  await gemini?.close();
});
beforeEach(() => {
  gemini.reset();
});

const interviewApiPath = (projectId: string, documentId: string) => `projects/${projectId}/documents/${documentId}`;

async function interviewWhenSettled(projectId: string, documentId: string) {
  const ref = adminDb().doc(interviewApiPath(projectId, documentId));
  return waitFor(async () => (await ref.get()).data(), (d) => ['ready', 'failed', 'awaiting-roles'].includes(d?.status));
}

async function textOf(projectId: string, documentId: string) {
  const parts = (await adminDb().collection(`${interviewApiPath(projectId, documentId)}/transcript`).where('kind', '==', 'text').get()).docs;
  return parts.sort((a, b) => a.get('index') - b.get('index')).map((p) => p.get('text')).join('');
}

/** A new interview from `recording`, reserved and its bytes sent as the browser does on the emulators. */
async function uploadRecording(token: string, projectId: string, recording: SpokenRecording, fileName: string) {
  const bytes = readFileSync(recording.path);
  const reserve = await callApi<RecordingUploadTarget & { document: { status: string } }>(`/projects/${projectId}/documents`, {
    token,
    // A project that redacts (the default): the researcher confirmed that the recording reaches Gemini as spoken.
    json: { fileName, size: bytes.length, kind: 'recording', confirmUnredactedSound: true },
  });
  expect(reserve.status).toBe(201);
  expect(reserve.body).toMatchObject({ uploadVia: 'api', document: { status: 'uploading' } });
  const upload = await callApi<{ status: string; error?: { code: string; message: string } }>(`/projects/${projectId}/documents/${reserve.body.documentId}/recording/content`, {
    token,
    method: 'PUT',
    rawBody: bytes,
    contentType: 'application/octet-stream',
  });
  return { documentId: reserve.body.documentId, uploadPath: reserve.body.uploadPath, upload };
}

/** The files the stand-in received for this interview (named by its id and the part's stretch, never its file name). */
const filesOf = (documentId: string) => [...gemini.files.values()].filter((f) => f.displayName === `verbatim-${documentId}` || f.displayName.startsWith(`verbatim-${documentId}-part-`));

describe('a recording Gemini transcribes, through the API', () => {
  it('becomes a ready interview: machine-made, one credit spent, its quotes exact spans of the transcript, its file gone from Google', async () => {
    const { user, projectId } = await userWithProject('Scientists, transcribed', 'gemini');
    const recording = spoken;
    const script = scriptOf(recording);
    gemini.registerRecording(script);

    const { documentId, upload } = await uploadRecording(user.idToken, projectId, recording, 'Interview with a scientist.m4a');
    // Read and queued: the answer comes at once, and the interview says when its transcript is made.
    expect(upload.status).toBe(202);
    expect(upload.body).toMatchObject({ status: 'transcribing', recording: { contentType: 'audio/mp4', codec: 'AAC' } });
    expect(upload.credits).toBe('9');
    const doc = await interviewWhenSettled(projectId, documentId);
    expect(doc).toMatchObject({
      status: 'ready',
      transcriptOrigin: 'machine',
      creditSpent: true,
      error: null,
      recording: { status: 'ready', origin: 'transcribed', contentType: 'audio/mp4', codec: 'AAC', progress: 1, error: null },
      analysis: { analyser: 'gemini' },
    });
    // Sent with the researcher's confirmation, which stays on record.
    expect(doc?.recording.unredactedSoundConfirmedAt.toMillis()).toBeLessThanOrEqual(doc?.recording.updatedAt.toMillis());
    expect(doc?.notes[0]).toBe(machineNote(DEFAULT_GEMINI_MODEL));
    expect(Math.abs(doc?.recording.durationSeconds - recording.durationSeconds)).toBeLessThan(1);
    expect(doc?.speakers.map((s: { label: string; role: string }) => [s.label, s.role])).toEqual([
      ['Speaker 1', 'interviewer'],
      ['Speaker 2', 'participant'],
    ]);
    expect(await creditsOf(user.uid)).toBe(9);

    // The transcript is what the model heard, misheard words included, for the researcher to correct.
    const text = await textOf(projectId, documentId);
    const heard = gemini.requests.flatMap((r) => r.heard ?? []);
    expect(heard.some((h) => h.kind === 'misheard')).toBe(true);
    for (const h of heard.filter((e) => e.kind === 'misheard')) expect(text).toContain(h.heard);

    // Every quote is an exact span of the stored transcript, a participant's, with its moment in the recording.
    const insights = (await adminDb().collection(`projects/${projectId}/insights`).get()).docs.map((d) => d.data());
    expect(insights.length).toBe(doc?.analysis.insightCount);
    expect(insights.length).toBeGreaterThan(0);
    for (const quote of insights.flatMap((i) => i.quotes)) {
      expect(text.slice(quote.start, quote.end)).toBe(quote.text);
      expect(quote.speaker).toBe('Speaker 2');
      expect(quote.ts).toBeGreaterThanOrEqual(0);
      expect(quote.ts).toBeLessThanOrEqual(recording.durationSeconds);
    }

    // Sent once, its sound as MP3 (a format Google documents for audio; the .m4a would go as audio/mp4), and deleted
    // from Google once heard.
    const files = filesOf(documentId);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ mimeType: 'audio/mp3', deleted: true });
    expect(files[0]!.displayName).toMatch(new RegExp(`^verbatim-${documentId}-part-0s-\\d+s$`));
    expect(files[0]!.sha256).not.toBe(script.sha256);
    expect(Math.abs(files[0]!.mediaSeconds! - recording.durationSeconds)).toBeLessThan(2);

    // Queued again (a repeated Storage event, a retried request): the task's id is the interview's, so the queue takes
    // no second task and says nothing of it.
    await expect(cloudTasksTranscriptionQueue().enqueue({ projectId, documentId })).resolves.toBeUndefined();
    expect(filesOf(documentId)).toHaveLength(1);
    expect(await creditsOf(user.uid)).toBe(9);
  });

  it('a transcription that fails returns the credit and says so; the recording is not kept', async () => {
    const { user, projectId } = await userWithProject('Gemini', 'gemini');
    const recording = call;
    gemini.registerRecording(scriptOf(recording));
    // Google cannot process the uploaded file.
    gemini.setFileBehaviour({ failProcessing: true });

    const { documentId, uploadPath, upload } = await uploadRecording(user.idToken, projectId, recording, 'call.mp3');
    expect(upload.status).toBe(202);
    const doc = await interviewWhenSettled(projectId, documentId);
    expect(doc).toMatchObject({
      status: 'failed',
      errorCode: 'transcription-failed',
      // Said for what it is: a file Google could not process, and how to export it.
      error: TRANSCRIPTION_FAILURE_MESSAGES.unprocessable,
      creditSpent: false,
      recording: { status: 'failed', errorCode: 'transcription-failed' },
    });
    expect(doc?.transcriptOrigin).toBeUndefined();
    expect(await creditsOf(user.uid)).toBe(10);
    expect(await store.stat(uploadPath)).toBeNull();
    // Google was asked about the file, never to transcribe it, and the file was deleted there too.
    const files = filesOf(documentId);
    expect(files.map((f) => [f.state, f.deleted])).toEqual([['FAILED', true]]);
    expect(gemini.requests.filter((r) => r.rawBody.includes(files[0]!.id))).toHaveLength(0);
  });
});
