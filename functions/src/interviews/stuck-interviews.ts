/**
 * What to do with a document that sits in a transient status too long (pure: no I/O). A function can
 * crash or time out mid-step (a tab closed before its upload, an instance killed while parsing or
 * analysing); nothing else would ever move such a document on, so the sweeper asks this module.
 */
import type { InterviewStatus, Interview } from '@verbatim/contract/project';
import type { InterviewRecording } from '@verbatim/contract/recording';
import { TRANSCRIPTION_ATTEMPT_MS } from '../recordings/transcription-job';

/**
 * How long each transient status may last since the document's last server step (`updatedAt`).
 * Each is longer than the function that owns the step can run (API and upload trigger: 300 s;
 * analysis trigger: 540 s), so a document still being worked on is never touched.
 */
export const STUCK_AFTER_MS: Readonly<Record<TransientStatus, number>> = {
  uploading: 60 * 60_000,
  parsing: 15 * 60_000,
  parsed: 15 * 60_000,
  analyzing: 20 * 60_000,
};

/**
 * An interview whose recording Gemini transcribes stays `parsing` for as long as its task may run (30 minutes an
 * attempt) and wait in its queue: it is stopped only after an attempt's whole deadline and ten minutes more have passed
 * without a step (its claim and its progress move `updatedAt`).
 */
export const TRANSCRIBING_STUCK_AFTER_MS = TRANSCRIPTION_ATTEMPT_MS + 10 * 60_000;

export type TransientStatus = Extract<InterviewStatus, 'uploading' | 'parsing' | 'parsed' | 'analyzing'>;
export const TRANSIENT_STATUSES: readonly TransientStatus[] = ['uploading', 'parsing', 'parsed', 'analyzing'];

export type StuckDecision =
  | { action: 'leave' }
  /** Parsed but never picked up by the insight engine (its trigger was lost): run the analysis. */
  | { action: 'retry-analysis' }
  /** Stop it: `failed` with this code and sentence; give the credit back when one was spent. */
  | { action: 'fail'; code: string; message: string; refund: boolean };

export const STUCK_MESSAGES = {
  upload: 'The upload never finished and was stopped; no credit was used. Upload the file again.',
  uploadRefunded: 'The upload never finished and was stopped; your credit was returned. Upload the file again.',
  parsing: 'Reading this file took too long and was stopped; no credit was used. Upload the file again.',
  parsingRefunded: 'Reading this file took too long and was stopped; your credit was returned. Upload the file again.',
  analysis: 'The analysis took too long and was stopped. Retry the analysis.',
  analysisRefunded: 'The analysis took too long and was stopped; your credit was returned. Retry the analysis.',
  /** An attached recording whose reading died: nothing was spent, and the transcript it was attached to stays. */
  recording: 'Reading this recording took too long and was stopped; the interview’s transcript is unchanged. Attach the recording again.',
  /** An attached recording whose upload never finished: whatever arrived of it is deleted; the transcript stays. */
  recordingUpload: 'The recording’s upload never finished and was stopped; the interview’s transcript is unchanged. Attach the recording again.',
} as const;

/** `analysis-…` codes let the researcher retry the analysis (see `canReanalyse`); the others ask for a new upload. */
export const STUCK_CODES = { upload: 'upload-timeout', parsing: 'parse-timeout', analysis: 'analysis-timeout' } as const;

export function isTransient(status: InterviewStatus): status is TransientStatus {
  return (TRANSIENT_STATUSES as readonly string[]).includes(status);
}

/** The decision for one document at `now`. Called again inside the sweeper's transaction, so two sweeps agree. */
export function decideStuckInterview(
  doc: Pick<Interview, 'status' | 'updatedAt' | 'creditSpent' | 'recording'>,
  now: Date,
  limits: Readonly<Record<TransientStatus, number>> = STUCK_AFTER_MS,
): StuckDecision {
  if (!isTransient(doc.status)) return { action: 'leave' };
  const limit = doc.status === 'parsing' && doc.recording?.status === 'transcribing' ? TRANSCRIBING_STUCK_AFTER_MS : limits[doc.status];
  if (now.getTime() - doc.updatedAt.getTime() < limit) return { action: 'leave' };
  const refund = doc.creditSpent;
  switch (doc.status) {
    case 'uploading':
      return { action: 'fail', code: STUCK_CODES.upload, message: refund ? STUCK_MESSAGES.uploadRefunded : STUCK_MESSAGES.upload, refund };
    case 'parsing':
      return { action: 'fail', code: STUCK_CODES.parsing, message: refund ? STUCK_MESSAGES.parsingRefunded : STUCK_MESSAGES.parsing, refund };
    case 'parsed':
      return { action: 'retry-analysis' };
    case 'analyzing':
      return { action: 'fail', code: STUCK_CODES.analysis, message: refund ? STUCK_MESSAGES.analysisRefunded : STUCK_MESSAGES.analysis, refund };
  }
}

/**
 * Whether a recording goes with its interview when the sweeper stops the interview: a transcribed one not yet ready is
 * the interview's only source (its upload, its reading or its transcription stopped), so it fails with it and its file
 * is deleted. A ready one stays (a stopped analysis keeps its transcript), and an attached one is decided on its own
 * (`decideStuckRecording`).
 */
export function recordingFailsWithInterview(recording: Interview['recording']): recording is InterviewRecording {
  return recording?.origin === 'transcribed' && (recording.status === 'uploading' || recording.status === 'checking' || recording.status === 'transcribing');
}

export type StuckRecordingDecision = { action: 'leave' } | { action: 'fail'; message: string };

/**
 * What to do with a recording attached to an interview's transcript that still waits for its bytes (`uploading`) or is
 * still being read (`checking`) at `now`. One waiting past an upload's time (`limits.uploading`) was abandoned: it fails,
 * and whatever arrived of it is deleted, so a reservation cannot keep files in the store. One being read: its
 * interview was read long before and is in no transient status, so the interviews' decision never sees it. Reading one
 * takes one run of the function that reads it (the upload trigger's 540 s at most), so past a file's reading time
 * (`limits.parsing`) since its last step that function died: the recording fails with its sentence (its file then
 * deleted); the interview, its transcript and its credits are untouched. Called again inside the sweeper's transaction.
 */
export function decideStuckRecording(
  doc: Pick<Interview, 'recording'>,
  now: Date,
  limits: Readonly<Record<TransientStatus, number>> = STUCK_AFTER_MS,
): StuckRecordingDecision {
  const recording = doc.recording;
  if (recording?.origin !== 'attached') return { action: 'leave' };
  const waited = now.getTime() - recording.updatedAt.getTime();
  if (recording.status === 'uploading') return waited < limits.uploading ? { action: 'leave' } : { action: 'fail', message: STUCK_MESSAGES.recordingUpload };
  if (recording.status !== 'checking' || waited < limits.parsing) return { action: 'leave' };
  return { action: 'fail', message: STUCK_MESSAGES.recording };
}

/** The oldest `updatedAt` a document in `status` may have and still be left alone at `now`. */
export function stuckBefore(status: TransientStatus, now: Date, limits: Readonly<Record<TransientStatus, number>> = STUCK_AFTER_MS): Date {
  return new Date(now.getTime() - limits[status]);
}
