import { quoteTime } from '@verbatim/contract/citation';
import { MAX_REEL_CLIPS, MAX_REEL_MINUTES, REEL_MESSAGES } from '@verbatim/contract/reel';

/**
 * A highlight reel's plan, pure: for each clip in order, a short title card (its speaker, interview and, when the reel
 * is made for one, the finding it supports), then the clip with its own words as captions — verbatim, split into
 * lines at word boundaries and spread over the clip by their characters, never reworded. And the limits a reel is
 * refused past, with their sentences.
 */

export interface ReelClip {
  id: string;
  speaker: string;
  interviewName: string;
  words: string;
  /** Seconds into the recording. */
  from: number;
  to: number;
  hasVideo: boolean;
  /** The finding the clip supports, when the reel is made from one. */
  finding?: string;
}

/** A caption: seconds from the clip's start. */
export interface Caption {
  start: number;
  end: number;
  text: string;
}

export type ReelSegment = { kind: 'card'; seconds: number; lines: string[] } | { kind: 'clip'; clip: ReelClip; seconds: number; captions: Caption[] };

/** How long each title card shows. */
export const CARD_SECONDS = 2.5;
/** The longest caption line, in characters (a line a viewer reads at a glance). */
const CAPTION_CHARS = 42;
/** The longest line on a title card. */
const CARD_CHARS = 40;

/** Why these clips cannot make a reel, or null when they can. */
export function reelRefusal(clips: readonly Pick<ReelClip, 'from' | 'to'>[]): string | null {
  if (clips.length === 0) return REEL_MESSAGES.empty;
  if (clips.length > MAX_REEL_CLIPS) return REEL_MESSAGES.tooMany(clips.length);
  const seconds = clips.reduce((sum, clip) => sum + Math.max(0, clip.to - clip.from), 0);
  if (seconds > MAX_REEL_MINUTES * 60) return REEL_MESSAGES.tooLong(quoteTime(seconds));
  return null;
}

/** The words as caption lines of at most `maxChars` (a longer single word keeps a line of its own). */
function captionLines(words: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The clip's words as captions over its `seconds`: lines of whole words, two lines a caption, each shown for its share
 * of the characters. Joined with spaces, the captions are the clip's words exactly (spaces made single).
 */
export function captionsOf(words: string, seconds: number, maxChars = CAPTION_CHARS): Caption[] {
  const lines = captionLines(words, maxChars);
  const texts: string[] = [];
  for (let i = 0; i < lines.length; i += 2) texts.push(lines.slice(i, i + 2).join('\n'));
  const total = texts.reduce((sum, text) => sum + text.length, 0);
  let at = 0;
  return texts.map((text, i) => {
    const end = i === texts.length - 1 ? seconds : at + (seconds * text.length) / total;
    const caption = { start: round(at), end: round(end), text };
    at = end;
    return caption;
  });
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The reel: a card, then the clip with its captions, for each clip in order. */
export function reelPlan(clips: readonly ReelClip[]): ReelSegment[] {
  return clips.flatMap((clip): ReelSegment[] => {
    const seconds = Math.max(0.1, clip.to - clip.from);
    // A card's lines wrapped at word boundaries: a long finding stays on the card.
    const lines = [clip.speaker, clip.interviewName, ...(clip.finding ? [clip.finding] : [])].flatMap((line) => captionLines(line, CARD_CHARS));
    return [
      { kind: 'card', seconds: CARD_SECONDS, lines },
      { kind: 'clip', clip, seconds, captions: captionsOf(clip.words, seconds) },
    ];
  });
}

/** The reel's length in seconds. */
export function reelSeconds(plan: readonly ReelSegment[]): number {
  return plan.reduce((sum, segment) => sum + segment.seconds, 0);
}

/** Captions as SubRip text (what ffmpeg's subtitles filter burns into the picture). */
export function srtOf(captions: readonly Caption[]): string {
  const clock = (s: number) => {
    const ms = Math.round(s * 1000);
    const pad = (n: number, w = 2) => String(n).padStart(w, '0');
    return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
  };
  return captions.map((c, i) => `${i + 1}\n${clock(c.start)} --> ${clock(c.end)}\n${c.text}\n`).join('\n');
}
