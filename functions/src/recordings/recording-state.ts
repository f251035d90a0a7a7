import { publicClipPrefix } from '../publishing/public-clips';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { Interview } from '@verbatim/contract/project';
import type { InterviewRecording, RecordingErrorCode } from '@verbatim/contract/recording';
import { recordingPrefix } from '@verbatim/contract/upload-path';
import { applyTransition, type InterviewKey } from '../interviews/apply-transition';
import { logs } from '../lib/logs';
import { interviewRef } from '../interviews/interview-refs';
import type { RecordingStore } from '../storage/recording-store';
import type { ProbedRecording } from './probe-recording';

/**
 * How a recording's record on its interview ends, from whichever step: ready with what was read of it, or refused with
 * its sentence (its file deleted, and for a transcribed interview the interview failed with it, its credit returned).
 */

/** Which recording, of whose interview. */
export interface RecordingTarget {
  uid: string;
  projectId: string;
  documentId: string;
}

export type RecordingFailure = {
  status: 'failed';
  reason: 'file' | 'credits' | 'transcription' | 'internal';
  code: string;
  message: string;
  creditsRemaining?: number;
};

/** What was read of the recording's bytes, as the interview keeps it. */
export function probedFields(recording: ProbedRecording, size: number): Partial<InterviewRecording> {
  return {
    size,
    contentType: recording.contentType,
    durationSeconds: recording.durationSeconds,
    hasVideo: recording.hasVideo,
    container: recording.container,
    codec: recording.codec,
  };
}

/** The recording ready to play, with what was read of it (when not kept already). */
export function readyRecording(current: InterviewRecording, at: Date, read?: { recording: ProbedRecording; size: number }): InterviewRecording {
  const fields = read ? probedFields(read.recording, read.size) : {};
  return { ...current, ...fields, status: 'ready', progress: 1, error: null, errorCode: null, updatedAt: at };
}

/** The recording's record once it failed, with the sentence saying why (and its code, where it has one of its own). */
export function failedRecording(current: InterviewRecording, message: string, at: Date, errorCode: RecordingErrorCode | null = null): InterviewRecording {
  return { ...current, status: 'failed', progress: 1, error: message, errorCode, updatedAt: at };
}

/**
 * Whether a recording's bytes that arrived with no recording waiting for them belong to nothing: their interview was
 * deleted (or is another account's), or its recording was removed or failed before they came. Such bytes are deleted.
 * Bytes for a recording already being read, ready or transcribing are a repeated delivery of the same upload and stay.
 */
export function isOrphanedUpload(doc: Pick<Interview, 'ownerId' | 'recording'> | null, uid: string): boolean {
  if (!doc || doc.ownerId !== uid) return true;
  return !doc.recording || doc.recording.status === 'failed';
}

/** Deletes the interview's recording files; a delete that fails is logged (the files then go with the interview or project). */
export async function deleteRecordingFiles(store: RecordingStore, target: RecordingTarget): Promise<void> {
  await store.deletePrefix(recordingPrefix(target.uid, target.projectId, target.documentId)).catch((err: unknown) => logs.recordingFailed(target.documentId, err));
  // The quotes' public clips cut from it (their records no longer match a recording, so they are never served).
  await store.deletePrefix(publicClipPrefix(target.projectId, target.documentId)).catch((err: unknown) => logs.recordingFailed(target.documentId, err));
}

/**
 * The recording cannot be used: its file is deleted and the recording marks `failed` with the sentence. A transcribed
 * interview fails with it too, its credit returned when one was spent; an attached recording's interview is untouched.
 */
export async function refuseRecording(
  db: Firestore,
  target: RecordingTarget,
  store: RecordingStore,
  code: RecordingErrorCode | 'out-of-credits' | 'internal',
  message: string,
  at: Date,
  reason: RecordingFailure['reason'] = code === 'internal' ? 'internal' : 'file',
): Promise<RecordingFailure> {
  await deleteRecordingFiles(store, target);
  const docRef = interviewRef(db, target.projectId, target.documentId);
  const key: InterviewKey = { projectId: target.projectId, documentId: target.documentId, ownerId: target.uid };
  await db.runTransaction(async (tx: Transaction) => {
    const doc: Interview | undefined = (await tx.get(docRef)).data();
    if (!doc?.recording) return;
    if (doc.recording.origin === 'transcribed') {
      await applyTransition(db, tx, key, doc, reason === 'credits' ? { type: 'refuse-credits', code, message } : { type: 'refuse-file', code, message }, at);
    }
    const recordingCode = code === 'out-of-credits' || code === 'internal' ? null : code;
    tx.update(docRef, { recording: failedRecording(doc.recording, message, at, recordingCode) });
  });
  logs.recordingRejected(target.documentId, code);
  return { status: 'failed', reason, code, message };
}
