/**
 * A highlight reel: clips joined in order, each after a short title card, their words as captions, rendered on the
 * server in a task of its own. Kept at `projects/{p}/reels/{reelId}` (written by the server, read by the owner). Pure:
 * the type, the one reader of stored data, the limits and sentences.
 */

import { quoteTime } from './citation';
import { safeDownloadStem } from './download-name';
import { dateOrEpoch, num, str, strOrNull, strings, type Data, type ToDate } from './stored-fields';

export type ReelStatus = 'queued' | 'rendering' | 'ready' | 'failed';

export interface Reel {
  id: string;
  title: string;
  /** The clips, in the reel's order. */
  clipIds: string[];
  /** The interviews the clips are of (a reel goes with any of them). */
  documentIds: string[];
  /** The finding the reel was made from (each title card names it), or null for chosen clips. */
  finding: string | null;
  /** That finding's id: a public page showing it plays its reel (when visitors may play quotes). */
  insightId: string | null;
  /** The theme the reel was made from (each title card names it), or null. */
  theme: string | null;
  status: ReelStatus;
  /** 0..1 while rendering. */
  progress: number;
  /** The reel's length and file size once rendered. */
  seconds: number;
  size: number;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The most clips a reel holds, and the most minutes of clips. */
export const MAX_REEL_CLIPS = 20;
export const MAX_REEL_MINUTES = 10;
export const MAX_REEL_TITLE = 120;
/** The most findings a theme's reel is asked for at once (their quotes' clips stop at the reel's limits anyway). */
export const MAX_THEME_FINDINGS = 200;

/** The most a reel's rendering task may take (its queue's dispatch deadline and its function's timeout). */
export const REEL_TASK_SECONDS = 600;
/** The grace after it: a rendering with no news for the task's length and this long died with its task. */
export const REEL_LEASE_GRACE_SECONDS = 60;
export const REEL_LEASE_MS = (REEL_TASK_SECONDS + REEL_LEASE_GRACE_SECONDS) * 1000;

/**
 * How long a reel may wait in its queue before its task is taken as gone. The queue renders a few reels at a time for
 * every account (triggers/render-reel-task.ts), so a reel can wait behind others far longer than one rendering takes;
 * past this, its task is gone.
 */
export const REEL_QUEUE_WAIT_MS = 2 * 60 * 60 * 1000;

/**
 * A reel whose task is gone: rendering with no news for longer than its task could run, or still waiting in its queue
 * past REEL_QUEUE_WAIT_MS.
 */
export function reelRenderingLapsed(reel: Pick<Reel, 'status' | 'updatedAt'>, now: number, leaseMs = REEL_LEASE_MS, queueWaitMs = REEL_QUEUE_WAIT_MS): boolean {
  const quiet = now - reel.updatedAt.getTime();
  return (reel.status === 'rendering' && quiet > leaseMs) || (reel.status === 'queued' && quiet > queueWaitMs);
}

export const REEL_MESSAGES = {
  empty: 'Choose at least one clip for the reel.',
  tooMany: (count: number) => `A reel holds at most ${MAX_REEL_CLIPS} clips; this one has ${count}. Split it into two reels.`,
  tooLong: (clock: string) => `A reel holds at most ${MAX_REEL_MINUTES} minutes of clips; these come to ${clock}. Leave some clips out or shorten them.`,
  clipGone: 'A clip of this reel was deleted. Make the reel again from the clips that are left.',
  notFound: 'This reel does not exist (it may have been deleted).',
  notReady: 'This reel is not rendered yet. Download it once its progress bar is full.',
  failed: (reason: string) => `The reel could not be rendered: ${reason}. Make it again; its clips are unchanged.`,
  /** A clip's recording ffmpeg could not cut at its moment (the reason is logged, not shown). */
  cannotCut: (interviewName: string, from: number) =>
    `The reel could not be rendered: the recording of ${interviewName} cannot be read from ${quoteTime(from)} in its format or codec; convert it to .m4a (AAC) or .mp4 (H.264) and attach it again. Make it again; its clips are unchanged.`,
  /** A title card or the joining failed: nothing the researcher did (the reason is logged, not shown). */
  notPutTogether: 'The reel could not be rendered: its pieces could not be put together on our side. Make it again; its clips are unchanged.',
  notStored: 'The reel was rendered but could not be stored. Make it again; its clips are unchanged.',
  fileGone: 'This reel’s file is missing (it may have been deleted). Delete the reel and make it again; its clips are unchanged.',
  stopped: 'The reel’s rendering was stopped before it finished. Make it again; its clips are unchanged.',
  findingGone: 'This finding does not exist (it may have been deleted).',
  themeUnnamed: 'Say which theme the reel is of.',
  themeEmpty: 'This theme has no findings to make a reel of.',
  themeNothingToClip: 'None of this theme’s quotes can be cut: their interviews have no recording ready, or their transcripts no times. Attach the recordings, then make the reel.',
  nothingToClip: 'None of this finding’s quotes can be cut: their interviews have no recording ready, or their transcripts no times. Attach the recordings, then make the reel.',
} as const;

/** The name a reel's file downloads under: its title made safe, as an .mp4. */
export function reelFileName(reel: Pick<Reel, 'title'>): string {
  return `${safeDownloadStem(reel.title, 'reel')}.mp4`;
}

/** Reads a stored reel; `toDate` converts the SDK's timestamps (a missing one reads as the epoch). */
export function reelFromData(id: string, data: Data, toDate: ToDate): Reel {
  const status = data.status === 'rendering' || data.status === 'ready' || data.status === 'failed' ? data.status : 'queued';
  return {
    id,
    title: str(data.title),
    clipIds: strings(data.clipIds),
    documentIds: strings(data.documentIds),
    finding: strOrNull(data.finding),
    insightId: strOrNull(data.insightId),
    theme: strOrNull(data.theme),
    status,
    progress: num(data.progress),
    seconds: num(data.seconds),
    size: num(data.size),
    error: strOrNull(data.error),
    createdAt: dateOrEpoch(data.createdAt, toDate),
    updatedAt: dateOrEpoch(data.updatedAt, toDate),
  };
}
