/**
 * A highlight reel: clips joined in order, each after a short title card, their words as captions, rendered on the
 * server in a task of its own. Kept at `projects/{p}/reels/{reelId}` (written by the server, read by the owner). Pure:
 * the type, the one reader of stored data, the limits and sentences.
 */

import { safeDownloadStem } from './download-name';
import { num, str, strOrNull, strings } from './stored-fields';

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

export const REEL_MESSAGES = {
  empty: 'Choose at least one clip for the reel.',
  tooMany: (count: number) => `A reel holds at most ${MAX_REEL_CLIPS} clips; this one has ${count}. Split it into two reels.`,
  tooLong: (clock: string) => `A reel holds at most ${MAX_REEL_MINUTES} minutes of clips; these come to ${clock}. Leave some clips out or shorten them.`,
  clipGone: 'A clip of this reel was deleted. Make the reel again from the clips that are left.',
  notFound: 'This reel does not exist (it may have been deleted).',
  notReady: 'This reel is not rendered yet. Download it once its progress bar is full.',
  failed: (reason: string) => `The reel could not be rendered: ${reason}. Make it again; its clips are unchanged.`,
  stopped: 'The reel’s rendering was stopped before it finished. Make it again; its clips are unchanged.',
  findingGone: 'This finding does not exist (it may have been deleted).',
  nothingToClip: 'None of this finding’s quotes can be cut: their interviews have no recording ready, or their transcripts no times. Attach the recordings, then make the reel.',
} as const;

/** The name a reel's file downloads under: its title made safe, as an .mp4. */
export function reelFileName(reel: Pick<Reel, 'title'>): string {
  return `${safeDownloadStem(reel.title, 'reel')}.mp4`;
}

/** Reads a stored reel; `toDate` converts the SDK's timestamps. */
export function reelFromData(id: string, data: Record<string, unknown>, toDate: (value: unknown) => Date): Reel {
  const status = data.status === 'rendering' || data.status === 'ready' || data.status === 'failed' ? data.status : 'queued';
  return {
    id,
    title: str(data.title),
    clipIds: strings(data.clipIds),
    documentIds: strings(data.documentIds),
    finding: strOrNull(data.finding),
    status,
    progress: num(data.progress),
    seconds: num(data.seconds),
    size: num(data.size),
    error: strOrNull(data.error),
    createdAt: toDate(data.createdAt),
    updatedAt: toDate(data.updatedAt),
  };
}
