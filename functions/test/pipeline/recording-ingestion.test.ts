import { createReadStream, statSync } from 'node:fs';
import type { StorageObjectData } from 'firebase-functions/v2/storage';
import { beforeEach, describe, expect, it } from 'vitest';
import { OUT_OF_CREDITS_MESSAGE } from '@verbatim/contract/app-error';
import { RECORDING_CEILING_MESSAGES, RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import { recordingContentTypeOf } from '@verbatim/contract/recording-formats';
import { parseTranscript } from '../../src/analysis/parsers';
import { transcribeRecording, type TranscriptionInput, type TranscriptionOutcome } from '../../src/analysis/transcription';
import { ALLOWANCE_MESSAGES } from '@verbatim/contract/allowance-messages';
import { usageMonth } from '../../src/analysis-runs/gemini-usage';
import { readServerLimits } from '../../src/config/server-limits';
import { handleUploadFinalized } from '../../src/ingestion/handle-upload-finalized';
import { handleTranscriptionTask } from '../../src/recordings/transcribe-recording';
import type { TranscriptionJob } from '../../src/recordings/transcription-job';
import { ingestInterview, INTERNAL_FAILURE_MESSAGE } from '../../src/ingestion/ingest-interview';
import { deleteInterview, reserveInterview } from '../../src/interviews/interview-service';
import { createProject, deleteProject, updateProject } from '../../src/projects/project-service';
import { attachRecording, removeRecording, reserveRecordingInterview, type RecordingDeps } from '../../src/recordings/recording-service';
import { noFileStore } from '../../src/storage/file-store';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { smallInterview, twoStorytellers } from '../support/fixtures';
import { confirmRoles } from '../../src/analysis-runs/confirm-roles';
import { analyseInterview } from '../../src/analysis-runs/analyse-interview';
import { createLocalAnalyser } from '../../src/analysis/local';
import { ROOMY_QUOTAS } from '../support/quotas';
import { testRecordingStore } from '../support/recording-store';
import { keptQueue } from '../support/transcription-queue';
import { handleSweepStuckInterviews } from '../../src/interviews/sweep-stuck-interviews';
import { STUCK_MESSAGES } from '../../src/interviews/stuck-interviews';
import type { Analyser } from '@verbatim/contract/insight';
import {
  makeRecording,
  nestedBoxRecording,
  notMediaRecording,
  silentRecording,
  truncatedRecording,
  understatedRecording,
  unsupportedCodecRecording,
  type SpokenRecording,
  type TestRecording,
} from '../support/recordings.mjs';

/**
 * A recording's way through the server, called in-process as Cloud Storage's trigger calls it once a browser's upload
 * finished (`handleUploadFinalized`), with the recordings kept in a folder of the test's own: attached to an uploaded
 * transcript, or transcribed by Gemini: queued by the trigger, then run by its task's handler as Cloud Tasks calls it
 * (`handleTranscriptionTask`; a stand-in transcriber here, with the module's own signature).
 */

const db = () => adminDb();
const LIMITS = { maxBytes: 2 * 1024 ** 3, maxSeconds: 3 * 60 * 60, apiMaxBytes: 32 * 1024 ** 2 };

async function seedUser(uid: string, creditsRemaining: number) {
  const now = new Date();
  await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining, subscriptionActive: false, createdAt: now, updatedAt: now });
}

const creditsOf = async (uid: string) => (await db().doc(`users/${uid}`).get()).data()?.creditsRemaining as number;
const storedInterview = async (projectId: string, documentId: string) => (await db().doc(`projects/${projectId}/documents/${documentId}`).get()).data();
const transcriptParts = async (projectId: string, documentId: string) => (await db().collection(`projects/${projectId}/documents/${documentId}/transcript`).get()).size;
const transcriptTexts = async (projectId: string, documentId: string) =>
  (await db().collection(`projects/${projectId}/documents/${documentId}/transcript`).get()).docs.map((d) => ({ id: d.id, ...d.data() }));

function depsWith(store = testRecordingStore(), transcriptions = keptQueue()) {
  return { store, limits: LIMITS, uploadVia: 'storage', geminiConfigured: true, quotas: ROOMY_QUOTAS, transcriptions } satisfies RecordingDeps;
}
type Deps = ReturnType<typeof depsWith>;
type Transcribe = (db: unknown, input: TranscriptionInput) => Promise<TranscriptionOutcome>;

/** The browser's resumable upload: the recording's bytes at the path the API handed out. */
async function upload(deps: RecordingDeps, path: string, file: TestRecording) {
  await deps.store.write(path, createReadStream(file.path), recordingContentTypeOf(file.fileName), LIMITS.maxBytes);
}

/** Cloud Storage's event for the finished upload, handled as its trigger does. */
function finalized(deps: Deps, path: string) {
  const data = { bucket: 'demo-verbatim.appspot.com', name: path, contentType: 'audio/mp4' } as StorageObjectData;
  return handleUploadFinalized({ data }, { db: db(), files: noFileStore, recordings: deps.store, recordingLimits: LIMITS, transcriptions: deps.transcriptions });
}

/** The transcription's task, handled as Cloud Tasks calls it. */
function runTask(deps: Deps, job: TranscriptionJob | undefined, transcribe: Transcribe, now?: () => Date) {
  return handleTranscriptionTask({ data: job }, { db: db(), store: deps.store, transcribe, now });
}

/** An owner with an interview whose transcript (a .vtt of the spoken interview) was uploaded and read. */
async function interviewWithTranscript(uid: string, transcript: Buffer, fileName = 'interview.vtt') {
  await seedUser(uid, 10);
  const project = await createProject(db(), uid, 'Recordings', { quotas: ROOMY_QUOTAS });
  const { document } = await reserveInterview(db(), uid, project.id, { fileName, size: transcript.length }, new Date(), ROOMY_QUOTAS);
  const outcome = await ingestInterview(db(), { uid, projectId: project.id, documentId: document.id, bytes: transcript, fileName }, undefined, ROOMY_QUOTAS);
  expect(['parsed', 'awaiting-roles']).toContain(outcome.status);
  return { projectId: project.id, documentId: document.id };
}

beforeEach(async () => {
  await clearFirestore();
});

describe('a recording attached to an interview’s uploaded transcript', () => {
  it('is read, synced to the transcript and ready to play; the interview is otherwise untouched and nothing is spent', async () => {
    const recording = makeRecording({ format: 'm4a' });
    const { projectId, documentId } = await interviewWithTranscript('ana', recording.vtt);
    const before = await storedInterview(projectId, documentId);
    const deps = depsWith();
    const target = await attachRecording(db(), deps, 'ana', projectId, documentId, { fileName: 'Interview 3.m4a', size: statSync(recording.path).size });
    expect(target.uploadPath).toBe(`recordings/ana/${projectId}/${documentId}/Interview 3.m4a`);
    expect((await storedInterview(projectId, documentId))?.recording).toMatchObject({ status: 'uploading', origin: 'attached' });

    await upload(deps, target.uploadPath, recording);
    const outcome = await finalized(deps, target.uploadPath);
    expect(outcome).toMatchObject({ status: 'ready', recording: { contentType: 'audio/mp4', codec: 'AAC', hasVideo: false } });

    const after = await storedInterview(projectId, documentId);
    expect(after?.recording).toMatchObject({ status: 'ready', origin: 'attached', contentType: 'audio/mp4', codec: 'AAC', container: 'M4A/isom/iso2', hasVideo: false, error: null, errorCode: null, progress: 1 });
    expect(Math.abs(after?.recording.durationSeconds - recording.durationSeconds)).toBeLessThan(1);
    for (const field of ['status', 'creditSpent', 'wordCount', 'turnCount', 'speakers', 'format']) expect(after?.[field]).toEqual(before?.[field]);
    expect(after?.transcriptOrigin).toBeUndefined();
    expect(await creditsOf('ana')).toBe(before?.creditSpent ? 9 : 10);
    // Served with the type read from its bytes.
    expect(await deps.store.stat(target.uploadPath)).toMatchObject({ contentType: 'audio/mp4' });

    // Cloud Storage may deliver the event twice: the second finds it read.
    expect(await finalized(deps, target.uploadPath)).toMatchObject({ status: 'skipped' });
  });

  it('a video: its picture track is noted, and it is served as a video', async () => {
    const recording = makeRecording({ format: 'mp4', video: true });
    const { projectId, documentId } = await interviewWithTranscript('vid', recording.vtt);
    const deps = depsWith();
    const target = await attachRecording(db(), deps, 'vid', projectId, documentId, { fileName: 'call.mp4', size: statSync(recording.path).size });
    await upload(deps, target.uploadPath, recording);
    expect(await finalized(deps, target.uploadPath)).toMatchObject({ status: 'ready', recording: { contentType: 'video/mp4', hasVideo: true } });
  });

  it('a transcript without timestamps cannot take a recording: refused before any byte is sent, nothing written', async () => {
    const { projectId, documentId } = await interviewWithTranscript('tim', smallInterview(), 'notes.txt');
    const deps = depsWith();
    await expect(attachRecording(db(), deps, 'tim', projectId, documentId, { fileName: 'call.m4a', size: 1000 })).rejects.toMatchObject({
      code: 'no-timestamps',
      message: RECORDING_MESSAGES.noTimestamps,
    });
    expect((await storedInterview(projectId, documentId))?.recording).toBeUndefined();
  });

  const spoken = () => makeRecording({ format: 'm4a' });
  const bad: { name: string; file: () => TestRecording; code: string; message: (file: TestRecording, whole: SpokenRecording) => string; limits?: Partial<typeof LIMITS> }[] = [
    { name: 'a text file named .mp3', file: notMediaRecording, code: 'not-media', message: (f) => RECORDING_MESSAGES.notMedia(f.fileName) },
    { name: 'an .m4a cut off half way', file: () => truncatedRecording({ format: 'm4a' }), code: 'corrupt', message: (f) => RECORDING_MESSAGES.corrupt(f.fileName) },
    { name: 'uncompressed sound in a .mov', file: unsupportedCodecRecording, code: 'unsupported-codec', message: () => RECORDING_MESSAGES.unsupportedCodec('uncompressed PCM') },
    { name: 'a silent .wav', file: () => silentRecording({ format: 'wav' }), code: 'silent', message: (f) => RECORDING_MESSAGES.silent(f.fileName) },
    { name: 'a silent .m4a (AAC)', file: () => silentRecording({ format: 'm4a' }), code: 'silent', message: (f) => RECORDING_MESSAGES.silent(f.fileName) },
    { name: 'a video whose sound is a microphone left off', file: () => silentRecording({ format: 'mp4', video: true, noiseDbfs: -66 }), code: 'silent', message: (f) => RECORDING_MESSAGES.silent(f.fileName) },
    {
      name: 'another, shorter recording: the transcript’s timestamps run past its end',
      file: () => makeRecording({ format: 'mp3', turns: 4 }),
      code: 'past-end',
      message: (f, whole) => RECORDING_MESSAGES.pastEnd(whole.turns.at(-1)!.start, (f as SpokenRecording).durationSeconds),
    },
    {
      name: 'a recording over the length limit',
      file: spoken,
      code: 'too-long',
      message: (f) => RECORDING_MESSAGES.tooLong((f as SpokenRecording).durationSeconds, 60),
      limits: { maxSeconds: 60 },
    },
  ];
  for (const c of bad) {
    it(`${c.name}: refused with its sentence, its file deleted, the interview untouched, nothing spent`, async () => {
      const whole = spoken();
      const { projectId, documentId } = await interviewWithTranscript('bea', whole.vtt);
      const before = await storedInterview(projectId, documentId);
      const parts = await transcriptParts(projectId, documentId);
      const deps = depsWith();
      const file = c.file();
      const target = await attachRecording(db(), deps, 'bea', projectId, documentId, { fileName: file.fileName, size: statSync(file.path).size });
      await upload(deps, target.uploadPath, file);
      const data = { bucket: 'b', name: target.uploadPath } as StorageObjectData;
      const outcome = await handleUploadFinalized({ data }, { db: db(), files: noFileStore, recordings: deps.store, recordingLimits: { ...LIMITS, ...c.limits } });

      const message = c.message(file, whole);
      expect(outcome).toMatchObject({ status: 'failed', code: c.code, message });
      const after = await storedInterview(projectId, documentId);
      expect(after?.recording).toMatchObject({ status: 'failed', errorCode: c.code, error: message });
      expect(await deps.store.stat(target.uploadPath)).toBeNull();
      expect(after?.status).toBe(before?.status);
      expect(after?.creditSpent).toBe(before?.creditSpent);
      expect(await transcriptParts(projectId, documentId)).toBe(parts);
      expect(await creditsOf('bea')).toBe(before?.creditSpent ? 9 : 10);
    });
  }

  it('a recording whose reading died is failed by the sweeper with its sentence, its file deleted; the interview and its transcript untouched', async () => {
    const recording = makeRecording({ format: 'm4a' });
    const { projectId, documentId } = await interviewWithTranscript('stall', recording.vtt);
    // A ready interview: read and analysed (by the built-in analyser) long before its recording is attached.
    expect(await analyseInterview({ db: db(), chooseAnalyser: () => ({ analyser: createLocalAnalyser(), notes: [] }) }, projectId, documentId)).toMatchObject({ status: 'ready' });
    const deps = depsWith();
    const target = await attachRecording(db(), deps, 'stall', projectId, documentId, { fileName: 'call.m4a', size: statSync(recording.path).size });
    await upload(deps, target.uploadPath, recording);
    // The function reading it dies mid-read: the recording stays `checking`, its interview was read long before.
    void readingThatDies(deps, target.uploadPath);
    await waitForRecording(projectId, documentId, 'checking');
    const before = await storedInterview(projectId, documentId);
    const transcriptBefore = await transcriptTexts(projectId, documentId);
    const creditsBefore = await creditsOf('stall');

    // Within a reading's 15 minutes: left alone.
    expect(await sweepAt(deps, 10)).toMatchObject({ found: 0, recordingsStopped: 0 });
    expect((await storedInterview(projectId, documentId))?.recording).toMatchObject({ status: 'checking' });
    expect(await deps.store.stat(target.uploadPath)).not.toBeNull();

    // Past them, two sweeps at once: stopped once.
    const reports = await Promise.all([sweepAt(deps, 16), sweepAt(deps, 16)]);
    expect(reports.reduce((n, r) => n + r.recordingsStopped, 0)).toBe(1);
    expect(reports.reduce((n, r) => n + r.stopped + r.refunded, 0)).toBe(0);
    const after = await storedInterview(projectId, documentId);
    expect(after?.recording).toMatchObject({ status: 'failed', origin: 'attached', error: STUCK_MESSAGES.recording, progress: 1 });
    expect(await deps.store.stat(target.uploadPath)).toBeNull();
    expect(after?.status).toBe('ready');
    for (const field of ['status', 'creditSpent', 'error', 'errorCode', 'wordCount', 'turnCount', 'speakers', 'format', 'transcriptVersion', 'analysis']) {
      expect(after?.[field], field).toEqual(before?.[field]);
    }
    expect(await transcriptTexts(projectId, documentId)).toEqual(transcriptBefore);
    expect(await creditsOf('stall')).toBe(creditsBefore);
    expect(await sweepAt(deps, 60)).toMatchObject({ found: 0, recordingsStopped: 0 });

    // What the sentence says works: the recording is attached again, and this time it is read.
    const again = await attachRecording(db(), deps, 'stall', projectId, documentId, { fileName: 'call.m4a', size: statSync(recording.path).size });
    await upload(deps, again.uploadPath, recording);
    expect(await finalized(deps, again.uploadPath)).toMatchObject({ status: 'ready' });
  });

  it('a file under any name but the one reserved is deleted as soon as it lands; the reserved one is then read as usual', async () => {
    const recording = makeRecording({ format: 'm4a' });
    const { projectId, documentId } = await interviewWithTranscript('stray', recording.vtt);
    const deps = depsWith();
    const target = await attachRecording(db(), deps, 'stray', projectId, documentId, { fileName: 'call.m4a', size: statSync(recording.path).size });
    expect((await storedInterview(projectId, documentId))?.recording).toMatchObject({ status: 'uploading', storedName: 'call.m4a' });
    // Files beside it in the interview's folder, while it waits and after it is read: each goes at once.
    const beside = target.uploadPath.replace(/call\.m4a$/, 'other.m4a');
    await upload(deps, beside, recording);
    expect(await finalized(deps, beside)).toMatchObject({ status: 'skipped' });
    expect(await deps.store.stat(beside)).toBeNull();
    expect((await storedInterview(projectId, documentId))?.recording).toMatchObject({ status: 'uploading' });

    await upload(deps, target.uploadPath, recording);
    expect(await finalized(deps, target.uploadPath)).toMatchObject({ status: 'ready' });
    const later = target.uploadPath.replace(/call\.m4a$/, 'later.mp4');
    await upload(deps, later, recording);
    expect(await finalized(deps, later)).toMatchObject({ status: 'skipped' });
    expect(await deps.store.stat(later)).toBeNull();
    expect(await deps.store.stat(target.uploadPath)).not.toBeNull();
    expect((await storedInterview(projectId, documentId))?.recording).toMatchObject({ status: 'ready' });
  });

  it('an attached recording whose upload never finished is stopped by the sweeper past an upload\'s hour, whatever arrived of it deleted', async () => {
    const recording = makeRecording({ format: 'm4a' });
    const { projectId, documentId } = await interviewWithTranscript('waits', recording.vtt);
    // A ready interview: read and analysed long before its recording is attached.
    expect(await analyseInterview({ db: db(), chooseAnalyser: () => ({ analyser: createLocalAnalyser(), notes: [] }) }, projectId, documentId)).toMatchObject({ status: 'ready' });
    const before = await storedInterview(projectId, documentId);
    const deps = depsWith();
    const target = await attachRecording(db(), deps, 'waits', projectId, documentId, { fileName: 'call.m4a', size: statSync(recording.path).size });
    // Bytes stored, but their event never handled (a trigger that never ran).
    await upload(deps, target.uploadPath, recording);

    expect(await sweepAt(deps, 50)).toMatchObject({ found: 0, recordingsStopped: 0 });
    expect(await deps.store.stat(target.uploadPath)).not.toBeNull();
    const reports = await Promise.all([sweepAt(deps, 61), sweepAt(deps, 61)]);
    expect(reports.reduce((n, r) => n + r.recordingsStopped, 0)).toBe(1);
    expect(await deps.store.stat(target.uploadPath)).toBeNull();
    const after = await storedInterview(projectId, documentId);
    expect(after?.recording).toMatchObject({ status: 'failed', error: STUCK_MESSAGES.recordingUpload });
    expect(after?.status).toBe(before?.status);
    expect(await creditsOf('waits')).toBe(10 - (before?.creditSpent ? 1 : 0));
  });

  it('deleting the interview, then the project, deletes their recordings', async () => {
    const recording = makeRecording({ format: 'm4a' });
    const { projectId, documentId } = await interviewWithTranscript('del', recording.vtt);
    const deps = depsWith();
    const target = await attachRecording(db(), deps, 'del', projectId, documentId, { fileName: 'a.m4a', size: statSync(recording.path).size });
    await upload(deps, target.uploadPath, recording);
    await finalized(deps, target.uploadPath);
    // A second interview with its own recording, kept until the project goes.
    const second = await reserveInterview(db(), 'del', projectId, { fileName: 'b.vtt', size: recording.vtt.length }, new Date(), ROOMY_QUOTAS);
    await ingestInterview(db(), { uid: 'del', projectId, documentId: second.document.id, bytes: recording.vtt, fileName: 'b.vtt' }, undefined, ROOMY_QUOTAS);
    const secondTarget = await attachRecording(db(), deps, 'del', projectId, second.document.id, { fileName: 'b.m4a', size: statSync(recording.path).size });
    await upload(deps, secondTarget.uploadPath, recording);
    await finalized(deps, secondTarget.uploadPath);

    await deleteInterview(db(), noFileStore, 'del', projectId, documentId, deps.store);
    expect(await deps.store.stat(target.uploadPath)).toBeNull();
    expect(await deps.store.stat(secondTarget.uploadPath)).not.toBeNull();
    const result = await deleteProject(db(), noFileStore, 'del', projectId, deps.store);
    expect(result.files).toBe(1);
    expect(await deps.store.stat(secondTarget.uploadPath)).toBeNull();
  });

  it('bytes that arrive after their recording was removed or their interview deleted are deleted; a repeated delivery keeps a read recording', async () => {
    const recording = makeRecording({ format: 'm4a' });
    const { projectId, documentId } = await interviewWithTranscript('late', recording.vtt);
    const deps = depsWith();
    const size = statSync(recording.path).size;

    // Read and ready; Cloud Storage delivers its event again: the recording and its file stay as they are.
    const ready = await attachRecording(db(), deps, 'late', projectId, documentId, { fileName: 'a.m4a', size });
    await upload(deps, ready.uploadPath, recording);
    expect(await finalized(deps, ready.uploadPath)).toMatchObject({ status: 'ready' });
    expect(await finalized(deps, ready.uploadPath)).toMatchObject({ status: 'skipped' });
    expect((await storedInterview(projectId, documentId))?.recording).toMatchObject({ status: 'ready' });
    expect(await deps.store.stat(ready.uploadPath)).not.toBeNull();

    // Removed while its replacement was still on its way: the bytes that come afterwards are nobody's and go.
    const replacement = await attachRecording(db(), deps, 'late', projectId, documentId, { fileName: 'b.m4a', size });
    await removeRecording(db(), deps, 'late', projectId, documentId);
    await upload(deps, replacement.uploadPath, recording);
    expect(await finalized(deps, replacement.uploadPath)).toMatchObject({ status: 'skipped' });
    expect(await deps.store.stat(replacement.uploadPath)).toBeNull();
    expect((await storedInterview(projectId, documentId))?.recording).toBeUndefined();

    // The interview deleted while its recording was on its way: the same.
    const last = await attachRecording(db(), deps, 'late', projectId, documentId, { fileName: 'c.m4a', size });
    await deleteInterview(db(), noFileStore, 'late', projectId, documentId, deps.store);
    await upload(deps, last.uploadPath, recording);
    expect(await finalized(deps, last.uploadPath)).toMatchObject({ status: 'skipped' });
    expect(await deps.store.stat(last.uploadPath)).toBeNull();
  });
});

async function geminiProject(uid: string, credits = 10) {
  await seedUser(uid, credits);
  return createProject(db(), uid, 'Transcribed', { geminiConfigured: true, settings: { analyser: 'gemini' }, quotas: ROOMY_QUOTAS });
}

/** A new interview of `uid`'s Gemini project whose recording was uploaded and its Storage event handled. */
async function queuedRecording(uid: string, file: TestRecording, fileName: string, deps = depsWith()) {
  const project = await geminiProject(uid);
  const body = { fileName, size: statSync(file.path).size, kind: 'recording', confirmUnredactedSound: true };
  const reservation = await reserveRecordingInterview(db(), deps, uid, project.id, body);
  await upload(deps, reservation.uploadPath, file);
  const queued = await finalized(deps, reservation.uploadPath);
  return { deps, projectId: project.id, documentId: reservation.documentId, uploadPath: reservation.uploadPath, reservation, queued };
}

describe('a recording Gemini transcribes into a new interview', () => {

  it('a private project sends nothing out: refused with what to upload instead, nothing created', async () => {
    await seedUser('pri', 10);
    const project = await createProject(db(), 'pri', 'Private', { geminiConfigured: true, settings: { analyser: 'local' }, quotas: ROOMY_QUOTAS });
    await expect(reserveRecordingInterview(db(), depsWith(), 'pri', project.id, { fileName: 'a.m4a', size: 1000, kind: 'recording' })).rejects.toMatchObject({
      code: 'needs-transcript',
      message: RECORDING_MESSAGES.needsTranscript,
    });
    expect((await db().collection(`projects/${project.id}/documents`).get()).size).toBe(0);
  });

  it('a project that redacts: refused without the researcher’s confirmation that its sound goes as spoken, nothing created or spent', async () => {
    const project = await geminiProject('unasked');
    for (const confirmUnredactedSound of [undefined, false]) {
      await expect(reserveRecordingInterview(db(), depsWith(), 'unasked', project.id, { fileName: 'a.m4a', size: 1000, kind: 'recording', confirmUnredactedSound })).rejects.toMatchObject({
        kind: 'invalid',
        code: 'sound-not-confirmed',
        message: RECORDING_MESSAGES.soundNotConfirmed,
      });
    }
    expect((await db().collection(`projects/${project.id}/documents`).get()).size).toBe(0);
    expect(await creditsOf('unasked')).toBe(10);
    // Redaction off: nothing to confirm, and nothing recorded as confirmed.
    await updateProject(db(), 'unasked', project.id, { settings: { redactPii: false } });
    const reservation = await reserveRecordingInterview(db(), depsWith(), 'unasked', project.id, { fileName: 'a.m4a', size: 1000, kind: 'recording' });
    expect(reservation.document.recording).toMatchObject({ status: 'uploading', origin: 'transcribed' });
    expect(reservation.document.recording).not.toHaveProperty('unredactedSoundConfirmedAt');
  });

  it('out of credits: 402 before any upload, nothing created', async () => {
    const project = await geminiProject('poor', 0);
    await expect(reserveRecordingInterview(db(), depsWith(), 'poor', project.id, { fileName: 'a.m4a', size: 1000, kind: 'recording', confirmUnredactedSound: true })).rejects.toMatchObject({
      kind: 'payment-required',
      message: OUT_OF_CREDITS_MESSAGE,
    });
    expect((await db().collection(`projects/${project.id}/documents`).get()).size).toBe(0);
  });

  it('is transcribed and stored as an uploaded transcript, machine-made, for one credit spent as its transcription is queued', async () => {
    const recording = makeRecording({ format: 'webm' });
    const { deps, projectId, documentId, reservation, queued } = await queuedRecording('gem', recording, 'call.webm');
    expect(reservation).toMatchObject({ uploadVia: 'storage', uploadPath: `recordings/gem/${projectId}/${documentId}/call.webm` });
    expect(reservation.document).toMatchObject({ status: 'uploading', recording: { status: 'uploading', origin: 'transcribed' } });

    // The trigger reads it, spends the credit and queues its transcription: one task, for this interview.
    expect(queued).toMatchObject({ status: 'transcribing', creditsRemaining: 9, recording: { contentType: 'audio/webm', codec: 'Opus' } });
    expect(deps.transcriptions.jobs).toEqual([{ projectId, documentId }]);
    expect(await storedInterview(projectId, documentId)).toMatchObject({
      status: 'parsing',
      creditSpent: true,
      recording: { status: 'transcribing', progress: 0, contentType: 'audio/webm', transcriptionStartedAt: null },
    });
    expect(await creditsOf('gem')).toBe(9);

    const seen: { creditsWhenCalled?: number; firstBytes?: string; input?: Omit<TranscriptionInput, 'readRange' | 'onProgress'> } = {};
    const taskFrom = Date.now();
    const outcome = await runTask(deps, deps.transcriptions.jobs[0], async (_db, input) => {
      seen.creditsWhenCalled = await creditsOf('gem');
      const chunks: Buffer[] = [];
      for await (const chunk of input.readRange(0, 4)) chunks.push(chunk as Buffer);
      seen.firstBytes = Buffer.concat(chunks).toString('hex');
      const { readRange: _r, onProgress, ...rest } = input;
      seen.input = rest;
      await onProgress?.(0.5);
      expect((await storedInterview(projectId, documentId))?.recording).toMatchObject({ status: 'transcribing', progress: 0.5 });
      return { ok: true, transcript: await parseTranscript({ bytes: recording.vtt, fileName: 'gemini.vtt' }) };
    });

    expect(outcome).toMatchObject({ status: 'ready', creditsRemaining: 9 });
    expect(seen.creditsWhenCalled).toBe(9);
    expect(seen.firstBytes).toBe('1a45dfa3'); // the file's own bytes (EBML)
    expect(seen.input).toMatchObject({ uid: 'gem', projectId, documentId, fileName: 'call.webm', contentType: 'audio/webm', hasVideo: false });
    // Its Gemini work ends by the task's 30 minutes from its start, less the time to store what it made; its sound
    // is cut a part at a time.
    expect(seen.input!.deadlineAtMs).toBeGreaterThanOrEqual(taskFrom + 1_800_000 - 90_000);
    expect(seen.input!.deadlineAtMs).toBeLessThanOrEqual(Date.now() + 1_800_000 - 90_000);
    expect(typeof seen.input!.cutAudio).toBe('function');
    // Each file it puts in Gemini's file store is named until deleted there (the sweeper's list).
    expect(typeof seen.input!.onFileStored).toBe('function');
    expect(typeof seen.input!.onFileDeleted).toBe('function');
    expect(Math.abs(seen.input!.durationSeconds - recording.durationSeconds)).toBeLessThan(1);

    const doc = await storedInterview(projectId, documentId);
    expect(doc).toMatchObject({ status: 'parsed', creditSpent: true, transcriptOrigin: 'machine', error: null, turnCount: recording.turns.length });
    expect(doc?.recording).toMatchObject({ status: 'ready', origin: 'transcribed', contentType: 'audio/webm', codec: 'Opus', progress: 1 });
    // The researcher's confirmation that its sound might reach Gemini as spoken stays on record through every step.
    expect(doc?.recording.unredactedSoundConfirmedAt.toDate()).toEqual(reservation.document.recording?.unredactedSoundConfirmedAt);
    expect(reservation.document.recording?.unredactedSoundConfirmedAt).toBeInstanceOf(Date);
    expect(doc?.speakers.map((s: { label: string; role: string }) => [s.label, s.role])).toEqual([
      ['AI', 'interviewer'],
      ['User', 'participant'],
    ]);
    expect(await transcriptParts(projectId, documentId)).toBeGreaterThan(0);
    expect(await creditsOf('gem')).toBe(9);
    expect((await db().doc(`projects/${projectId}`).get()).data()?.counts).toMatchObject({ documents: 1, parsed: 1, failed: 0 });

    // Cloud Storage may deliver the event twice: the second finds the recording read and queues nothing more.
    expect(await finalized(deps, reservation.uploadPath)).toMatchObject({ status: 'skipped' });
    expect(deps.transcriptions.jobs).toHaveLength(1);
  });

  it('a machine transcript whose interviewer is unsure waits for its owner with its credit spent; confirming spends nothing more', async () => {
    const { deps, projectId, documentId } = await queuedRecording('two', makeRecording({ format: 'm4a' }), 'chat.m4a');
    const outcome = await runTask(deps, deps.transcriptions.jobs[0], async () => ({ ok: true, transcript: await parseTranscript({ bytes: twoStorytellers(), fileName: 'gemini.txt' }) }));
    expect(outcome).toMatchObject({ status: 'awaiting-roles' });
    expect(await storedInterview(projectId, documentId)).toMatchObject({ status: 'awaiting-roles', creditSpent: true, transcriptOrigin: 'machine' });
    expect(await creditsOf('two')).toBe(9);

    const confirmed = await confirmRoles(db(), 'two', projectId, documentId, { rolesVersion: 0 });
    expect(confirmed).toMatchObject({ creditsRemaining: 9, document: { status: 'parsed', creditSpent: true } });
    expect(await creditsOf('two')).toBe(9);
  });

  it('a failed transcription returns the credit; the interview fails with its sentence, its recording deleted, no transcript kept', async () => {
    const { deps, projectId, documentId, uploadPath } = await queuedRecording('sad', makeRecording({ format: 'm4a' }), 'call.m4a');
    let creditsDuring = -1;
    const outcome = await runTask(deps, deps.transcriptions.jobs[0], async () => {
      creditsDuring = await creditsOf('sad');
      return { ok: false, code: 'transcription-empty', message: RECORDING_MESSAGES.transcriptionEmpty };
    });

    expect(creditsDuring).toBe(9);
    expect(outcome).toMatchObject({ status: 'failed', code: 'transcription-empty', message: RECORDING_MESSAGES.transcriptionEmpty });
    expect(await creditsOf('sad')).toBe(10);
    const doc = await storedInterview(projectId, documentId);
    expect(doc).toMatchObject({ status: 'failed', errorCode: 'transcription-empty', error: RECORDING_MESSAGES.transcriptionEmpty, creditSpent: false });
    expect(doc?.recording).toMatchObject({ status: 'failed', errorCode: 'transcription-empty' });
    expect(doc?.transcriptOrigin).toBeUndefined();
    expect(await transcriptParts(projectId, documentId)).toBe(0);
    expect(await deps.store.stat(uploadPath)).toBeNull();
    expect((await db().doc(`projects/${projectId}`).get()).data()?.counts).toMatchObject({ documents: 1, parsed: 0, failed: 1 });
  });

  for (const ceiling of ['project', 'account'] as const) {
    it(`at the ${ceiling}’s monthly Gemini allowance: not transcribed, the credit returned once, the recording’s own sentence, its file deleted`, async () => {
      const { deps, projectId, documentId, uploadPath } = await queuedRecording(`cap-${ceiling}`, makeRecording({ format: 'm4a' }), 'call.m4a');
      expect(await creditsOf(`cap-${ceiling}`)).toBe(9);
      const at = new Date();
      const limits = readServerLimits({ GEMINI_MONTHLY_TOKENS_PER_PROJECT: '50000', GEMINI_MONTHLY_TOKENS_PER_ACCOUNT: '80000' }).gemini;
      const used = ceiling === 'project' ? `projects/${projectId}` : `users/cap-${ceiling}`;
      await db().doc(`${used}/geminiUsage/${usageMonth(at)}`).set({ tokens: ceiling === 'project' ? 50_000 : 80_000, calls: 7 });
      // The module's own transcription, held to the allowances before anything is sent (this address answers nothing).
      const gemini = { apiKey: 'test-key', model: 'gemini-3.8-flash', baseUrl: 'http://127.0.0.1:9' };
      const outcome = await runTask(deps, deps.transcriptions.jobs[0], (_db, input) => transcribeRecording(db(), { ...input, gemini, limits, now: () => at }), () => at);

      const message = ceiling === 'project' ? RECORDING_CEILING_MESSAGES.project(50_000, at) : RECORDING_CEILING_MESSAGES.account(80_000, at);
      // A recording's own sentence, not an analysis's: it offers a transcript with times, not analysing again.
      expect(message).not.toBe(ALLOWANCE_MESSAGES.analysis(ceiling, ceiling === 'project' ? 50_000 : 80_000, at));
      expect(outcome).toMatchObject({ status: 'failed', code: 'gemini-ceiling', message });
      expect(await storedInterview(projectId, documentId)).toMatchObject({
        status: 'failed',
        errorCode: 'gemini-ceiling',
        error: message,
        creditSpent: false,
        recording: { status: 'failed', errorCode: 'gemini-ceiling', error: message },
      });
      expect(await creditsOf(`cap-${ceiling}`)).toBe(10);
      expect(await deps.store.stat(uploadPath)).toBeNull();
      expect(await transcriptParts(projectId, documentId)).toBe(0);
      // A second delivery of the task finds it failed: nothing more returned, nothing tried.
      expect(await runTask(deps, deps.transcriptions.jobs[0], () => Promise.reject(new Error('not called')))).toEqual({ status: 'skipped', reason: 'done' });
      expect(await creditsOf(`cap-${ceiling}`)).toBe(10);
    });
  }

  it('one whose estimate would pass the project’s allowance is refused before its credit is spent: nothing spent, queued or sent', async () => {
    const project = await geminiProject('cap-early');
    const at = new Date();
    // 5,000 tokens left of 5,000,000: four minutes of sound are some 15,000 with their prompt and answer.
    await db().doc(`projects/${project.id}/geminiUsage/${usageMonth(at)}`).set({ tokens: 4_995_000, calls: 70 });
    const deps = depsWith();
    const file = makeRecording({ format: 'm4a' });
    const reservation = await reserveRecordingInterview(db(), deps, 'cap-early', project.id, { fileName: 'call.m4a', size: statSync(file.path).size, kind: 'recording', confirmUnredactedSound: true });
    await upload(deps, reservation.uploadPath, file);
    const queued = await finalized(deps, reservation.uploadPath);
    const message = RECORDING_CEILING_MESSAGES.project(5_000_000, new Date());
    expect(queued).toMatchObject({ status: 'failed', code: 'gemini-ceiling', message });
    expect(await storedInterview(project.id, reservation.documentId)).toMatchObject({ status: 'failed', errorCode: 'gemini-ceiling', error: message, creditSpent: false });
    expect(await creditsOf('cap-early')).toBe(10);
    expect(deps.transcriptions.jobs).toHaveLength(0);
    expect(await deps.store.stat(reservation.uploadPath)).toBeNull();
  });

  it('a file that is no recording is refused before anything is spent, queued or sent to Gemini', async () => {
    const { deps, projectId, documentId, queued } = await queuedRecording('junk', notMediaRecording(), 'notes.mp3');
    expect(queued).toMatchObject({ status: 'failed', code: 'not-media' });
    expect(deps.transcriptions.jobs).toHaveLength(0);
    expect(await creditsOf('junk')).toBe(10);
    expect(await storedInterview(projectId, documentId)).toMatchObject({ status: 'failed', errorCode: 'not-media', creditSpent: false });
  });

  it('a silent .webm is refused as silent before anything is spent, queued or sent to Gemini', async () => {
    const { deps, projectId, documentId, queued } = await queuedRecording('hush', silentRecording({ format: 'webm' }), 'call.webm');
    expect(queued).toMatchObject({ status: 'failed', code: 'silent', message: RECORDING_MESSAGES.silent('call.webm') });
    expect(deps.transcriptions.jobs).toHaveLength(0);
    expect(await creditsOf('hush')).toBe(10);
    expect(await storedInterview(projectId, documentId)).toMatchObject({ status: 'failed', errorCode: 'silent', creditSpent: false });
  });

  it('a file of nested boxes past the reader\'s bounds is refused before anything is spent, queued or sent to Gemini; its file deleted', async () => {
    const { deps, projectId, documentId, queued, uploadPath } = await queuedRecording('boxes', nestedBoxRecording({ boxes: 200_000 }), 'call.m4a');
    expect(queued).toMatchObject({ status: 'failed', code: 'too-complex', message: RECORDING_MESSAGES.tooComplex('call.m4a') });
    expect(deps.transcriptions.jobs).toHaveLength(0);
    expect(await creditsOf('boxes')).toBe(10);
    expect(await deps.store.stat(uploadPath)).toBeNull();
    expect(await storedInterview(projectId, documentId)).toMatchObject({ status: 'failed', errorCode: 'too-complex', creditSpent: false });
  });

  it('a header that says 12 s over four minutes of speech: queued with the length its sound has, the one its transcription is charged on', async () => {
    const file = understatedRecording({ headerSeconds: 12 });
    const { deps, projectId, documentId, queued } = await queuedRecording('short', file, 'call.mp3');
    expect(queued).toMatchObject({ status: 'transcribing' });
    expect(deps.transcriptions.jobs).toHaveLength(1);
    const stored = (await storedInterview(projectId, documentId))?.recording;
    expect(Math.abs(stored?.durationSeconds - file.durationSeconds)).toBeLessThan(2);
  });

  it('a transcription that cannot be queued returns the credit at once, saying so; the recording is not kept', async () => {
    const deps = depsWith(testRecordingStore(), keptQueue({ reachable: false }));
    const { projectId, documentId, uploadPath, queued } = await queuedRecording('down', makeRecording({ format: 'm4a' }), 'call.m4a', deps);
    expect(queued).toMatchObject({ status: 'failed', reason: 'internal', message: INTERNAL_FAILURE_MESSAGE });
    expect(await creditsOf('down')).toBe(10);
    expect(await storedInterview(projectId, documentId)).toMatchObject({ status: 'failed', error: INTERNAL_FAILURE_MESSAGE, creditSpent: false, recording: { status: 'failed' } });
    expect(await deps.store.stat(uploadPath)).toBeNull();
  });
});

describe('a project whose settings change after a recording was reserved', () => {
  /**
   * A recording reserved in a Gemini project with redaction `redacting` (confirmed only where it was asked), its bytes
   * uploaded; `read` has its Storage event handled (read, credit spent, transcription queued), or not yet.
   */
  async function reserved(uid: string, { redacting, read }: { redacting: boolean; read: boolean }) {
    await seedUser(uid, 10);
    const project = await createProject(db(), uid, 'Changing', { geminiConfigured: true, settings: { analyser: 'gemini', redactPii: redacting }, quotas: ROOMY_QUOTAS });
    const deps = depsWith();
    const file = makeRecording({ format: 'm4a' });
    const body = { fileName: 'call.m4a', size: statSync(file.path).size, kind: 'recording', ...(redacting ? { confirmUnredactedSound: true } : {}) };
    const reservation = await reserveRecordingInterview(db(), deps, uid, project.id, body);
    await upload(deps, reservation.uploadPath, file);
    const queued = read ? await finalized(deps, reservation.uploadPath) : undefined;
    // A transcriber that only counts: nothing of the recording may reach it.
    const sent: string[] = [];
    const transcribe: Transcribe = async (_db, input) => {
      sent.push(input.documentId);
      return { ok: true, transcript: await parseTranscript({ bytes: file.vtt, fileName: 'gemini.vtt' }) };
    };
    return { deps, projectId: project.id, documentId: reservation.documentId, uploadPath: reservation.uploadPath, reservation, queued, sent, transcribe };
  }

  /** Failed with `code` and `message` before anything was sent: its file deleted, no transcript, its credit back. */
  async function expectWithheld(uid: string, projectId: string, documentId: string, uploadPath: string, deps: Deps, code: string, message: string) {
    expect(await storedInterview(projectId, documentId)).toMatchObject({
      status: 'failed',
      errorCode: code,
      error: message,
      creditSpent: false,
      recording: { status: 'failed', errorCode: code, error: message },
    });
    expect(await creditsOf(uid)).toBe(10);
    expect(await deps.store.stat(uploadPath)).toBeNull();
    expect(await transcriptParts(projectId, documentId)).toBe(0);
    expect((await db().doc(`projects/${projectId}`).get()).data()?.counts).toMatchObject({ documents: 1, parsed: 0, failed: 1 });
  }

  it('redaction turned on between the reservation (made with it off) and the transcription: nothing is sent, the credit returned once', async () => {
    const { deps, projectId, documentId, uploadPath, reservation, queued, sent, transcribe } = await reserved('redact-later', { redacting: false, read: true });
    expect(reservation.document.recording).not.toHaveProperty('unredactedSoundConfirmedAt');
    expect(queued).toMatchObject({ status: 'transcribing', creditsRemaining: 9 });
    await updateProject(db(), 'redact-later', projectId, { settings: { redactPii: true } });

    const outcome = await runTask(deps, deps.transcriptions.jobs[0], transcribe);
    const message = RECORDING_MESSAGES.redactedSinceUpload(true);
    expect(message).not.toBe(RECORDING_MESSAGES.soundNotConfirmed);
    expect(outcome).toMatchObject({ status: 'failed', reason: 'transcription', code: 'sound-not-confirmed', message });
    expect(sent).toEqual([]);
    await expectWithheld('redact-later', projectId, documentId, uploadPath, deps, 'sound-not-confirmed', message);
    // A second delivery of the task finds it failed: nothing sent, nothing more returned.
    expect(await runTask(deps, deps.transcriptions.jobs[0], transcribe)).toEqual({ status: 'skipped', reason: 'done' });
    expect(sent).toEqual([]);
    expect(await creditsOf('redact-later')).toBe(10);
  });

  it('made private between the reservation and the transcription: nothing is sent, confirmed or not, the credit returned once', async () => {
    const { deps, projectId, documentId, uploadPath, reservation, queued, sent, transcribe } = await reserved('private-later', { redacting: true, read: true });
    expect(reservation.document.recording?.unredactedSoundConfirmedAt).toBeInstanceOf(Date);
    expect(queued).toMatchObject({ status: 'transcribing', creditsRemaining: 9 });
    await updateProject(db(), 'private-later', projectId, { settings: { analyser: 'local' } });

    const outcome = await runTask(deps, deps.transcriptions.jobs[0], transcribe);
    const message = RECORDING_MESSAGES.privateSinceUpload(true);
    expect(outcome).toMatchObject({ status: 'failed', reason: 'transcription', code: 'needs-transcript', message });
    expect(sent).toEqual([]);
    await expectWithheld('private-later', projectId, documentId, uploadPath, deps, 'needs-transcript', message);
    expect(await runTask(deps, deps.transcriptions.jobs[0], transcribe)).toEqual({ status: 'skipped', reason: 'done' });
    expect(await creditsOf('private-later')).toBe(10);
  });

  it('a confirmed recording still goes where redaction was turned off and on again meanwhile', async () => {
    const { deps, projectId, sent, transcribe } = await reserved('confirmed-once', { redacting: true, read: true });
    await updateProject(db(), 'confirmed-once', projectId, { settings: { redactPii: false } });
    await updateProject(db(), 'confirmed-once', projectId, { settings: { redactPii: true } });
    expect(await runTask(deps, deps.transcriptions.jobs[0], transcribe)).toMatchObject({ status: 'ready' });
    expect(sent).toHaveLength(1);
    expect(await creditsOf('confirmed-once')).toBe(9);
  });

  for (const change of [
    { name: 'redaction turned on', settings: { redactPii: true }, redacting: false, code: 'sound-not-confirmed', message: RECORDING_MESSAGES.redactedSinceUpload(false) },
    { name: 'made private', settings: { analyser: 'local' }, redacting: true, code: 'needs-transcript', message: RECORDING_MESSAGES.privateSinceUpload(false) },
  ] as const) {
    it(`${change.name} while the recording was uploading: refused as it is read, nothing spent or queued`, async () => {
      const uid = `upload-${change.code}`;
      const { deps, projectId, documentId, uploadPath, sent } = await reserved(uid, { redacting: change.redacting, read: false });
      await updateProject(db(), uid, projectId, { settings: change.settings });
      expect(await finalized(deps, uploadPath)).toMatchObject({ status: 'failed', reason: 'transcription', code: change.code, message: change.message });
      expect(deps.transcriptions.jobs).toEqual([]);
      expect(sent).toEqual([]);
      await expectWithheld(uid, projectId, documentId, uploadPath, deps, change.code, change.message);
    });
  }
});

describe('a recording’s transcription task, delivered more than once', () => {
  /** A recording uploaded, read and queued, and a stand-in transcriber that hears its transcript (counting its calls). */
  async function queued(uid: string) {
    const recording = makeRecording({ format: 'm4a' });
    const { deps, projectId, documentId, uploadPath } = await queuedRecording(uid, recording, 'call.m4a');
    const heard = await parseTranscript({ bytes: recording.vtt, fileName: 'gemini.vtt' });
    let calls = 0;
    const transcribe: Transcribe = async () => {
      calls += 1;
      return { ok: true, transcript: heard };
    };
    return { deps, projectId, documentId, uploadPath, job: deps.transcriptions.jobs[0], transcribe, calls: () => calls, heard };
  }

  it('once done, a second delivery transcribes nothing and spends nothing', async () => {
    const { deps, projectId, documentId, job, transcribe, calls } = await queued('twice');
    expect(await runTask(deps, job, transcribe)).toMatchObject({ status: 'ready' });
    expect(await runTask(deps, job, transcribe)).toEqual({ status: 'skipped', reason: 'done' });
    expect(calls()).toBe(1);
    expect(await creditsOf('twice')).toBe(9);
    expect(await storedInterview(projectId, documentId)).toMatchObject({ status: 'parsed', creditSpent: true, transcriptOrigin: 'machine' });
  });

  it('while the first attempt runs, a second delivery leaves it alone; one transcription, one credit', async () => {
    const { deps, projectId, documentId, job, heard } = await queued('overlap');
    let calls = 0;
    let started: () => void = () => undefined;
    let release: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const transcribe: Transcribe = async () => {
      calls += 1;
      started();
      await new Promise<void>((resolve) => (release = resolve));
      return { ok: true, transcript: heard };
    };
    const first = runTask(deps, job, transcribe);
    await running;
    expect(await runTask(deps, job, transcribe)).toEqual({ status: 'skipped', reason: 'running' });
    release();
    expect(await first).toMatchObject({ status: 'ready' });
    expect(calls).toBe(1);
    expect(await creditsOf('overlap')).toBe(9);
    expect(await storedInterview(projectId, documentId)).toMatchObject({ status: 'parsed', creditSpent: true });
  });

  it('an attempt past its deadline is taken over by the retry, which keeps one transcript and spends nothing more', async () => {
    const { deps, projectId, documentId, job, transcribe, calls, heard } = await queued('retried');
    // The first attempt claimed the recording and stored part of a transcript, then stopped at its deadline.
    const claimedAt = new Date(Date.now() - 31 * 60_000);
    const hung = runTask(deps, job, () => new Promise<TranscriptionOutcome>(() => undefined), () => claimedAt);
    await waitForClaim(projectId, documentId);
    await db().doc(`projects/${projectId}/documents/${documentId}/transcript/leftover`).set({ kind: 'text', index: 99, text: 'half of an earlier attempt' });
    void hung;

    expect(await runTask(deps, job, transcribe)).toMatchObject({ status: 'ready' });
    expect(calls()).toBe(1);
    expect((await db().doc(`projects/${projectId}/documents/${documentId}/transcript/leftover`).get()).exists).toBe(false);
    const doc = await storedInterview(projectId, documentId);
    expect(doc).toMatchObject({ status: 'parsed', creditSpent: true, turnCount: heard.turns.length });
    expect(await creditsOf('retried')).toBe(9);
  });

  it('an attempt that outlived its deadline and finds another took over keeps nothing of what it heard', async () => {
    const { deps, projectId, documentId, job, heard } = await queued('zombie');
    let finishFirst: () => void = () => undefined;
    const late = runTask(
      deps,
      job,
      () => new Promise<TranscriptionOutcome>((resolve) => (finishFirst = () => resolve({ ok: false, code: 'transcription-failed', message: RECORDING_MESSAGES.transcriptionFailed }))),
      () => new Date(Date.now() - 31 * 60_000),
    );
    await waitForClaim(projectId, documentId);
    expect(await runTask(deps, job, async () => ({ ok: true, transcript: heard }))).toMatchObject({ status: 'ready' });
    finishFirst();
    expect(await late).toEqual({ status: 'skipped', reason: 'superseded' });
    expect(await storedInterview(projectId, documentId)).toMatchObject({ status: 'parsed', creditSpent: true, recording: { status: 'ready' } });
    expect(await creditsOf('zombie')).toBe(9);
  });

  it('a transcription whose task never finishes is stopped by the sweeper only after an attempt’s whole deadline, its credit returned once, its recording deleted; the task arriving later does nothing', async () => {
    const { deps, projectId, documentId, uploadPath, job, transcribe, calls } = await queued('lost');
    // Past a file's 15 minutes of reading, but within the 30 minutes an attempt may take: left alone, its recording kept.
    expect(await sweepAt(deps, 20)).toMatchObject({ stopped: 0 });
    expect(await storedInterview(projectId, documentId)).toMatchObject({ status: 'parsing', recording: { status: 'transcribing' } });
    expect(await deps.store.stat(uploadPath)).not.toBeNull();
    const reports = await Promise.all([sweepAt(deps, 45), sweepAt(deps, 45)]);
    expect(reports.reduce((n, r) => n + r.stopped, 0)).toBe(1);
    expect(reports.reduce((n, r) => n + r.refunded, 0)).toBe(1);
    expect(await storedInterview(projectId, documentId)).toMatchObject({
      status: 'failed',
      errorCode: 'parse-timeout',
      error: STUCK_MESSAGES.parsingRefunded,
      creditSpent: false,
      recording: { status: 'failed', error: STUCK_MESSAGES.parsingRefunded, progress: 1 },
    });
    expect(await creditsOf('lost')).toBe(10);
    // The failed interview keeps no recording behind.
    expect(await deps.store.stat(uploadPath)).toBeNull();
    expect(await transcriptParts(projectId, documentId)).toBe(0);
    expect(await runTask(deps, job, transcribe)).toEqual({ status: 'skipped', reason: 'done' });
    expect(calls()).toBe(0);
    // Later sweeps find nothing more to do, nor return the credit again.
    expect(await sweepAt(deps, 90)).toMatchObject({ found: 0, refunded: 0 });
    expect(await creditsOf('lost')).toBe(10);
  });

  it('a recording whose reading died before its transcription was queued fails with its interview, nothing spent, its file deleted', async () => {
    const file = makeRecording({ format: 'm4a' });
    const deps = depsWith();
    const project = await geminiProject('halt');
    const body = { fileName: 'call.m4a', size: statSync(file.path).size, kind: 'recording', confirmUnredactedSound: true };
    const reservation = await reserveRecordingInterview(db(), deps, 'halt', project.id, body);
    await upload(deps, reservation.uploadPath, file);
    void readingThatDies(deps, reservation.uploadPath);
    await waitForRecording(project.id, reservation.documentId, 'checking');

    expect(await sweepAt(deps, 10)).toMatchObject({ stopped: 0 });
    expect(await deps.store.stat(reservation.uploadPath)).not.toBeNull();
    expect(await sweepAt(deps, 16)).toMatchObject({ stopped: 1, refunded: 0 });
    expect(await storedInterview(project.id, reservation.documentId)).toMatchObject({
      status: 'failed',
      errorCode: 'parse-timeout',
      error: STUCK_MESSAGES.parsing,
      creditSpent: false,
      recording: { status: 'failed', error: STUCK_MESSAGES.parsing },
    });
    expect(await deps.store.stat(reservation.uploadPath)).toBeNull();
    expect(await creditsOf('halt')).toBe(10);
    expect(deps.transcriptions.jobs).toHaveLength(0);
  });

  it('a task whose interview was removed, or whose payload names none, does nothing', async () => {
    const { deps, projectId, documentId, job, transcribe, calls } = await queued('removed');
    await deleteInterview(db(), noFileStore, 'removed', projectId, documentId, deps.store);
    expect(await runTask(deps, job, transcribe)).toEqual({ status: 'skipped', reason: 'gone' });
    expect(await handleTranscriptionTask({ data: { projectId: '../x' } }, { db: db(), store: deps.store, transcribe })).toEqual({ status: 'skipped', reason: 'not-a-job' });
    expect(calls()).toBe(0);
  });
});

/** The sweeper analyses nothing here. */
const unused: Analyser = { name: 'local', analyse: () => Promise.reject(new Error('No analysis in these tests.')) };

/** The scheduled sweep as its trigger runs it, with the recordings' store, `minutes` from now. */
function sweepAt(deps: Deps, minutes: number) {
  return handleSweepStuckInterviews({}, { db: db(), recordings: deps.store, chooseAnalyser: () => ({ analyser: unused, notes: [] }), now: () => new Date(Date.now() + minutes * 60_000) });
}

/** The upload's event handled by a function that dies once it starts reading the bytes (they never come). */
function readingThatDies(deps: Deps, path: string) {
  const dying: Deps['store'] = { ...deps.store, stat: () => new Promise(() => undefined) };
  return finalized({ ...deps, store: dying }, path);
}

async function waitForRecording(projectId: string, documentId: string, status: string) {
  for (let i = 0; i < 200; i++) {
    if ((await storedInterview(projectId, documentId))?.recording?.status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`The recording never became ${status}.`);
}

/** Waits until an attempt has claimed the interview's recording. */
async function waitForClaim(projectId: string, documentId: string) {
  for (let i = 0; i < 200; i++) {
    if ((await storedInterview(projectId, documentId))?.recording?.transcriptionStartedAt) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('No attempt claimed the recording.');
}
