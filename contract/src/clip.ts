/**
 * A clip: a stretch of an interview's recording made from a quote or a selection of its transcript, kept at
 * `projects/{p}/clips/{clipId}` (written by the server alone, read by the project's owner). Its words are the
 * transcript's own between its bounds, never typed; its moment in the recording comes from the transcript's times
 * (quote-moments.ts). Pure: the type, the one reader of stored data, the sentences, the file name a download gets.
 */

import { quoteTime } from './citation';
import { safeDownloadStem } from './download-name';
import { durationText } from './recording-messages';
import { dateOrEpoch, num, str, type Data, type ToDate } from './stored-fields';

export interface Clip {
  id: string;
  /** The clip's interview; its name is read from the interview itself wherever a clip is shown, so a rename shows at once. */
  documentId: string;
  speaker: string;
  /** Character offsets into the interview's stored text: `words` is `text.slice(start, end)`, within one turn. */
  start: number;
  end: number;
  /** Seconds into the recording: what the clip plays and a download holds. */
  from: number;
  to: number;
  words: string;
  title: string;
  /** The recording has a picture: the download is a video (.mp4), else sound alone (.m4a). */
  hasVideo: boolean;
  /** A few of the turn's words either side, to show where the clip sits. */
  before: string;
  after: string;
  /** Bytes of the file last cut of it and kept (0 until it is first downloaded or played). */
  fileSize: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Longest title, in characters. */
export const MAX_CLIP_TITLE = 120;
/** The most words a nudge moves an edge at once. */
export const MAX_NUDGE_WORDS = 50;

/** Reads a stored clip; `toDate` converts the SDK's timestamps (a missing one reads as the epoch). */
export function clipFromData(id: string, data: Data, toDate: ToDate): Clip {
  return {
    id,
    documentId: str(data.documentId),
    speaker: str(data.speaker),
    start: num(data.start),
    end: num(data.end),
    from: num(data.from),
    to: num(data.to),
    words: str(data.words),
    title: str(data.title),
    hasVideo: data.hasVideo === true,
    before: str(data.before),
    after: str(data.after),
    fileSize: num((data.file as { size?: unknown } | null | undefined)?.size),
    createdAt: dateOrEpoch(data.createdAt, toDate),
    updatedAt: dateOrEpoch(data.updatedAt, toDate),
  };
}

/** The clip's length in seconds. */
export function clipSeconds(clip: Pick<Clip, 'from' | 'to'>): number {
  return Math.max(0, clip.to - clip.from);
}

/** A title made from the clip's first words (a new clip's, until the researcher names it). */
export function defaultClipTitle(words: string): string {
  const flat = words.replace(/\s+/g, ' ').trim();
  if (flat.length <= 60) return flat;
  const cut = flat.slice(0, 60);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40))}…`;
}

/** The name a download is saved under: the title, then `.mp4` for a picture, `.m4a` for sound alone. */
export function clipFileName(clip: Pick<Clip, 'title' | 'hasVideo'>): string {
  return `${safeDownloadStem(clip.title, 'clip')}.${clip.hasVideo ? 'mp4' : 'm4a'}`;
}

/** The sentences a researcher reads about a clip: what went wrong and what to do. */
export const CLIP_MESSAGES = {
  notFound: 'This clip does not exist (it may have been deleted).',
  noRecording: 'This interview has no recording to cut a clip from. Attach its recording on the interview page, then make the clip.',
  recordingNotReady: 'This interview’s recording is not ready yet. Make the clip once it has been checked.',
  noTimes: 'The transcript has no time for these words, so their moment in the recording is unknown. Upload a transcript with timestamps to make clips of it.',
  outsideRecording: (from: number, duration: number) =>
    `These words are said at ${quoteTime(from)}, past the end of the recording (${durationText(duration)} long). Check that the recording attached is this interview’s.`,
  oneTurn: 'A clip holds one speaker’s words: select words within one turn of the transcript.',
  noWords: 'Select at least one word of the transcript to make a clip.',
  nudgeLimit: (edge: 'start' | 'end') =>
    edge === 'start' ? 'The clip cannot start earlier or later: it reaches its turn’s first word, or holds a single word.' : 'The clip cannot end earlier or later: it reaches its turn’s last word, or holds a single word.',
  wordsChanged: 'The transcript was corrected and this clip’s words are no longer in it. Delete the clip and make it again from the corrected words.',
  cannotCut: (from: number) =>
    `The recording could not be cut at ${quoteTime(from)}: its format or codec cannot be read from that moment. Convert the recording to .m4a (AAC) or .mp4 (H.264) and attach it again.`,
  titleTooLong: `A clip’s title is at most ${MAX_CLIP_TITLE} characters.`,
  nothingToChange: 'Nothing to change: send a new title, an edge to move, or both.',
} as const;
