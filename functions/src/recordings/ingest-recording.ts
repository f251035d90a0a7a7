import type { Firestore } from 'firebase-admin/firestore';
import { OUT_OF_CREDITS_MESSAGE } from '@verbatim/contract/app-error';
import { type RecordingLimits } from '@verbatim/contract/recording';
import { RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import { recordingPath } from '@verbatim/contract/upload-path';
import { withInterviewCharge } from '../credits/credit-ledger';
import { INTERNAL_FAILURE_MESSAGE } from '../ingestion/ingest-interview';
import { applyTransition, writeTransition, type InterviewKey } from '../interviews/apply-transition';
import { mustTransition } from '../interviews/lifecycle';
import { logs } from '../lib/logs';
import { projectRef } from '../projects/refs';
import { interviewRef } from '../interviews/interview-refs';
import type { RecordingStore } from '../storage/recording-store';
import { probeRecording, type ProbedRecording } from './probe-recording';
import { deleteRecordingFiles, isOrphanedUpload, probedFields, readyRecording, refuseRecording, type RecordingFailure } from './recording-state';
import { withheldTranscription } from './transcription-consent';
import { lastTranscriptSecond } from './transcript-times';
import type { TranscriptionQueue } from './transcription-queue';
import { transcriptionAllowanceRefusal } from '../analysis/transcription';
import { serverConfig } from '../config/server-config';
import type { GeminiLimits } from '../config/server-limits';

/**
 * The one pipeline a recording goes through once its bytes are stored, whichever way they came (a browser's upload to
 * Cloud Storage and its trigger, or the API's body on the emulators):
 * - read it (probe-recording.ts): a recording that cannot be used is refused with its sentence, its file deleted, and
 *   nothing else changes (no credit is spent);
 * - `attached` to an interview's uploaded transcript: the transcript's last timestamp must fall within the recording
 *   (a few seconds' grace), then the recording is `ready`; the interview itself is untouched and nothing is spent;
 * - `transcribed` (a new interview in a Gemini project): the credit is spent as the transcription starts and the
 *   transcription is queued: its own task makes the transcript (transcribe-recording.ts), which is stored and accepted
 *   exactly as an uploaded one (`transcriptOrigin: 'machine'`) and goes on to the analysis; when it fails, the credit
 *   is returned, the interview fails with the sentence and the recording's file is deleted.
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
  /** Where a transcribed recording's transcription is queued. */
  transcriptions: TranscriptionQueue;
  /** The Gemini allowances a transcription is held to before its credit is spent (default: the server's). */
  geminiLimits?: GeminiLimits;
  now?: () => Date;
}

export type RecordingIngestOutcome =
  /** Read and ready to play (an attached recording). */
  | { status: 'ready'; recording: ProbedRecording }
  /** Read, its credit spent, its transcription queued (a transcribed recording). */
  | { status: 'transcribing'; recording: ProbedRecording; creditsRemaining?: number }
  | RecordingFailure
  | { status: 'skipped'; message: string };

/** How far past the recording's end a transcript's last timestamp may be (rounding, a cue's own length). */
export const PAST_END_GRACE_SECONDS = 5;

export async function ingestRecording(db: Firestore, input: RecordingIngestInput, deps: RecordingIngestDeps): Promise<RecordingIngestOutcome> {
  const now = deps.now ?? (() => new Date());
  const key: InterviewKey = { projectId: input.projectId, documentId: input.documentId, ownerId: input.uid };
  const docRef = interviewRef(db, input.projectId, input.documentId);

  // uploading → checking, once: a repeated trigger or request finds it moved on.
  const claim = await db.runTransaction(async (tx) => {
    const doc = (await tx.get(docRef)).data();
    const recording = doc?.recording;
    if (!doc || doc.ownerId !== input.uid || !recording || recording.status !== 'uploading') return { started: false as const, doc: doc ?? null };
    if (recordingPath({ ...input, fileName: recording.fileName }) !== input.path) return { started: false as const, doc };
    if (recording.origin === 'transcribed') {
      const t = await applyTransition(db, tx, key, doc, { type: 'start-parsing', size: recording.size }, now());
      if (!t) return { started: false as const, doc };
    }
    tx.update(docRef, { recording: { ...recording, status: 'checking', progress: 0.1, updatedAt: now() } });
    return { started: true as const, doc };
  });
  if (!claim.started) {
    if (isOrphanedUpload(claim.doc, input.uid)) {
      // Bytes that arrived after their interview was deleted or their recording removed or failed: nothing would ever
      // read, play or delete them, so they go now.
      await deleteRecordingFiles(deps.store, input);
      logs.recordingIgnored(input.path, 'its interview or recording is gone: the file was deleted');
    } else if (recordingPath({ ...input, fileName: claim.doc!.recording!.fileName }) !== input.path) {
      // A file beside the one the interview reserved (storage.rules allow only that name; this is the second guard):
      // nothing reads, plays or counts it, so it goes at once, and the reserved recording is left as it is.
      await deps.store.delete(input.path).catch((err: unknown) => logs.recordingFailed(input.documentId, err));
      logs.recordingIgnored(input.path, 'not the file reserved for this interview: the file was deleted');
    } else {
      logs.recordingIgnored(input.path, 'no interview waiting for this recording');
    }
    return { status: 'skipped', message: 'No interview is waiting for this recording.' };
  }
  const origin = claim.doc.recording!.origin;
  const fileName = claim.doc.recording!.fileName;

  try {
    const stored = await deps.store.stat(input.path);
    if (!stored) return await refuseRecording(db, input, deps.store, 'corrupt', RECORDING_MESSAGES.corrupt(fileName), now());
    const source = { fileName, documentId: input.documentId, size: stored.size, readRange: (start: number, end: number) => deps.store.readRange(input.path, start, end) };
    const probe = await probeRecording(source, deps.limits);
    if (!probe.ok) return await refuseRecording(db, input, deps.store, probe.code, probe.message, now());
    const recording = probe.recording;
    await deps.store.setContentType(input.path, recording.contentType);

    if (origin === 'attached') {
      const last = await lastTranscriptSecond(db, input.projectId, input.documentId);
      if (last === null) return await refuseRecording(db, input, deps.store, 'no-timestamps', RECORDING_MESSAGES.noTimestamps, now());
      if (last > recording.durationSeconds + PAST_END_GRACE_SECONDS) {
        return await refuseRecording(db, input, deps.store, 'past-end', RECORDING_MESSAGES.pastEnd(last, recording.durationSeconds), now());
      }
      const ready = await db.runTransaction(async (tx) => {
        const doc = (await tx.get(docRef)).data();
        if (doc?.recording?.status !== 'checking') return false;
        tx.update(docRef, { recording: readyRecording(doc.recording, now(), { recording, size: stored.size }) });
        return true;
      });
      if (!ready) return { status: 'skipped', message: 'The recording was removed while it was being read.' };
      logs.recordingReady(input.documentId, origin, recording.durationSeconds, recording.codec);
      return { status: 'ready', recording };
    }
    return await queueTranscription(db, input, deps, { ...recording, size: stored.size }, now);
  } catch (err) {
    logs.recordingFailed(input.documentId, err);
    await refuseRecording(db, input, deps.store, 'internal', INTERNAL_FAILURE_MESSAGE, now()).catch(() => undefined);
    return { status: 'failed', reason: 'internal', code: 'internal', message: INTERNAL_FAILURE_MESSAGE };
  }
}

/**
 * A transcribed interview: its credit is spent as the transcription starts, then the transcription is queued (one task
 * per interview, run by transcribe-recording.ts). When it cannot be queued, the credit comes back at once. Where the
 * project was made private, or began to redact without the recording's confirmation, since the reservation, nothing
 * is spent or queued: the recording fails with the sentence saying why.
 */
async function queueTranscription(
  db: Firestore,
  input: RecordingIngestInput,
  deps: RecordingIngestDeps,
  read: ProbedRecording & { size: number },
  now: () => Date,
): Promise<RecordingIngestOutcome> {
  const { size, ...recording } = read;
  const key: InterviewKey = { projectId: input.projectId, documentId: input.documentId, ownerId: input.uid };
  const docRef = interviewRef(db, input.projectId, input.documentId);
  // Before its credit: a transcription whose estimate (its length at 32 tokens a second, its prompts and answers) would
  // pass the project's or the account's Gemini allowance is refused with its sentence, nothing spent or queued.
  const allowance = await transcriptionAllowanceRefusal(
    db,
    { uid: input.uid, projectId: input.projectId, durationSeconds: recording.durationSeconds ?? 0, hasVideo: recording.hasVideo },
    deps.geminiLimits ?? serverConfig().limits.gemini,
    now(),
  );
  if (allowance) return refuseRecording(db, input, deps.store, allowance.code, allowance.message, now(), 'transcription');
  const charged = await withInterviewCharge(db, input.uid, docRef, async (tx, doc, charge) => {
    if (!doc || doc.status !== 'parsing' || doc.recording?.status !== 'checking') return { kind: 'gone' as const };
    // The project's settings now, not at the reservation: nothing is spent or queued for a recording that would not be sent.
    const project = (await tx.get(projectRef(db, input.projectId))).data();
    if (!project) return { kind: 'gone' as const };
    const withheld = withheldTranscription(project.settings, doc.recording, false);
    if (withheld) return { kind: 'withheld' as const, ...withheld };
    if (!charge.accepted) return { kind: 'refused' as const, creditsRemaining: charge.creditsRemaining };
    const at = now();
    writeTransition(db, tx, key, mustTransition(doc, { type: 'start-transcription', creditSpent: charge.spent }, at), at);
    tx.update(docRef, {
      recording: { ...doc.recording, ...probedFields(recording, size), status: 'transcribing', progress: 0, transcriptionStartedAt: null, updatedAt: at },
    });
    charge.spend(at);
    return { kind: 'charged' as const, creditsRemaining: charge.creditsRemaining };
  });
  if (charged.kind === 'gone') return { status: 'skipped', message: 'The interview was removed while its recording was being read.' };
  if (charged.kind === 'withheld') {
    logs.transcriptionWithheld(input.documentId, charged.code);
    return refuseRecording(db, input, deps.store, charged.code, charged.message, now(), 'transcription');
  }
  if (charged.kind === 'refused') {
    const outcome = await refuseRecording(db, input, deps.store, 'out-of-credits', OUT_OF_CREDITS_MESSAGE, now(), 'credits');
    return { ...outcome, creditsRemaining: charged.creditsRemaining };
  }
  try {
    await deps.transcriptions.enqueue({ projectId: input.projectId, documentId: input.documentId });
  } catch (err) {
    logs.recordingFailed(input.documentId, err);
    return refuseRecording(db, input, deps.store, 'internal', INTERNAL_FAILURE_MESSAGE, now(), 'internal');
  }
  logs.transcriptionQueued(input.documentId);
  return { status: 'transcribing', recording, creditsRemaining: charged.creditsRemaining };
}
