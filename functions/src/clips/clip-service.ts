import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import { CLIP_MESSAGES, defaultClipTitle, type Clip } from '@verbatim/contract/clip';
import type { Interview } from '@verbatim/contract/project';
import { createClipBody, requireBody, updateClipBody } from '@verbatim/contract/request-bodies';
import type { TextSpan } from '@verbatim/contract/transcript-lookup';
import { interviewRef } from '../interviews/interview-refs';
import { interviewTranscript } from '../interviews/interview-transcript';
import { ownedInterview } from '../interviews/ownership';
import { logs } from '../lib/logs';
import { assertClipStorageFor } from '../quotas/clip-storage';
import { ownedProject } from '../projects/ownership';
import { ClipCutFailed, cutClip, type ClipRequest, type CutClip } from '../recordings/cut-clip';
import { cutOnce } from '../recordings/cut-once';
import type { RecordingBytes } from '../recordings/read-bytes';
import { readyRecordingOf, recordingBytesOf, recordingIdentity, type ReadyRecording } from '../recordings/recording-source';
import type { RecordingStore } from '../storage/recording-store';
import { clipContext, ClipBoundsRefused, clipMoment, clipSpan, nudgeSpan, relocateWords, type TranscriptText } from './clip-bounds';
import { clipPrefix, clipRef, clipsCollection, type ClipFileRecord, type StoredClip } from './clip-refs';
import { deleteInterviewReels } from './reel-refs';

/**
 * A project's clips (contract/src/clip.ts): made from a quote or a selection of an interview with a ready recording,
 * their edges nudged a word at a time, renamed, deleted, and downloaded — cut with ffmpeg when first asked for (only
 * the clip's stretch of the recording is read, recordings/cut-clip.ts) and kept in the recording store until its
 * bounds or recording change. Deleted with their interview or project.
 */

export interface ClipDeps {
  store: RecordingStore;
  /** Bytes the account's clips and reels may keep (`AccountQuotas.clipStorageBytes`); unbounded when absent. */
  storageLimit?: number;
  /** The cut (default: ffmpeg through the loopback link); a test counts it. */
  cut?: (source: RecordingBytes, clip: ClipRequest) => Promise<CutClip>;
}

/** The recording could not be cut at the clip's moment (a codec ffmpeg cannot seek, damaged there): 422. */
export class ClipCannotBeCut extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClipCannotBeCut';
  }
}

/** A refusal of the bounds as the API says it: a bad selection is the request's fault; the rest, the interview's state. */
function refused(err: unknown): never {
  if (err instanceof ClipBoundsRefused) {
    const invalid = err.reason === 'one-turn' || err.reason === 'no-words' || err.reason === 'nudge-limit';
    throw new AppError(invalid ? 'invalid' : 'conflict', err.message);
  }
  throw err;
}

/** The interview's recording, ready to cut: its length and where it is stored; else the sentence that says why not. */
export function readyRecording(doc: Interview): ReadyRecording {
  const ready = readyRecordingOf(doc);
  if (!ready) throw new AppError('conflict', doc.recording ? CLIP_MESSAGES.recordingNotReady : CLIP_MESSAGES.noRecording);
  return ready;
}

/** The interview's transcript as stored now (interviews/interview-transcript.ts). */
export const transcriptOf: (db: Firestore, doc: Interview) => Promise<TranscriptText> = interviewTranscript;

/** Everything a clip's span decides: its words, speaker, moment and the words around it. */
export function placed(transcript: TranscriptText, span: TextSpan, durationSeconds: number) {
  const { turn } = clipSpan(transcript, span);
  const moment = clipMoment(transcript, span, durationSeconds);
  return { start: span.start, end: span.end, speaker: turn.speaker, words: transcript.text.slice(span.start, span.end), from: moment.start, to: moment.end, ...clipContext(transcript, span) };
}

/** `POST /projects/{p}/clips {documentId, start, end, title?}`: a clip of the quote's or selection's words. */
export async function createClip(db: Firestore, uid: string, projectId: string, body: unknown, now = new Date()): Promise<Clip> {
  const request = requireBody(createClipBody, body);
  const doc = await ownedInterview(db, uid, projectId, request.documentId);
  const { durationSeconds, recording } = readyRecording(doc);
  const transcript = await interviewTranscript(db, doc);
  let fields: ReturnType<typeof placed>;
  try {
    fields = placed(transcript, clipSpan(transcript, request).span, durationSeconds);
  } catch (err) {
    refused(err);
  }
  const ref = clipsCollection(db, projectId).doc();
  const clip: Clip = {
    id: ref.id,
    documentId: doc.id,
    ...fields,
    title: request.title || defaultClipTitle(fields.words),
    hasVideo: recording.hasVideo,
    fileSize: 0,
    createdAt: now,
    updatedAt: now,
  };
  await ref.set(clip);
  logs.clipMade(projectId, clip.id, clip.to - clip.from);
  return clip;
}

async function ownedClip(db: Firestore, uid: string, projectId: string, clipId: string): Promise<StoredClip & { id: string; fileSize: number }> {
  await ownedProject(db, uid, projectId);
  const clip = (await clipRef(db, projectId, clipId).get()).data();
  if (!clip) throw new AppError('not-found', CLIP_MESSAGES.notFound);
  return clip;
}

/** The clip's interview (its project already checked as the caller's). */
async function clipInterview(db: Firestore, projectId: string, clip: StoredClip): Promise<Interview> {
  const doc = (await interviewRef(db, projectId, clip.documentId).get()).data();
  if (!doc) throw new AppError('not-found', 'This interview does not exist.');
  return doc;
}

/** The interview's transcript as it is now, and where the clip's words are in it (after any correction). */
async function clipInTranscript(db: Firestore, doc: Interview, clip: StoredClip): Promise<{ transcript: TranscriptText; span: TextSpan }> {
  const transcript = await interviewTranscript(db, doc);
  try {
    return { transcript, span: relocateWords(transcript.text, clip, clip.words) };
  } catch (err) {
    refused(err);
  }
}

/** `PATCH /projects/{p}/clips/{clipId} {title?, nudge?: {edge, words}}`: renamed, and/or an edge moved by words. */
export async function updateClip(db: Firestore, uid: string, projectId: string, clipId: string, body: unknown, now = new Date()): Promise<Clip> {
  const request = requireBody(updateClipBody, body);
  const clip = await ownedClip(db, uid, projectId, clipId);
  const update: Partial<StoredClip> = { updatedAt: now };
  if (request.title !== undefined) update.title = request.title || defaultClipTitle(clip.words);
  if (request.nudge) {
    const doc = await clipInterview(db, projectId, clip);
    const ready = readyRecording(doc);
    const { transcript, span } = await clipInTranscript(db, doc, clip);
    try {
      Object.assign(update, placed(transcript, nudgeSpan(transcript, span, request.nudge.edge, request.nudge.words), ready.durationSeconds));
    } catch (err) {
      refused(err);
    }
  }
  await clipRef(db, projectId, clipId).update(update);
  const { file: _file, ...rest } = { ...clip, ...update };
  return rest;
}

/** `DELETE /projects/{p}/clips/{clipId}`: its file, then its record. */
export async function deleteClip(db: Firestore, store: RecordingStore, uid: string, projectId: string, clipId: string): Promise<void> {
  const clip = await ownedClip(db, uid, projectId, clipId);
  await store.deletePrefix(clipPrefix(projectId, clip.documentId, clipId));
  await clipRef(db, projectId, clipId).delete();
}

/** Deletes a project's clips of one interview, and the reels that quote it (files and records): the interview is being deleted. */
export function deleteInterviewClips(db: Firestore, store: RecordingStore, projectId: string, documentId: string): Promise<number> {
  return deleteInterviewClipFiles(db, store, projectId, documentId, 'delete');
}

/**
 * Deletes what was cut of an interview's recording (it was removed or replaced): its clips' files (the clips stay, cut
 * again from the next recording, their records no longer naming a file) and the reels that quote it (files and records).
 * With `records: 'delete'`, the clips' records go too. Answers how many clips the interview had.
 */
export async function deleteInterviewClipFiles(db: Firestore, store: RecordingStore, projectId: string, documentId: string, records: 'keep' | 'delete' = 'keep'): Promise<number> {
  await deleteInterviewReels(db, store, projectId, documentId);
  await store.deletePrefix(clipPrefix(projectId, documentId));
  const clips = await clipsCollection(db, projectId).where('documentId', '==', documentId).get();
  const writer = db.bulkWriter();
  for (const d of clips.docs) {
    if (records === 'delete') void writer.delete(d.ref);
    else if (d.data().file) void writer.update(d.ref, { file: FieldValue.delete() });
  }
  await writer.close();
  return clips.size;
}

export interface ClipDownload {
  path: string;
  size: number;
  contentType: ClipFileRecord['contentType'];
  clip: Clip;
}

/** Cuts in flight in this instance, by clip and source: a second request for the same file waits for the first cut. */
const cutting = new Map<string, Promise<ClipFileRecord>>();

/**
 * `GET /projects/{p}/clips/{clipId}/file`: the clip's file, cut now when none is kept for its present bounds, recording
 * and transcript (the transcript is read only then). After a correction of the transcript its words are placed anew
 * (offsets, speaker, moment, the words around) and saved with the file. Throws `ClipCannotBeCut` when ffmpeg cannot
 * cut the recording at that moment.
 */
export async function clipDownload(db: Firestore, deps: ClipDeps, uid: string, projectId: string, clipId: string): Promise<ClipDownload> {
  const stored = await ownedClip(db, uid, projectId, clipId);
  const doc = await clipInterview(db, projectId, stored);
  const ready = readyRecording(doc);
  const { recording } = ready;
  const sourceOf = (moment: { from: number; to: number }) => `${recordingIdentity(recording, doc.transcriptVersion)}|${moment.from}-${moment.to}`;
  const { file: kept, ...clip } = { ...stored, hasVideo: recording.hasVideo };
  if (kept?.source === sourceOf(clip) && (await deps.store.stat(kept.path))) return { path: kept.path, size: kept.size, contentType: kept.contentType, clip: { ...clip, fileSize: kept.size } };

  const { transcript, span } = await clipInTranscript(db, doc, stored);
  let fields: ReturnType<typeof placed>;
  try {
    fields = placed(transcript, span, ready.durationSeconds);
  } catch (err) {
    refused(err);
  }
  const source = sourceOf(fields);
  const request: ClipRequest = { from: fields.from, to: fields.to, container: recording.container ?? '', hasVideo: recording.hasVideo };
  // The new file replaces the clip's kept one: past the account's storage for clips and reels, it is not kept.
  const keepable = (size: number) => (deps.storageLimit === undefined ? Promise.resolve() : assertClipStorageFor(db, uid, size - (kept?.size ?? 0), deps.storageLimit));
  const file = await cutOnce(cutting, `${projectId}/${clipId}|${source}`, () => cutAndKeep(deps, ready.path, request, clipPrefix(projectId, stored.documentId, clipId), source, keepable));
  await clipRef(db, projectId, clipId).update({ file, ...fields, hasVideo: recording.hasVideo });
  return { path: file.path, size: file.size, contentType: file.contentType, clip: { ...clip, ...fields, fileSize: file.size } };
}

async function cutAndKeep(deps: ClipDeps, recordingFile: string, request: ClipRequest, folder: string, source: string, keepable: (size: number) => Promise<void>): Promise<ClipFileRecord> {
  const bytes = await recordingBytesOf(deps.store, recordingFile);
  if (!bytes) throw new AppError('conflict', CLIP_MESSAGES.noRecording);
  let cut: CutClip;
  try {
    cut = await (deps.cut ?? cutClip)(bytes, request);
  } catch (err) {
    if (err instanceof ClipCutFailed) {
      logs.clipNotCut(folder, request.from, err.message);
      throw new ClipCannotBeCut(CLIP_MESSAGES.cannotCut(request.from));
    }
    throw err;
  }
  const path = `${folder}clip.${request.hasVideo ? 'mp4' : 'm4a'}`;
  try {
    await keepable(cut.size);
    // The folder holds this clip's one file: a file of its earlier bounds or kind goes first.
    await deps.store.deletePrefix(folder);
    await deps.store.write(path, cut.open(), cut.contentType, Math.max(cut.size, 1));
  } finally {
    await cut.dispose();
  }
  logs.clipCut(folder, request.to - request.from, cut.bytesRead);
  return { path, size: cut.size, contentType: cut.contentType, source };
}
