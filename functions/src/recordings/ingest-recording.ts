import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { OUT_OF_CREDITS_MESSAGE } from '@verbatim/contract/app-error';
import type { TranscriptDocument } from '@verbatim/contract/project';
import { RECORDING_MESSAGES, type InterviewRecording, type RecordingErrorCode, type RecordingLimits } from '@verbatim/contract/recording';
import { recordingPath, recordingPrefix } from '@verbatim/contract/upload-path';
import { transcribeRecording, type TranscriptionInput, type TranscriptionOutcome } from '../analysis/transcription';
import { withInterviewCharge } from '../credits/credit-ledger';
import { acceptTranscript, deleteTranscript, INTERNAL_FAILURE_MESSAGE, writeTranscript } from '../ingestion/ingest-document';
import { applyTransition, writeTransition, type InterviewKey } from '../interviews/apply-transition';
import { mustTransition } from '../interviews/lifecycle';
import { logs } from '../lib/logs';
import { documentRef } from '../projects/refs';
import type { RecordingStore } from '../storage/recording-store';
import { probeRecording, type ProbedRecording } from './probe-recording';
import { lastTranscriptSecond } from './transcript-times';

/**
 * The one pipeline a recording goes through once its bytes are stored, whichever way they came (a browser's upload to
 * Cloud Storage and its trigger, or the API's body on the emulators):
 * - read it (probe-recording.ts): a recording that cannot be used is refused with its sentence, its file deleted, and
 *   nothing else changes (no credit is spent);
 * - `attached` to an interview's uploaded transcript: the transcript's last timestamp must fall within the recording
 *   (a few seconds' grace), then the recording is `ready`; the interview itself is untouched and nothing is spent;
 * - `transcribed` (a new interview in a Gemini project): the credit is spent as the transcription starts, Gemini makes
 *   the transcript, which is stored and accepted exactly as an uploaded one (`transcriptOrigin: 'machine'`) and goes on
 *   to the analysis; when the transcription fails, the credit is returned, the interview fails with the sentence and
 *   the recording's file is deleted (the interview holds no half-made transcript).
 */

export interface RecordingIngestInput {
  uid: string;
  projectId: string;
  documentId: string;
  /** Where the bytes are stored (`recordingPath`). */
  path: string;
}

export interface RecordingIngestDeps {
  store: RecordingStore;
  limits: RecordingLimits;
  /** Gemini's transcription (analysis/transcription); the tests pass their own. */
  transcribe?: (db: Firestore, input: TranscriptionInput) => Promise<TranscriptionOutcome>;
  now?: () => Date;
}

export type RecordingIngestOutcome =
  /** Read and ready to play (an attached recording; a transcribed one's transcript is accepted). */
  | { status: 'ready'; recording: ProbedRecording; creditsRemaining?: number }
  /** Transcribed, but who interviews is unsure: waits for its owner to check the roles (its credit stays spent). */
  | { status: 'awaiting-roles'; recording: ProbedRecording }
  | { status: 'failed'; reason: 'file' | 'credits' | 'transcription' | 'internal'; code: string; message: string; creditsRemaining?: number }
  | { status: 'skipped'; message: string };

/** How far past the recording's end a transcript's last timestamp may be (rounding, a cue's own length). */
export const PAST_END_GRACE_SECONDS = 5;

export async function ingestRecording(db: Firestore, input: RecordingIngestInput, deps: RecordingIngestDeps): Promise<RecordingIngestOutcome> {
  const now = deps.now ?? (() => new Date());
  const key: InterviewKey = { projectId: input.projectId, documentId: input.documentId, ownerId: input.uid };
  const docRef = documentRef(db, input.projectId, input.documentId);

  // uploading → checking, once: a repeated trigger or request finds it moved on.
  const started = await db.runTransaction(async (tx) => {
    const doc = (await tx.get(docRef)).data();
    const recording = doc?.recording;
    if (!doc || doc.ownerId !== input.uid || !recording || recording.status !== 'uploading') return null;
    if (recordingPath({ ...input, fileName: recording.fileName }) !== input.path) return null;
    if (recording.origin === 'transcribed') {
      const t = await applyTransition(db, tx, key, doc, { type: 'start-parsing', size: recording.size }, now());
      if (!t) return null;
    }
    tx.update(docRef, { recording: { ...recording, status: 'checking', progress: 0.1, updatedAt: now() } });
    return doc;
  });
  if (!started) {
    logs.recordingIgnored(input.path, 'no interview waiting for this recording');
    return { status: 'skipped', message: 'No interview is waiting for this recording.' };
  }
  const origin = started.recording!.origin;
  const fileName = started.recording!.fileName;

  try {
    const stored = await deps.store.stat(input.path);
    if (!stored) return await refuse(db, input, deps, 'corrupt', RECORDING_MESSAGES.corrupt(fileName), now());
    const source = { fileName, size: stored.size, readRange: (start: number, end: number) => deps.store.readRange(input.path, start, end) };
    const probe = await probeRecording(source, deps.limits);
    if (!probe.ok) return await refuse(db, input, deps, probe.code, probe.message, now());
    const recording = probe.recording;
    await deps.store.setContentType(input.path, recording.contentType);

    if (origin === 'attached') {
      const last = await lastTranscriptSecond(db, input.projectId, input.documentId);
      if (last === null) return await refuse(db, input, deps, 'no-timestamps', RECORDING_MESSAGES.noTimestamps, now());
      if (last > recording.durationSeconds + PAST_END_GRACE_SECONDS) {
        return await refuse(db, input, deps, 'past-end', RECORDING_MESSAGES.pastEnd(last, recording.durationSeconds), now());
      }
      const ready = await db.runTransaction(async (tx) => {
        const doc = (await tx.get(docRef)).data();
        if (doc?.recording?.status !== 'checking') return false;
        tx.update(docRef, { recording: readyRecording(doc.recording, recording, stored.size, now()) });
        return true;
      });
      if (!ready) return { status: 'skipped', message: 'The recording was removed while it was being read.' };
      logs.recordingReady(input.documentId, origin, recording.durationSeconds, recording.codec);
      return { status: 'ready', recording };
    }
    return await transcribe(db, input, deps, { ...recording, fileName, size: stored.size }, now);
  } catch (err) {
    logs.recordingFailed(input.documentId, err);
    await refuse(db, input, deps, 'internal', INTERNAL_FAILURE_MESSAGE, now()).catch(() => undefined);
    return { status: 'failed', reason: 'internal', code: 'internal', message: INTERNAL_FAILURE_MESSAGE };
  }
}

/** A transcribed interview: the credit, Gemini, then the transcript accepted as an uploaded one. */
async function transcribe(
  db: Firestore,
  input: RecordingIngestInput,
  deps: RecordingIngestDeps,
  read: ProbedRecording & { fileName: string; size: number },
  now: () => Date,
): Promise<RecordingIngestOutcome> {
  const { fileName, size, ...recording } = read;
  const key: InterviewKey = { projectId: input.projectId, documentId: input.documentId, ownerId: input.uid };
  const docRef = documentRef(db, input.projectId, input.documentId);
  const charged = await withInterviewCharge(db, input.uid, docRef, (tx, doc, charge) => {
    if (!doc || doc.status !== 'parsing' || doc.recording?.status !== 'checking') return { kind: 'gone' as const };
    if (!charge.accepted) return { kind: 'refused' as const, creditsRemaining: charge.creditsRemaining };
    const at = now();
    writeTransition(db, tx, key, mustTransition(doc, { type: 'start-transcription', creditSpent: charge.spent }, at), at);
    tx.update(docRef, { recording: { ...doc.recording, ...probedFields(recording, size), status: 'transcribing', progress: 0, updatedAt: at } });
    charge.spend(at);
    return { kind: 'charged' as const };
  });
  if (charged.kind === 'gone') return { status: 'skipped', message: 'The interview was removed while its recording was being read.' };
  if (charged.kind === 'refused') {
    const outcome = await refuse(db, input, deps, 'out-of-credits', OUT_OF_CREDITS_MESSAGE, now(), 'credits');
    return { ...outcome, creditsRemaining: charged.creditsRemaining };
  }

  let outcome: TranscriptionOutcome;
  let reported = 0;
  try {
    outcome = await (deps.transcribe ?? transcribeRecording)(db, {
      uid: input.uid,
      projectId: input.projectId,
      documentId: input.documentId,
      fileName,
      contentType: recording.contentType,
      size,
      durationSeconds: recording.durationSeconds,
      readRange: (start, end) => deps.store.readRange(input.path, start, end),
      onProgress: async (fraction) => {
        // A step of 5 % at least: a long transcription writes a few dozen times, and its `updatedAt` tells the
        // sweeper it is alive.
        if (fraction - reported < 0.05) return;
        reported = fraction;
        const at = now();
        await docRef.update({ 'recording.progress': Math.min(1, fraction), 'recording.updatedAt': at, progress: 0.2 + 0.7 * Math.min(1, fraction), updatedAt: at });
      },
    });
  } catch (err) {
    logs.recordingFailed(input.documentId, err);
    outcome = { ok: false, code: 'transcription-failed', message: RECORDING_MESSAGES.transcriptionFailed };
  }
  if (!outcome.ok) return refuse(db, input, deps, outcome.code, outcome.message, now(), 'transcription');

  try {
    await writeTranscript(db, input, outcome.transcript);
    const at = now();
    const current = (await docRef.get()).data()?.recording;
    const accepted = await acceptTranscript(db, input, outcome.transcript, at, {
      prepaid: true,
      fields: { transcriptOrigin: 'machine', ...(current ? { recording: readyRecording(current, recording, size, at) } : {}) },
    });
    if (accepted.status === 'skipped') return accepted;
    if (accepted.status === 'failed') return { status: 'failed', reason: 'internal', code: accepted.code, message: accepted.message };
    logs.recordingReady(input.documentId, 'transcribed', recording.durationSeconds, recording.codec);
    return accepted.status === 'awaiting-roles'
      ? { status: 'awaiting-roles', recording }
      : { status: 'ready', recording, creditsRemaining: accepted.creditsRemaining };
  } catch (err) {
    logs.recordingFailed(input.documentId, err);
    await deleteTranscript(db, input).catch(() => undefined);
    return refuse(db, input, deps, 'internal', INTERNAL_FAILURE_MESSAGE, now(), 'internal');
  }
}

function probedFields(recording: ProbedRecording, size: number): Partial<InterviewRecording> {
  return {
    size,
    contentType: recording.contentType,
    durationSeconds: recording.durationSeconds,
    hasVideo: recording.hasVideo,
    container: recording.container,
    codec: recording.codec,
  };
}

function readyRecording(current: InterviewRecording, recording: ProbedRecording, size: number, at: Date): InterviewRecording {
  return { ...current, ...probedFields(recording, size), status: 'ready', progress: 1, error: null, errorCode: null, updatedAt: at };
}

/**
 * The recording cannot be used: its file is deleted and the recording marks `failed` with the sentence. A transcribed
 * interview fails with it too, its credit returned when one was spent; an attached recording's interview is untouched.
 */
async function refuse(
  db: Firestore,
  input: RecordingIngestInput,
  deps: RecordingIngestDeps,
  code: RecordingErrorCode | 'out-of-credits' | 'internal',
  message: string,
  at: Date,
  reason: 'file' | 'credits' | 'transcription' | 'internal' = code === 'internal' ? 'internal' : 'file',
): Promise<Extract<RecordingIngestOutcome, { status: 'failed' }>> {
  await deps.store.deletePrefix(recordingPrefix(input.uid, input.projectId, input.documentId)).catch((err: unknown) => logs.recordingFailed(input.documentId, err));
  const docRef = documentRef(db, input.projectId, input.documentId);
  const key: InterviewKey = { projectId: input.projectId, documentId: input.documentId, ownerId: input.uid };
  await db.runTransaction(async (tx: Transaction) => {
    const doc: TranscriptDocument | undefined = (await tx.get(docRef)).data();
    if (!doc?.recording) return;
    if (doc.recording.origin === 'transcribed') {
      await applyTransition(db, tx, key, doc, reason === 'credits' ? { type: 'refuse-credits', code, message } : { type: 'refuse-file', code, message }, at);
    }
    const recordingCode = code === 'out-of-credits' || code === 'internal' ? null : code;
    tx.update(docRef, { recording: { ...doc.recording, status: 'failed', progress: 1, error: message, errorCode: recordingCode, updatedAt: at } });
  });
  logs.recordingRejected(input.documentId, code);
  return { status: 'failed', reason, code, message };
}
