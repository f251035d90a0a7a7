import { plural } from '@verbatim/contract/plural';
import { createReadStream } from 'node:fs';
import { Timestamp, type DocumentData, type Firestore, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { MAX_REEL_CLIPS, REEL_MESSAGES, reelFromData, type Reel } from '@verbatim/contract/reel';
import { createReelBody, requireBody } from '@verbatim/contract/request-bodies';
import { recordingPath } from '@verbatim/contract/upload-path';
import { interviewRef } from '../interviews/interview-refs';
import { logs } from '../lib/logs';
import { ownedProject } from '../projects/ownership';
import { projectRef } from '../projects/refs';
import { CutFailed } from '../recordings/ffmpeg-cut';
import type { RecordingStore } from '../storage/recording-store';
import { MAX_CLIP_TITLE } from '@verbatim/contract/clip';
import { isVisibleInsight } from '@verbatim/contract/insight';
import { insightsCollection } from '../insights/refs';
import { clipRef, clipsCollection } from './clip-refs';
import { createClip } from './clip-service';
import { reelPlan, reelRefusal, type ReelClip, type ReelSegment } from './reel-plan';
import { REEL_TASK_SECONDS, type ReelJob, type ReelQueue } from './reel-queue';
import { renderReel, type ReelRenderOptions, type RenderedReel } from './render-reel';

/**
 * A project's highlight reels: made from clips in order (`POST /projects/{p}/reels`), rendered in a task of its own
 * (`renderReel`, reel-queue.ts) with its progress on the record, downloaded once ready, deleted with the project or any
 * interview it quotes. A clip deleted before the rendering, or a rendering that fails or is stopped, leaves a failed
 * reel with its sentence and no file.
 */

const toDate = (value: unknown) => (value instanceof Timestamp ? value.toDate() : value instanceof Date ? value : new Date(0));

const reelConverter: FirestoreDataConverter<Reel> = {
  toFirestore(reel) {
    const { id: _id, ...rest } = reel as Reel;
    return rest as DocumentData;
  },
  fromFirestore(snap: QueryDocumentSnapshot) {
    return reelFromData(snap.id, snap.data(), toDate);
  },
};

export function reelsCollection(db: Firestore, projectId: string) {
  return projectRef(db, projectId).collection(COLLECTIONS.reels).withConverter(reelConverter);
}

/** The folder of a project's reel files, or of one reel's. */
export function reelPrefix(projectId: string, reelId?: string): string {
  return `reels/${projectId}/${reelId ? `${reelId}/` : ''}`;
}

/**
 * `POST /projects/{p}/reels {clipIds, title?}` or `{insightId}`: the reel is recorded and queued; its task renders it.
 * From a finding, its quotes' clips in order (each made unless one of the same words exists), its title on every card.
 */
export async function createReel(db: Firestore, queue: ReelQueue, uid: string, projectId: string, body: unknown, now = new Date()): Promise<Reel> {
  const request = requireBody(createReelBody, body);
  await ownedProject(db, uid, projectId);
  const finding = request.insightId ? await findingClips(db, uid, projectId, request.insightId) : null;
  const clipIds = finding?.clipIds ?? request.clipIds ?? [];
  const clips = await Promise.all(clipIds.map(async (id) => (await clipRef(db, projectId, id).get()).data()));
  if (clips.some((clip) => !clip)) throw new AppError('conflict', REEL_MESSAGES.clipGone);
  const refusal = reelRefusal(clips.map((clip) => clip!));
  if (refusal) throw new AppError('invalid', refusal);
  const ref = reelsCollection(db, projectId).doc();
  const reel: Reel = {
    id: ref.id,
    title: request.title || finding?.title || `Reel of ${plural(clips.length, 'clip')}`,
    clipIds,
    documentIds: [...new Set(clips.map((clip) => clip!.documentId))],
    finding: finding?.title ?? null,
    status: 'queued',
    progress: 0,
    seconds: 0,
    size: 0,
    error: null,
    createdAt: now,
    updatedAt: now,
  };
  await ref.set(reel);
  try {
    await queue.enqueue({ projectId, reelId: ref.id });
  } catch (err) {
    await ref.update({ status: 'failed', error: REEL_MESSAGES.failed('it could not be queued'), updatedAt: new Date() });
    throw err;
  }
  return reel;
}

/** The clips of a finding's quotes, in its order: an existing clip of the same words, else a new one; quotes that cannot be cut are left out. */
async function findingClips(db: Firestore, uid: string, projectId: string, insightId: string): Promise<{ clipIds: string[]; title: string }> {
  const insight = (await insightsCollection(db, projectId).doc(insightId).get()).data();
  if (!insight || !isVisibleInsight(insight)) throw new AppError('not-found', REEL_MESSAGES.findingGone);
  const existing = (await clipsCollection(db, projectId).get()).docs.map((d) => d.data());
  const clipIds: string[] = [];
  for (const quote of insight.quotes.slice(0, MAX_REEL_CLIPS)) {
    const documentId = quote.documentId ?? insight.documentId;
    const same = existing.find((clip) => clip.documentId === documentId && clip.start === quote.start && clip.end === quote.end);
    if (same) {
      clipIds.push(same.id);
      continue;
    }
    try {
      clipIds.push((await createClip(db, uid, projectId, { documentId, start: quote.start, end: quote.end, title: insight.title.slice(0, MAX_CLIP_TITLE) })).id);
    } catch (err) {
      // A quote of an interview without a recording ready, or without times: not in the reel.
      if (!(err instanceof AppError)) throw err;
    }
  }
  if (clipIds.length === 0) throw new AppError('conflict', REEL_MESSAGES.nothingToClip);
  return { clipIds, title: insight.title };
}

export interface ReelTaskDeps {
  db: Firestore;
  store: RecordingStore;
  /** The rendering (default: ffmpeg); a test stops it halfway. */
  render?: (plan: readonly ReelSegment[], options: ReelRenderOptions) => Promise<RenderedReel>;
  /** How long a rendering is taken to be alive without news (default: the task's deadline). */
  leaseMs?: number;
}

class ReelSourceGone extends Error {}

/** The task: claims the reel, renders it with its progress on the record, stores the file; or fails it with a sentence. */
export async function handleReelTask(job: ReelJob, deps: ReelTaskDeps): Promise<void> {
  const { db, store } = deps;
  const ref = reelsCollection(db, job.projectId).doc(job.reelId);
  const leaseMs = deps.leaseMs ?? (REEL_TASK_SECONDS + 60) * 1000;
  const reel = await db.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current) return null;
    const stale = current.status === 'rendering' && Date.now() - current.updatedAt.getTime() > leaseMs;
    if (current.status !== 'queued' && !stale) return null;
    tx.update(ref, { status: 'rendering', progress: 0, updatedAt: new Date() });
    return current;
  });
  if (!reel) return;
  const fail = async (message: string) => {
    await ref.update({ status: 'failed', error: message, updatedAt: new Date() }).catch(() => undefined);
    logs.reelFailed(job.projectId, job.reelId, message);
  };

  const stored = await Promise.all(reel.clipIds.map(async (id) => (await clipRef(db, job.projectId, id).get()).data()));
  if (stored.some((clip) => !clip)) return fail(REEL_MESSAGES.clipGone);
  const clips: ReelClip[] = stored.map((clip, i) => ({
    id: reel.clipIds[i],
    speaker: clip!.speaker,
    interviewName: clip!.interviewName,
    words: clip!.words,
    from: clip!.from,
    to: clip!.to,
    hasVideo: clip!.hasVideo,
    ...(reel.finding ? { finding: reel.finding } : {}),
  }));
  const documents = new Map(stored.map((clip, i) => [reel.clipIds[i], clip!.documentId]));

  let rendered: RenderedReel;
  try {
    rendered = await (deps.render ?? renderReel)(reelPlan(clips), {
      async sourceOf(clip) {
        const doc = (await interviewRef(db, job.projectId, documents.get(clip.id)!).get()).data();
        const recording = doc?.recording;
        if (!doc || recording?.status !== 'ready') throw new ReelSourceGone();
        const path = recordingPath({ uid: doc.ownerId, projectId: job.projectId, documentId: doc.id, fileName: recording.fileName });
        const stat = await store.stat(path);
        if (!stat) throw new ReelSourceGone();
        return { bytes: { size: stat.size, readRange: (start, end) => store.readRange(path, start, end) }, container: recording.container ?? '' };
      },
      async onProgress(done) {
        await ref.update({ progress: Math.round(done * 100) / 100, updatedAt: new Date() });
      },
    });
  } catch (err) {
    if (err instanceof ReelSourceGone) return fail(REEL_MESSAGES.clipGone);
    if (err instanceof CutFailed) return fail(REEL_MESSAGES.failed(err.message));
    await fail(REEL_MESSAGES.stopped);
    throw err;
  }
  try {
    // Deleted while it rendered: nothing is stored.
    if (!(await ref.get()).exists) return;
    const path = `${reelPrefix(job.projectId, job.reelId)}reel.mp4`;
    await store.write(path, createReadStream(rendered.path), 'video/mp4', rendered.size + 1);
    await ref.update({ status: 'ready', progress: 1, seconds: rendered.seconds, size: rendered.size, error: null, updatedAt: new Date() });
    logs.reelRendered(job.projectId, job.reelId, rendered.seconds, rendered.size);
  } finally {
    await rendered.dispose();
  }
}

/** `GET /projects/{p}/reels/{reelId}/file`: the rendered reel. */
export async function reelFile(db: Firestore, uid: string, projectId: string, reelId: string): Promise<{ path: string; reel: Reel }> {
  await ownedProject(db, uid, projectId);
  const reel = (await reelsCollection(db, projectId).doc(reelId).get()).data();
  if (!reel) throw new AppError('not-found', REEL_MESSAGES.notFound);
  if (reel.status !== 'ready') throw new AppError('conflict', reel.status === 'failed' ? (reel.error ?? REEL_MESSAGES.stopped) : REEL_MESSAGES.notReady);
  return { path: `${reelPrefix(projectId, reelId)}reel.mp4`, reel };
}

/** `DELETE /projects/{p}/reels/{reelId}`: its file, then its record. */
export async function deleteReel(db: Firestore, store: RecordingStore, uid: string, projectId: string, reelId: string): Promise<void> {
  await ownedProject(db, uid, projectId);
  const ref = reelsCollection(db, projectId).doc(reelId);
  if (!(await ref.get()).exists) throw new AppError('not-found', REEL_MESSAGES.notFound);
  await store.deletePrefix(reelPrefix(projectId, reelId));
  await ref.delete();
}

/** Deletes the reels that quote an interview (files and records): the interview is being deleted. */
export async function deleteInterviewReels(db: Firestore, store: RecordingStore, projectId: string, documentId: string): Promise<void> {
  const reels = await reelsCollection(db, projectId).where('documentIds', 'array-contains', documentId).get();
  for (const reel of reels.docs) {
    await store.deletePrefix(reelPrefix(projectId, reel.id));
    await reel.ref.delete();
  }
}
