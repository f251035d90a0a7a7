import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import { CLIP_MESSAGES, defaultClipTitle, type Clip } from '@verbatim/contract/clip';
import type { Interview } from '@verbatim/contract/project';
import { createClipBody, requireBody, updateClipBody } from '@verbatim/contract/request-bodies';
import type { TextSpan } from '@verbatim/contract/transcript-lookup';
import { joinTranscript, type TranscriptPart } from '@verbatim/contract/transcript-parts';
import { recordingPath } from '@verbatim/contract/upload-path';
import { transcriptCollection } from '../interviews/interview-refs';
import { ownedInterview } from '../interviews/ownership';
import { logs } from '../lib/logs';
import { ownedProject } from '../projects/ownership';
import { ClipCutFailed, cutClip, type ClipRequest, type CutClip } from '../recordings/cut-clip';
import type { RecordingBytes } from '../recordings/read-bytes';
import type { RecordingStore } from '../storage/recording-store';
import { clipContext, ClipBoundsRefused, clipMoment, clipSpan, nudgeSpan, relocateWords, type TranscriptText } from './clip-bounds';
import { clipPrefix, clipRef, clipsCollection, type ClipFileRecord, type StoredClip } from './clip-refs';
import { deleteInterviewReels } from './reel-service';

/**
 * A project's clips (contract/src/clip.ts): made from a quote or a selection of an interview with a ready recording,
 * their edges nudged a word at a time, renamed, deleted, and downloaded — cut with ffmpeg when first asked for (only
 * the clip's stretch of the recording is read, recordings/cut-clip.ts) and kept in the recording store until its
 * bounds or recording change. Deleted with their interview or project.
 */

export interface ClipDeps {
  store: RecordingStore;
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
function readyRecording(doc: Interview): { durationSeconds: number; path: string; recording: NonNullable<Interview['recording']> } {
  const recording = doc.recording;
  if (!recording) throw new AppError('conflict', CLIP_MESSAGES.noRecording);
  if (recording.status !== 'ready' || !recording.durationSeconds) throw new AppError('conflict', CLIP_MESSAGES.recordingNotReady);
  const path = recordingPath({ uid: doc.ownerId, projectId: doc.projectId, documentId: doc.id, fileName: recording.fileName });
  return { durationSeconds: recording.durationSeconds, path, recording };
}

async function transcriptOf(db: Firestore, doc: Interview): Promise<TranscriptText> {
  const parts = await transcriptCollection(db, doc.projectId, doc.id).get();
  return joinTranscript(parts.docs.map((d) => d.data() as TranscriptPart), doc.speakers.map((s) => s.label));
}

/** Everything a clip's span decides: its words, speaker, moment and the words around it. */
function placed(transcript: TranscriptText, span: TextSpan, durationSeconds: number) {
  const { turn } = clipSpan(transcript, span);
  const moment = clipMoment(transcript, span, durationSeconds);
  return { start: span.start, end: span.end, speaker: turn.speaker, words: transcript.text.slice(span.start, span.end), from: moment.start, to: moment.end, ...clipContext(transcript, span) };
}

/** `POST /projects/{p}/clips {documentId, start, end, title?}`: a clip of the quote's or selection's words. */
export async function createClip(db: Firestore, uid: string, projectId: string, body: unknown, now = new Date()): Promise<Clip> {
  const request = requireBody(createClipBody, body);
  const doc = await ownedInterview(db, uid, projectId, request.documentId);
  const { durationSeconds, recording } = readyRecording(doc);
  const transcript = await transcriptOf(db, doc);
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
    interviewName: doc.name,
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

/** The clip's interview and where its words are now (after any correction of the transcript). */
async function clipInTranscript(db: Firestore, uid: string, projectId: string, clip: StoredClip) {
  const doc = await ownedInterview(db, uid, projectId, clip.documentId);
  const ready = readyRecording(doc);
  const transcript = await transcriptOf(db, doc);
  try {
    return { doc, ready, transcript, span: relocateWords(transcript.text, clip, clip.words) };
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
    const { doc, ready, transcript, span } = await clipInTranscript(db, uid, projectId, clip);
    try {
      Object.assign(update, placed(transcript, nudgeSpan(transcript, span, request.nudge.edge, request.nudge.words), ready.durationSeconds));
    } catch (err) {
      refused(err);
    }
    update.interviewName = doc.name;
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
export async function deleteInterviewClips(db: Firestore, store: RecordingStore, projectId: string, documentId: string): Promise<number> {
  await deleteInterviewReels(db, store, projectId, documentId);
  await store.deletePrefix(clipPrefix(projectId, documentId));
  const records = await clipsCollection(db, projectId).where('documentId', '==', documentId).get();
  const writer = db.bulkWriter();
  records.docs.forEach((d) => void writer.delete(d.ref));
  await writer.close();
  return records.size;
}

/**
 * Deletes what was cut of an interview's recording (it was removed or replaced): its clips' files (the clips stay, cut
 * again from the next recording) and the reels that quote it (files and records).
 */
export async function deleteInterviewClipFiles(db: Firestore, store: RecordingStore, projectId: string, documentId: string): Promise<void> {
  await deleteInterviewReels(db, store, projectId, documentId);
  await store.deletePrefix(clipPrefix(projectId, documentId));
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
 * `GET /projects/{p}/clips/{clipId}/file`: the clip's file, cut now when none is kept for its present bounds and
 * recording. Throws `ClipCannotBeCut` when ffmpeg cannot cut the recording at that moment.
 */
export async function clipDownload(db: Firestore, deps: ClipDeps, uid: string, projectId: string, clipId: string): Promise<ClipDownload> {
  const stored = await ownedClip(db, uid, projectId, clipId);
  const { ready, transcript, span } = await clipInTranscript(db, uid, projectId, stored);
  let moment: { start: number; end: number };
  try {
    moment = clipMoment(transcript, span, ready.durationSeconds);
  } catch (err) {
    refused(err);
  }
  const { recording } = ready;
  const updatedAt = recording.updatedAt instanceof Date ? recording.updatedAt.getTime() : 0;
  const source = `${recording.fileName}|${recording.size}|${updatedAt}|${moment.start}-${moment.end}`;
  const { file: kept, ...clip } = { ...stored, ...(span.start !== stored.start ? { start: span.start, end: span.end } : {}), from: moment.start, to: moment.end, hasVideo: recording.hasVideo };
  if (kept?.source === source && (await deps.store.stat(kept.path))) return { path: kept.path, size: kept.size, contentType: kept.contentType, clip: { ...clip, fileSize: kept.size } };

  const key = `${projectId}/${clipId}|${source}`;
  let pending = cutting.get(key);
  if (!pending) {
    pending = cutAndKeep(deps, ready.path, { from: moment.start, to: moment.end, container: recording.container ?? '', hasVideo: recording.hasVideo }, clipPrefix(projectId, stored.documentId, clipId), source).finally(() => cutting.delete(key));
    cutting.set(key, pending);
  }
  const file = await pending;
  await clipRef(db, projectId, clipId).update({ file, start: clip.start, end: clip.end, from: clip.from, to: clip.to, hasVideo: clip.hasVideo });
  return { path: file.path, size: file.size, contentType: file.contentType, clip: { ...clip, fileSize: file.size } };
}

async function cutAndKeep(deps: ClipDeps, recordingFile: string, request: ClipRequest, folder: string, source: string): Promise<ClipFileRecord> {
  const stat = await deps.store.stat(recordingFile);
  if (!stat) throw new AppError('conflict', CLIP_MESSAGES.noRecording);
  const bytes: RecordingBytes = { size: stat.size, readRange: (start, end) => deps.store.readRange(recordingFile, start, end) };
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
    // The folder holds this clip's one file: a file of its earlier bounds or kind goes first.
    await deps.store.deletePrefix(folder);
    await deps.store.write(path, cut.open(), cut.contentType, Math.max(cut.size, 1));
  } finally {
    await cut.dispose();
  }
  logs.clipCut(folder, request.to - request.from, cut.bytesRead);
  return { path, size: cut.size, contentType: cut.contentType, source };
}
