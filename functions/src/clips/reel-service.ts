import { plural } from '@verbatim/contract/plural';
import { createReadStream } from 'node:fs';
import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import { defaultClipTitle, MAX_CLIP_TITLE, type Clip } from '@verbatim/contract/clip';
import { isVisibleInsight, type Insight, type Quote } from '@verbatim/contract/insight';
import { MAX_REEL_CLIPS, MAX_REEL_MINUTES, REEL_LEASE_MS, REEL_MESSAGES, reelRenderingLapsed, type Reel } from '@verbatim/contract/reel';
import { createReelBody, requireBody } from '@verbatim/contract/request-bodies';
import type { Interview } from '@verbatim/contract/project';
import type { TextSpan } from '@verbatim/contract/transcript-lookup';
import { recordingPath } from '@verbatim/contract/upload-path';
import { insightsCollection } from '../insights/refs';
import { interviewRef } from '../interviews/interview-refs';
import { ownedInterview } from '../interviews/ownership';
import { logs } from '../lib/logs';
import { projectRef } from '../projects/refs';
import { assertClipStorageFor } from '../quotas/clip-storage';
import { ownedProject } from '../projects/ownership';
import { CutFailed } from '../recordings/ffmpeg-cut';
import type { RecordingStore } from '../storage/recording-store';
import { ClipBoundsRefused, clipSpan } from './clip-bounds';
import { clipRef, clipsCollection } from './clip-refs';
import { placed, readyRecording, transcriptOf } from './clip-service';
import { reelPlan, reelRefusal, type ReelClip, type ReelSegment } from './reel-plan';
import type { ReelJob, ReelQueue } from './reel-queue';
import { reelFilePath, reelPrefix, reelsCollection } from './reel-refs';
import { ReelPieceFailed, renderReel, type ReelRenderOptions, type RenderedReel } from './render-reel';

/**
 * A project's highlight reels: made from clips in order (`POST /projects/{p}/reels`), rendered in a task of its own
 * (`renderReel`, reel-queue.ts) with its progress on the record, downloaded once ready, deleted with the project or any
 * interview it quotes (reel-refs.ts). A clip deleted before the rendering, or a rendering that fails or is stopped,
 * leaves a failed reel with its sentence and no file.
 */

/** What a reel needs of each of its clips. */
type ReelPart = Pick<Clip, 'id' | 'documentId' | 'from' | 'to'>;

/**
 * `POST /projects/{p}/reels {clipIds, title?}` or `{insightId}`: the reel is recorded and queued; its task renders it.
 * From a finding, its quotes' clips in order (each made unless one of the same words exists), its title on every card.
 * Everything is read and checked first: a refused reel writes nothing, and a reel's new clips are written with it.
 */
export async function createReel(db: Firestore, queue: ReelQueue, uid: string, projectId: string, body: unknown, now = new Date(), storageLimit?: number): Promise<Reel> {
  const request = requireBody(createReelBody, body);
  await ownedProject(db, uid, projectId);
  // A reel's file is at least a byte: an account whose clips and reels keep all they may makes none.
  if (storageLimit !== undefined) await assertClipStorageFor(db, uid, 1, storageLimit);
  const finding = request.insightId
    ? await findingClips(db, uid, projectId, request.insightId, now)
    : request.theme
      ? await themeClips(db, uid, projectId, request.theme.insightIds, now)
      : null;
  const clips = finding?.clips ?? (await chosenClips(db, projectId, request.clipIds ?? []));
  const refusal = reelRefusal(clips);
  if (refusal) throw new AppError('invalid', refusal);
  const ref = reelsCollection(db, projectId).doc();
  const theme = request.insightId ? null : (request.theme?.name ?? null);
  const reel: Reel = {
    id: ref.id,
    title: request.title || finding?.title || theme || `Reel of ${plural(clips.length, 'clip')}`,
    clipIds: clips.map((clip) => clip.id),
    documentIds: [...new Set(clips.map((clip) => clip.documentId))],
    finding: finding?.title ?? null,
    insightId: request.insightId ?? null,
    theme,
    status: 'queued',
    progress: 0,
    seconds: 0,
    size: 0,
    error: null,
    createdAt: now,
    updatedAt: now,
  };
  const batch = db.batch();
  for (const clip of finding?.made ?? []) batch.set(clipRef(db, projectId, clip.id), clip);
  batch.set(ref, reel);
  await batch.commit();
  for (const clip of finding?.made ?? []) logs.clipMade(projectId, clip.id, clip.to - clip.from);
  try {
    await queue.enqueue({ projectId, reelId: ref.id });
  } catch (err) {
    await ref.update({ status: 'failed', error: REEL_MESSAGES.failed('it could not be queued'), updatedAt: new Date() });
    throw err;
  }
  return reel;
}

/** The chosen clips, in order; a conflict when one is gone. */
async function chosenClips(db: Firestore, projectId: string, clipIds: readonly string[]): Promise<ReelPart[]> {
  const clips = await Promise.all(clipIds.map(async (id) => (await clipRef(db, projectId, id).get()).data()));
  if (clips.some((clip) => !clip)) throw new AppError('conflict', REEL_MESSAGES.clipGone);
  return clips.map((clip) => clip!);
}

/** An interview a finding quotes, read once: its recording's length, its transcript and its clips; null when it cannot be cut. */
async function quotedInterview(db: Firestore, uid: string, projectId: string, documentId: string) {
  try {
    const doc = await ownedInterview(db, uid, projectId, documentId);
    const { durationSeconds, recording } = readyRecording(doc);
    const [transcript, clips] = await Promise.all([transcriptOf(db, doc), clipsCollection(db, projectId).where('documentId', '==', documentId).get()]);
    return { doc, durationSeconds, hasVideo: recording.hasVideo, transcript, clips: clips.docs.map((d): ReelPart & TextSpan => d.data()) };
  } catch (err) {
    // An interview gone, without a recording ready, or without a transcript: its quotes are not in the reel.
    if (err instanceof AppError) return null;
    throw err;
  }
}

/** A quote to make a reel's clip of, and the title a new clip of it gets. */
interface QuoteToClip {
  quote: Pick<Quote, 'documentId' | 'start' | 'end'>;
  documentId: string;
  title: string;
}

/**
 * The clips of quotes, in order: an existing clip of the same words, else a new one (returned in `made`, not yet
 * written); quotes that cannot be cut are left out. Each interview is read once. With `fit`, clips stop before the
 * reel's limits (a theme's many quotes); without, the caller's refusal says the limit.
 */
async function quotesClips(db: Firestore, uid: string, projectId: string, quotes: readonly QuoteToClip[], now: Date, fit: boolean): Promise<{ clips: ReelPart[]; made: Clip[] }> {
  const interviews = new Map<string, ReturnType<typeof quotedInterview>>();
  const clips: ReelPart[] = [];
  const made: Clip[] = [];
  let seconds = 0;
  for (const { quote, documentId, title } of quotes) {
    if (clips.length >= MAX_REEL_CLIPS) break;
    if (!interviews.has(documentId)) interviews.set(documentId, quotedInterview(db, uid, projectId, documentId));
    const interview = await interviews.get(documentId)!;
    if (!interview || quote.end <= quote.start) continue;
    const same = [...interview.clips, ...made].find((clip) => clip.documentId === documentId && clip.start === quote.start && clip.end === quote.end);
    let clip: ReelPart;
    if (same) clip = same;
    else {
      let fields: ReturnType<typeof placed>;
      try {
        fields = placed(interview.transcript, clipSpan(interview.transcript, quote).span, interview.durationSeconds);
      } catch (err) {
        // Words that are not one speaker's, or have no times: not in the reel.
        if (err instanceof ClipBoundsRefused) continue;
        throw err;
      }
      const fresh: Clip = {
        id: clipsCollection(db, projectId).doc().id,
        documentId,
        ...fields,
        title: title.slice(0, MAX_CLIP_TITLE).trim() || defaultClipTitle(fields.words),
        hasVideo: interview.hasVideo,
        fileSize: 0,
        createdAt: now,
        updatedAt: now,
      };
      clip = fresh;
    }
    if (fit && seconds + (clip.to - clip.from) > MAX_REEL_MINUTES * 60) continue;
    seconds += clip.to - clip.from;
    if (!same) made.push(clip as Clip);
    clips.push(clip);
  }
  return { clips, made };
}

/** The clips of a finding's quotes, in its order (quotesClips), its title on each new clip. */
async function findingClips(db: Firestore, uid: string, projectId: string, insightId: string, now: Date): Promise<{ clips: ReelPart[]; made: Clip[]; title: string }> {
  const insight = (await insightsCollection(db, projectId).doc(insightId).get()).data();
  if (!insight || !isVisibleInsight(insight)) throw new AppError('not-found', REEL_MESSAGES.findingGone);
  const quotes = insight.quotes.map((quote) => ({ quote, documentId: quote.documentId ?? insight.documentId, title: insight.title }));
  const { clips, made } = await quotesClips(db, uid, projectId, quotes, now, false);
  if (clips.length === 0) throw new AppError('conflict', REEL_MESSAGES.nothingToClip);
  return { clips, made, title: insight.title };
}

/**
 * The clips of a theme's findings' quotes, finding after finding in the board's order, each new clip titled with its
 * finding; findings gone or hidden since are left out, and the clips stop before the reel's limits.
 */
async function themeClips(db: Firestore, uid: string, projectId: string, insightIds: readonly string[], now: Date): Promise<{ clips: ReelPart[]; made: Clip[]; title: null }> {
  const insights = await Promise.all([...new Set(insightIds)].map(async (id) => (await insightsCollection(db, projectId).doc(id).get()).data()));
  const visible = insights.filter((insight): insight is Insight => insight !== undefined && isVisibleInsight(insight));
  if (visible.length === 0) throw new AppError('not-found', REEL_MESSAGES.themeEmpty);
  const quotes = visible.flatMap((insight) => insight.quotes.map((quote) => ({ quote, documentId: quote.documentId ?? insight.documentId, title: insight.title })));
  const { clips, made } = await quotesClips(db, uid, projectId, quotes, now, true);
  if (clips.length === 0) throw new AppError('conflict', REEL_MESSAGES.themeNothingToClip);
  return { clips, made, title: null };
}

export interface ReelTaskDeps {
  db: Firestore;
  store: RecordingStore;
  /** The rendering (default: ffmpeg); a test stops it halfway. */
  render?: (plan: readonly ReelSegment[], options: ReelRenderOptions) => Promise<RenderedReel>;
  /** How long a rendering is taken to be alive without news (default: the task's length and its grace). */
  leaseMs?: number;
  /** Bytes the account's clips and reels may keep (`AccountQuotas.clipStorageBytes`); unbounded when absent. */
  storageLimit?: number;
}

class ReelSourceGone extends Error {}

/**
 * What a reel's cards say it supports: a finding's title as it is when the reel renders (a renamed finding shows
 * renamed), or the title it had when the reel was made once it is gone or hidden; else the theme's name.
 */
async function findingOnCards(db: Firestore, projectId: string, reel: Reel): Promise<string | null> {
  if (reel.insightId) {
    const insight = (await insightsCollection(db, projectId).doc(reel.insightId).get()).data();
    if (insight && isVisibleInsight(insight) && insight.title.trim()) return insight.title;
  }
  return reel.finding || reel.theme || null;
}

/**
 * The task: claims the reel, renders it with its progress on the record, stores the file; or fails it with a sentence
 * (and logs why). Whatever fails after the claim marks the reel failed before the task ends, so the reel never waits on
 * a retry (the queue delivers a task once, triggers/render-reel-task.ts).
 */
export async function handleReelTask(job: ReelJob, deps: ReelTaskDeps): Promise<void> {
  const { db, store } = deps;
  const ref = reelsCollection(db, job.projectId).doc(job.reelId);
  const leaseMs = deps.leaseMs ?? REEL_LEASE_MS;
  const reel = await db.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current) return null;
    const stale = current.status === 'rendering' && reelRenderingLapsed(current, Date.now(), leaseMs);
    if (current.status !== 'queued' && !stale) return null;
    tx.update(ref, { status: 'rendering', progress: 0, updatedAt: new Date() });
    return current;
  });
  if (!reel) return;
  const fail = async (message: string, reason = message) => {
    await ref.update({ status: 'failed', error: message, updatedAt: new Date() }).catch(() => undefined);
    logs.reelFailed(job.projectId, job.reelId, reason);
  };

  const stored = await Promise.all(reel.clipIds.map(async (id) => (await clipRef(db, job.projectId, id).get()).data()));
  if (stored.some((clip) => !clip)) return fail(REEL_MESSAGES.clipGone);
  // Each interview is read once, now: its name as it is today is on the cards (a renamed interview shows renamed).
  const interviews = new Map<string, Interview | undefined>();
  for (const clip of stored) if (!interviews.has(clip!.documentId)) interviews.set(clip!.documentId, (await interviewRef(db, job.projectId, clip!.documentId).get()).data());
  if ([...interviews.values()].some((doc) => !doc)) return fail(REEL_MESSAGES.clipGone, 'an interview of a clip is gone');
  const finding = await findingOnCards(db, job.projectId, reel);
  const clips: ReelClip[] = stored.map((clip, i) => ({
    id: reel.clipIds[i],
    speaker: clip!.speaker,
    interviewName: interviews.get(clip!.documentId)!.name,
    words: clip!.words,
    from: clip!.from,
    to: clip!.to,
    hasVideo: clip!.hasVideo,
    ...(finding ? { finding } : {}),
  }));
  const documents = new Map(stored.map((clip, i) => [reel.clipIds[i], clip!.documentId]));

  let rendered: RenderedReel;
  try {
    rendered = await (deps.render ?? renderReel)(reelPlan(clips), {
      async sourceOf(clip) {
        const doc = interviews.get(documents.get(clip.id)!);
        const recording = doc?.recording;
        if (!doc || recording?.status !== 'ready') throw new ReelSourceGone('the recording of a clip is gone');
        const path = recordingPath({ uid: doc.ownerId, projectId: job.projectId, documentId: doc.id, fileName: recording.fileName });
        const stat = await store.stat(path);
        if (!stat) throw new ReelSourceGone(`the recording file is gone: ${path}`);
        return { bytes: { size: stat.size, readRange: (start, end) => store.readRange(path, start, end) }, container: recording.container ?? '' };
      },
      async onProgress(done) {
        await ref.update({ progress: Math.round(done * 100) / 100, updatedAt: new Date() });
      },
    });
  } catch (err) {
    if (err instanceof ReelSourceGone) return fail(REEL_MESSAGES.clipGone, err.message);
    if (err instanceof CutFailed) {
      // ffmpeg's reason is logged; the researcher reads what it means for them.
      const clip = err instanceof ReelPieceFailed ? err.clip : null;
      return fail(clip ? REEL_MESSAGES.cannotCut(clip.interviewName, clip.from) : REEL_MESSAGES.notPutTogether, err.message);
    }
    await fail(REEL_MESSAGES.stopped, err instanceof Error ? err.message : String(err));
    throw err;
  }
  try {
    // Deleted while it rendered: nothing is stored.
    if (!(await ref.get()).exists) return;
    if (deps.storageLimit !== undefined) {
      const owner = (await projectRef(db, job.projectId).get()).get('ownerId') as string | undefined;
      try {
        if (owner) await assertClipStorageFor(db, owner, rendered.size, deps.storageLimit);
      } catch (err) {
        if (err instanceof AppError) return fail(err.message, 'past the account’s storage for clips and reels');
        throw err;
      }
    }
    await store.write(reelFilePath(job.projectId, job.reelId), createReadStream(rendered.path), 'video/mp4', rendered.size + 1);
    await ref.update({ status: 'ready', progress: 1, seconds: rendered.seconds, size: rendered.size, error: null, updatedAt: new Date() });
    logs.reelRendered(job.projectId, job.reelId, rendered.seconds, rendered.size);
  } catch (err) {
    // Not stored, or not marked ready: no file is left, and the reel says so.
    await store.deletePrefix(reelPrefix(job.projectId, job.reelId)).catch(() => undefined);
    await fail(REEL_MESSAGES.notStored, err instanceof Error ? err.message : String(err));
    throw err;
  } finally {
    await rendered.dispose();
  }
}

/**
 * `GET /projects/{p}/reels/{reelId}/file`: the rendered reel's file and size. A reel not ready, whose rendering died
 * with its task, or whose file is gone is refused with the sentence that says so.
 */
export async function reelFile(db: Firestore, store: RecordingStore, uid: string, projectId: string, reelId: string): Promise<{ path: string; size: number; reel: Reel }> {
  await ownedProject(db, uid, projectId);
  const reel = (await reelsCollection(db, projectId).doc(reelId).get()).data();
  if (!reel) throw new AppError('not-found', REEL_MESSAGES.notFound);
  if (reelRenderingLapsed(reel, Date.now())) throw new AppError('conflict', REEL_MESSAGES.stopped);
  if (reel.status !== 'ready') throw new AppError('conflict', reel.status === 'failed' ? (reel.error ?? REEL_MESSAGES.stopped) : REEL_MESSAGES.notReady);
  const path = reelFilePath(projectId, reelId);
  const stored = await store.stat(path);
  if (!stored) throw new AppError('conflict', REEL_MESSAGES.fileGone);
  return { path, size: stored.size, reel };
}

/** `DELETE /projects/{p}/reels/{reelId}`: its file, then its record. */
export async function deleteReel(db: Firestore, store: RecordingStore, uid: string, projectId: string, reelId: string): Promise<void> {
  await ownedProject(db, uid, projectId);
  const ref = reelsCollection(db, projectId).doc(reelId);
  if (!(await ref.get()).exists) throw new AppError('not-found', REEL_MESSAGES.notFound);
  await store.deletePrefix(reelPrefix(projectId, reelId));
  await ref.delete();
}
