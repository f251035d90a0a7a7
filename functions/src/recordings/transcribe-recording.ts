import type { Firestore } from 'firebase-admin/firestore';
import type { Interview } from '@verbatim/contract/project';
import { RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import { recordingPath } from '@verbatim/contract/upload-path';
import { transcribeRecording, type TranscriptionInput, type TranscriptionOutcome } from '../analysis/transcription';
import { acceptTranscript, deleteTranscript, INTERNAL_FAILURE_MESSAGE, writeTranscript } from '../ingestion/ingest-interview';
import { logs } from '../lib/logs';
import { projectRef } from '../projects/refs';
import { interviewRef } from '../interviews/interview-refs';
import type { RecordingStore } from '../storage/recording-store';
import { readyRecording, refuseRecording, type RecordingFailure, type RecordingTarget } from './recording-state';
import { withheldTranscription } from './transcription-consent';
import { cutTranscriptionAudio } from './transcription-audio';
import { geminiFileLedger } from './gemini-file-ledger';
import type { RecordingBytes } from './read-bytes';
import { readTranscriptionJob, TRANSCRIPTION_ATTEMPT_MS, TRANSCRIPTION_TASK_SECONDS, type TranscriptionJob } from './transcription-job';

/**
 * The transcription of a recording that was read and whose credit was spent (ingest-recording.ts queued it), run by
 * its task (triggers/transcribe-recording-task.ts): Gemini makes the transcript, which is stored and accepted exactly
 * as an uploaded one (`transcriptOrigin: 'machine'`) and goes on to the analysis; when it fails, the credit is
 * returned, the interview fails with the sentence and the recording's file is deleted.
 *
 * Cloud Tasks may deliver a task more than once, and retries one that failed. The attempt that starts claims the
 * recording (`recording.transcriptionStartedAt`, in a transaction): a delivery that finds the interview transcribed,
 * failed or removed does nothing, nor does one that finds an attempt still within its deadline; one that finds an
 * attempt past its deadline (Cloud Functions stopped it) takes over, removing any part of a transcript it stored. An
 * attempt that outlived its deadline and finds another took over keeps nothing of what it heard. Nothing here spends a
 * credit: it was spent once, when the transcription was queued.
 *
 * Before anything is sent, the project's settings are read as they are now: where the owner made it private, or turned
 * redaction on for a recording reserved without the researcher's confirmation, nothing is sent and the recording fails
 * as a failed transcription does (its sentence says why; the credit returned).
 */

export interface TranscriptionStepDeps {
  db: Firestore;
  store: RecordingStore;
  /** Gemini's transcription (analysis/transcription); the tests pass their own. */
  transcribe?: (db: Firestore, input: TranscriptionInput) => Promise<TranscriptionOutcome>;
  now?: () => Date;
}

export type TranscriptionStepOutcome =
  | { status: 'ready' | 'awaiting-roles'; creditsRemaining?: number }
  | RecordingFailure
  /**
   * Nothing done: the interview is gone, already transcribed or failed, or an attempt within its deadline holds it; or
   * (`superseded`) this attempt ran past its deadline and another took over: what it heard is dropped.
   */
  | { status: 'skipped'; reason: 'not-a-job' | 'gone' | 'done' | 'running' | 'superseded' };

/**
 * What an attempt keeps of its task's time after Gemini's part, to store the transcript or the failure: its Gemini
 * work (uploads, waits, cuts, calls, retries) ends by the task's start and `TRANSCRIPTION_TASK_SECONDS`, less this.
 */
export const TRANSCRIPTION_STORE_MARGIN_MS = 90_000;

/** Cuts stretches of the stored recording's sound for its parts. */
const audioCutter = (bytes: RecordingBytes, container: string) => (from: number, to: number, signal?: AbortSignal) =>
  cutTranscriptionAudio(bytes, container, from, to, signal ? { signal } : {});

/** The task's handler: its payload read as a job, then the job done (see the module comment). */
export async function handleTranscriptionTask(request: { data: unknown }, deps: TranscriptionStepDeps): Promise<TranscriptionStepOutcome> {
  const job = readTranscriptionJob(request.data);
  if (!job) {
    logs.transcriptionTaskSkipped('(none)', 'not-a-job');
    return { status: 'skipped', reason: 'not-a-job' };
  }
  return transcribeQueuedRecording(job, deps);
}

/** Not sent after all: the project's settings changed since the reservation (transcription-consent.ts). */
type Withheld = { ok: false } & NonNullable<ReturnType<typeof withheldTranscription>>;

type Claim = { kind: 'claimed'; doc: Interview; takenOverFrom: Date | null } | { kind: 'skipped'; reason: 'gone' | 'done' | 'running' };

/** Whether the attempt that claimed the recording at `claimedAt` still holds it (none took over from it since). */
const holds = (doc: Interview | undefined, claimedAt: Date) => doc?.recording?.transcriptionStartedAt?.getTime() === claimedAt.getTime();

/** Claims the recording for this attempt, once (see the module comment). */
async function claim(db: Firestore, job: TranscriptionJob, at: Date): Promise<Claim> {
  const docRef = interviewRef(db, job.projectId, job.documentId);
  return db.runTransaction(async (tx): Promise<Claim> => {
    const doc = (await tx.get(docRef)).data();
    const recording = doc?.recording;
    if (!doc || recording?.origin !== 'transcribed') return { kind: 'skipped', reason: 'gone' };
    if (doc.status !== 'parsing' || recording.status !== 'transcribing') return { kind: 'skipped', reason: 'done' };
    const startedAt = recording.transcriptionStartedAt ?? null;
    if (startedAt && at.getTime() - startedAt.getTime() < TRANSCRIPTION_ATTEMPT_MS) return { kind: 'skipped', reason: 'running' };
    tx.update(docRef, { recording: { ...recording, transcriptionStartedAt: at, progress: 0, updatedAt: at }, updatedAt: at });
    return { kind: 'claimed', doc, takenOverFrom: startedAt };
  });
}

export async function transcribeQueuedRecording(job: TranscriptionJob, deps: TranscriptionStepDeps): Promise<TranscriptionStepOutcome> {
  // The task's own clock (its 30 minutes run from here, whatever clock the caller gives).
  const taskStartedAtMs = Date.now();
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const claimedAt = now();
  const claimed = await claim(db, job, claimedAt);
  if (claimed.kind === 'skipped') {
    logs.transcriptionTaskSkipped(job.documentId, claimed.reason);
    return { status: 'skipped', reason: claimed.reason };
  }
  const { doc, takenOverFrom } = claimed;
  const recording = doc.recording!;
  const target: RecordingTarget = { uid: doc.ownerId, projectId: job.projectId, documentId: job.documentId };
  const path = recordingPath({ ...target, fileName: recording.fileName });
  const docRef = interviewRef(db, job.projectId, job.documentId);
  const files = geminiFileLedger(db, { projectId: job.projectId, documentId: job.documentId });

  let outcome: TranscriptionOutcome | Withheld;
  let reported = 0;
  try {
    if (takenOverFrom) {
      logs.transcriptionTaskTakenOver(job.documentId, takenOverFrom);
      await deleteTranscript(db, target);
    }
    // The project's settings as they are now, not as they were at the reservation: nothing is sent from a project
    // that was made private meanwhile, nor from one that began to redact, unless the researcher confirmed the sound.
    const project = (await projectRef(db, job.projectId).get()).data();
    if (!project) {
      logs.transcriptionTaskSkipped(job.documentId, 'gone');
      return { status: 'skipped', reason: 'gone' };
    }
    const withheld = withheldTranscription(project.settings, recording, true);
    if (withheld) {
      logs.transcriptionWithheld(job.documentId, withheld.code);
      outcome = { ok: false, ...withheld };
    } else {
      if (!recording.durationSeconds) throw new Error('The recording was queued without its length.');
      outcome = await (deps.transcribe ?? transcribeRecording)(db, {
        ...target,
        fileName: recording.fileName,
        contentType: recording.contentType,
        size: recording.size,
        durationSeconds: recording.durationSeconds,
        hasVideo: recording.hasVideo,
        deadlineAtMs: taskStartedAtMs + TRANSCRIPTION_TASK_SECONDS * 1000 - TRANSCRIPTION_STORE_MARGIN_MS,
        // Every file put in Gemini's file store is named until deleted there: the sweeper deletes what a stopped run left.
        onFileStored: (name) => files.stored(name),
        onFileDeleted: (name) => files.deleted(name),
        readRange: (start, end) => deps.store.readRange(path, start, end),
        // Each part sends only its own stretch of the sound, as MP3 (a video is sent whole, each part its clip).
        ...(!recording.hasVideo && recording.container
          ? { cutAudio: audioCutter({ size: recording.size, readRange: (start, end) => deps.store.readRange(path, start, end) }, recording.container) }
          : {}),
        onProgress: async (fraction) => {
          // A step of 5 % at least: a long transcription writes a few dozen times, and its `updatedAt` tells the
          // sweeper it is alive.
          if (fraction - reported < 0.05) return;
          reported = fraction;
          const at = now();
          await docRef.update({ 'recording.progress': Math.min(1, fraction), 'recording.updatedAt': at, progress: 0.2 + 0.7 * Math.min(1, fraction), updatedAt: at });
        },
      });
    }
  } catch (err) {
    logs.recordingFailed(job.documentId, err);
    outcome = { ok: false, code: 'transcription-failed', message: RECORDING_MESSAGES.transcriptionFailed };
  }
  const current = (await docRef.get()).data();
  if (!holds(current, claimedAt)) {
    logs.transcriptionTaskSkipped(job.documentId, 'superseded');
    return { status: 'skipped', reason: 'superseded' };
  }
  if (!outcome.ok) return refuseRecording(db, target, deps.store, outcome.code, outcome.message, now(), 'transcription');

  try {
    await writeTranscript(db, target, outcome.transcript);
    const at = now();
    const accepted = await acceptTranscript(db, target, outcome.transcript, at, {
      prepaid: true,
      fields: { transcriptOrigin: 'machine', ...(current?.recording ? { recording: readyRecording(current.recording, at) } : {}) },
    });
    if (accepted.status === 'skipped') return { status: 'skipped', reason: 'done' };
    if (accepted.status === 'failed') return { status: 'failed', reason: 'internal', code: accepted.code, message: accepted.message };
    logs.recordingReady(job.documentId, 'transcribed', recording.durationSeconds ?? 0, recording.codec ?? 'unknown');
    return accepted.status === 'awaiting-roles' ? { status: 'awaiting-roles' } : { status: 'ready', creditsRemaining: accepted.creditsRemaining };
  } catch (err) {
    logs.recordingFailed(job.documentId, err);
    await deleteTranscript(db, target).catch(() => undefined);
    return refuseRecording(db, target, deps.store, 'internal', INTERNAL_FAILURE_MESSAGE, now(), 'internal');
  }
}
