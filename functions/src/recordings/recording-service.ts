import { Readable } from 'node:stream';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { AppError, type AppErrorKind } from '@verbatim/contract/app-error';
import type { Interview } from '@verbatim/contract/project';
import { type InterviewRecording, type RecordingErrorCode, type RecordingLimits, type RecordingPlayback, type RecordingUploadTarget } from '@verbatim/contract/recording';
import { isRecordingFileName, recordingContentTypeOf } from '@verbatim/contract/recording-formats';
import { RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import { soundConfirmation } from '@verbatim/contract/sound-consent';
import { attachRecordingBody, requireBody, reserveInterviewBody } from '@verbatim/contract/request-bodies';
import { recordingPath, recordingPrefix, storedRecordingName } from '@verbatim/contract/upload-path';
import { deletePublicClips } from '../publishing/public-clips';
import { deleteInterviewClipFiles } from '../clips/clip-service';
import type { AccountQuotas } from '../config/server-limits';
import { assertCanStartInterview } from '../credits/credit-ledger';
import { addInterview } from '../interviews/interview-service';
import { wasParsed } from '../interviews/lifecycle';
import { STUCK_AFTER_MS, TRANSCRIBING_STUCK_AFTER_MS } from '../interviews/stuck-interviews';
import { ownedProject } from '../projects/ownership';
import { ownedInterview } from '../interviews/ownership';
import { interviewRef } from '../interviews/interview-refs';
import { RecordingTooLarge, type RecordingStore } from '../storage/recording-store';
import { ingestRecording, type RecordingIngestOutcome } from './ingest-recording';
import { lastTranscriptSecond } from './transcript-times';
import type { TranscriptionQueue } from './transcription-queue';

/**
 * The owner's recordings through the API: a new interview whose transcript Gemini makes from its recording, a
 * recording attached to an interview's uploaded transcript, the bytes on the emulators, removal, and a link to play
 * it. Bad input is refused before any byte is sent where the request says enough (a name that is no recording, a
 * size over the limit, a project that sends nothing out, a transcript without timestamps), with nothing created.
 */

export interface RecordingDeps {
  store: RecordingStore;
  limits: RecordingLimits;
  /** Where browsers send the bytes: straight to Cloud Storage, or as the body of PUT .../recording/content. */
  uploadVia: 'storage' | 'api';
  /** Gemini is configured on this server (it can transcribe). */
  geminiConfigured: boolean;
  quotas: AccountQuotas;
  /** Where a transcribed recording's transcription is queued. */
  transcriptions: TranscriptionQueue;
}

/** A refusal with a recording's own error code (the API answers it as `error.code`). */
export class RecordingRefusal extends AppError {
  constructor(
    kind: AppErrorKind,
    readonly code: RecordingErrorCode,
    message: string,
  ) {
    super(kind, message);
  }
}

/** What is refused from the name and size a request declares, before any byte is sent. */
function checkDeclared(fileName: string, size: number, deps: RecordingDeps): void {
  if (!isRecordingFileName(fileName) || size === 0) throw new RecordingRefusal('invalid', 'not-media', RECORDING_MESSAGES.notMedia(fileName));
  const limit = deps.uploadVia === 'api' ? Math.min(deps.limits.apiMaxBytes, deps.limits.maxBytes) : deps.limits.maxBytes;
  if (size > limit) throw new RecordingRefusal('too-large', 'too-large', RECORDING_MESSAGES.tooLarge(size, limit));
}

function waitingRecording(fileName: string, size: number, origin: InterviewRecording['origin'], at: Date): InterviewRecording {
  return {
    status: 'uploading',
    origin,
    fileName,
    storedName: storedRecordingName(fileName),
    size,
    contentType: recordingContentTypeOf(fileName),
    durationSeconds: null,
    hasVideo: false,
    container: null,
    codec: null,
    progress: 0,
    error: null,
    errorCode: null,
    updatedAt: at,
  };
}

function uploadTarget(uid: string, projectId: string, documentId: string, fileName: string, deps: RecordingDeps): RecordingUploadTarget {
  return { documentId, uploadPath: recordingPath({ uid, projectId, documentId, fileName }), uploadVia: deps.uploadVia };
}

/**
 * `POST /projects/{p}/documents` with `kind: 'recording'`: a new interview whose transcript Gemini makes from the
 * recording. Only in a project analysed by Gemini on a server that has it (else 400 `needs-transcript`: nothing is sent
 * anywhere from a private project); in one that redacts personal details, only with the researcher's confirmation
 * that the sound goes to Gemini as spoken (else 400 `sound-not-confirmed`; the time it was given is kept on the
 * interview's recording); 402 when the account cannot start an interview, as for a transcript.
 */
export async function reserveRecordingInterview(
  db: Firestore,
  deps: RecordingDeps,
  uid: string,
  projectId: string,
  body: unknown,
  now = new Date(),
): Promise<RecordingUploadTarget & { document: Interview }> {
  const project = await ownedProject(db, uid, projectId);
  const { fileName, size, confirmUnredactedSound } = requireBody(reserveInterviewBody, body);
  if (project.settings.analyser !== 'gemini' || !deps.geminiConfigured) {
    throw new RecordingRefusal('invalid', 'needs-transcript', RECORDING_MESSAGES.needsTranscript);
  }
  checkDeclared(fileName, size, deps);
  const confirmation = soundConfirmation(project.settings, confirmUnredactedSound);
  if (confirmation === 'refuse') throw new RecordingRefusal('invalid', 'sound-not-confirmed', RECORDING_MESSAGES.soundNotConfirmed);
  await assertCanStartInterview(db, uid);
  const recording = waitingRecording(fileName, size, 'transcribed', now);
  if (confirmation === 'confirmed') recording.unredactedSoundConfirmedAt = now;
  const document = await addInterview(db, uid, projectId, { fileName, size, format: null, recording }, null, deps.quotas, now);
  return { document, ...uploadTarget(uid, projectId, document.id, fileName, deps) };
}

/**
 * The recording is being read or transcribed: it cannot be replaced or removed now. A step that has not moved for longer
 * than it may take (its function crashed) no longer holds the recording up.
 */
function isBusy(recording: InterviewRecording | undefined, now = new Date()): boolean {
  if (recording?.status !== 'checking' && recording?.status !== 'transcribing') return false;
  const limit = recording.status === 'transcribing' ? TRANSCRIBING_STUCK_AFTER_MS : STUCK_AFTER_MS.parsing;
  return now.getTime() - recording.updatedAt.getTime() < limit;
}

const BUSY_MESSAGE = 'This interview’s recording is being read. Wait until it is ready, then try again.';

/**
 * `POST /projects/{p}/documents/{d}/recording`: attaches a recording to an interview whose transcript was read and has
 * timestamps (else 400 `no-timestamps`). A recording already attached is replaced (its file deleted first).
 */
export async function attachRecording(
  db: Firestore,
  deps: RecordingDeps,
  uid: string,
  projectId: string,
  documentId: string,
  body: unknown,
  now = new Date(),
): Promise<RecordingUploadTarget> {
  const doc = await ownedInterview(db, uid, projectId, documentId);
  const { fileName, size } = requireBody(attachRecordingBody, body);
  checkDeclared(fileName, size, deps);
  if (!wasParsed(doc)) throw new AppError('conflict', 'This interview’s transcript has not been read yet. Attach the recording once the interview is ready.');
  if (doc.recording?.origin === 'transcribed') throw new AppError('conflict', 'This interview’s transcript was made from its recording, which is already attached.');
  if (isBusy(doc.recording)) throw new AppError('conflict', BUSY_MESSAGE);
  if ((await lastTranscriptSecond(db, projectId, documentId)) === null) {
    throw new RecordingRefusal('invalid', 'no-timestamps', RECORDING_MESSAGES.noTimestamps);
  }
  await deps.store.deletePrefix(recordingPrefix(uid, projectId, documentId));
  await deletePublicClips(db, deps.store, projectId, { documentId });
  // The files cut of its clips and its reels hold the recording's sound: they go with it (the clips stay).
  await deleteInterviewClipFiles(db, deps.store, projectId, documentId);
  const ref = interviewRef(db, projectId, documentId);
  await db.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current) throw new AppError('not-found', 'This interview does not exist.');
    if (isBusy(current.recording)) throw new AppError('conflict', BUSY_MESSAGE);
    tx.update(ref, { recording: waitingRecording(fileName, size, 'attached', now) });
  });
  return uploadTarget(uid, projectId, documentId, fileName, deps);
}

/**
 * `PUT /projects/{p}/documents/{d}/recording/content` (the emulators): the bytes are streamed to the store, then read
 * by the same pipeline as a Cloud Storage upload (a transcribed recording's transcription queued, as there). Over
 * `apiMaxBytes`: 413, nothing stored.
 */
export async function receiveRecording(
  db: Firestore,
  deps: RecordingDeps,
  uid: string,
  projectId: string,
  documentId: string,
  body: Readable,
  declaredBytes: number | null,
): Promise<RecordingIngestOutcome> {
  const doc = await ownedInterview(db, uid, projectId, documentId);
  const recording = doc.recording;
  if (recording?.status !== 'uploading') throw new AppError('conflict', 'This interview is not waiting for a recording. Start the upload again.');
  const limit = Math.min(deps.limits.apiMaxBytes, deps.limits.maxBytes);
  if (declaredBytes !== null && declaredBytes > limit) throw new RecordingRefusal('too-large', 'too-large', RECORDING_MESSAGES.tooLarge(declaredBytes, limit));
  const path = recordingPath({ uid, projectId, documentId, fileName: recording.fileName });
  try {
    await deps.store.write(path, body, recording.contentType, limit);
  } catch (err) {
    if (err instanceof RecordingTooLarge) throw new RecordingRefusal('too-large', 'too-large', RECORDING_MESSAGES.tooLarge(limit + 1, limit));
    throw err;
  }
  return ingestRecording(db, { uid, projectId, documentId, path }, { store: deps.store, limits: deps.limits, transcriptions: deps.transcriptions });
}

/** `DELETE /projects/{p}/documents/{d}/recording`: the recording's file and its record go; the transcript stays. */
export async function removeRecording(db: Firestore, deps: RecordingDeps, uid: string, projectId: string, documentId: string): Promise<void> {
  const doc = await ownedInterview(db, uid, projectId, documentId);
  if (!doc.recording) throw new AppError('not-found', 'This interview has no recording.');
  if (isBusy(doc.recording)) throw new AppError('conflict', BUSY_MESSAGE);
  await deps.store.deletePrefix(recordingPrefix(uid, projectId, documentId));
  await deletePublicClips(db, deps.store, projectId, { documentId });
  // The files cut of its clips and its reels hold the recording's sound: they go with it (the clips stay).
  await deleteInterviewClipFiles(db, deps.store, projectId, documentId);
  await interviewRef(db, projectId, documentId).update({ recording: FieldValue.delete(), updatedAt: new Date() });
}

/** A link that plays the interview's recording for `seconds`, or null when it has none ready to play. */
export async function playbackOf(store: RecordingStore, doc: Interview, seconds: number, now = new Date()): Promise<RecordingPlayback | null> {
  const recording = doc.recording;
  if (recording?.status !== 'ready' || !recording.durationSeconds) return null;
  const expiresAt = new Date(now.getTime() + seconds * 1000);
  const path = recordingPath({ uid: doc.ownerId, projectId: doc.projectId, documentId: doc.id, fileName: recording.fileName });
  return {
    url: await store.playbackLink(path, expiresAt),
    expiresAt: expiresAt.toISOString(),
    contentType: recording.contentType,
    hasVideo: recording.hasVideo,
    durationSeconds: recording.durationSeconds,
  };
}

/** `GET /projects/{p}/documents/{d}/recording/playback`: the owner's link (404 without a recording ready to play). */
export async function ownerPlayback(db: Firestore, store: RecordingStore, uid: string, projectId: string, documentId: string, seconds: number): Promise<RecordingPlayback> {
  const doc = await ownedInterview(db, uid, projectId, documentId);
  const playback = await playbackOf(store, doc, seconds);
  if (!playback) throw new AppError('not-found', 'This interview has no recording ready to play.');
  return playback;
}

/** The request's body as a stream: the platform's parsed copy where it kept one (Cloud Functions does), else the request. */
export function bodyStream(rawBody: Buffer | undefined, request: Readable): Readable {
  return rawBody ? Readable.from([rawBody]) : request;
}
