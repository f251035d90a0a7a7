import { CLIP_MESSAGES } from '@verbatim/contract/clip';
import { quoteClipBounds, type SecondsSpan } from '@verbatim/contract/quote-moments';
import type { TimeMark, Turn } from '@verbatim/contract/transcript';
import { turnIndexAt, type TextSpan } from '@verbatim/contract/transcript-lookup';

/**
 * Where a clip lies in its transcript and in its recording. Pure: a clip's words are one turn's, snapped to whole
 * words; its edges move a word at a time within the turn; its moment is the words' own (quoteClipBounds: their moments
 * with a short margin, never past the turn), which must lie inside the recording.
 */

export class ClipBoundsRefused extends Error {
  constructor(readonly reason: 'one-turn' | 'no-words' | 'nudge-limit' | 'no-times' | 'outside-recording' | 'words-changed', message: string) {
    super(message);
    this.name = 'ClipBoundsRefused';
  }
}

export interface TranscriptText {
  text: string;
  turns: readonly Turn[];
  timeMarks: readonly TimeMark[];
}

/** The words of [from, to) of `text`, each as its [start, end). */
function wordsIn(text: string, from: number, to: number): TextSpan[] {
  const words: TextSpan[] = [];
  const pattern = /\S+/g;
  pattern.lastIndex = from;
  for (let match = pattern.exec(text); match && match.index < to; match = pattern.exec(text)) {
    words.push({ start: match.index, end: Math.min(match.index + match[0].length, to) });
  }
  return words;
}

/**
 * A selection made a clip's span: within one turn (else refused), widened to whole words (a selection that starts or
 * ends inside a word takes the whole word), without the spaces around. Answers the span and its turn.
 */
export function clipSpan(transcript: TranscriptText, selection: TextSpan): { span: TextSpan; turn: Turn } {
  const { text, turns } = transcript;
  const first = turnIndexAt(turns, selection.start);
  const last = turnIndexAt(turns, Math.max(selection.start, selection.end - 1));
  // Starting in the blank line before a turn: the turn that follows.
  const index = first >= 0 ? first : turns.findIndex((turn) => turn.start >= selection.start && turn.start < selection.end);
  if (index < 0) throw new ClipBoundsRefused('no-words', CLIP_MESSAGES.noWords);
  if (last >= 0 && last !== index) throw new ClipBoundsRefused('one-turn', CLIP_MESSAGES.oneTurn);
  const turn = turns[index];
  const words = wordsIn(text, turn.start, turn.end).filter((word) => word.end > selection.start && word.start < selection.end);
  if (words.length === 0) throw new ClipBoundsRefused('no-words', CLIP_MESSAGES.noWords);
  return { span: { start: words[0].start, end: words.at(-1)!.end }, turn };
}

/**
 * The span with one edge moved by `by` words (negative: earlier), within its turn and keeping at least one word.
 * Refused when the edge cannot move at all that way.
 */
export function nudgeSpan(transcript: TranscriptText, span: TextSpan, edge: 'start' | 'end', by: number): TextSpan {
  const { turn } = clipSpan(transcript, span);
  const words = wordsIn(transcript.text, turn.start, turn.end);
  const first = words.findIndex((word) => word.end > span.start);
  const last = words.findLastIndex((word) => word.start < span.end);
  if (edge === 'start') {
    const moved = Math.min(Math.max(first + by, 0), last);
    if (moved === first) throw new ClipBoundsRefused('nudge-limit', CLIP_MESSAGES.nudgeLimit('start'));
    return { start: words[moved].start, end: span.end };
  }
  const moved = Math.max(Math.min(last + by, words.length - 1), first);
  if (moved === last) throw new ClipBoundsRefused('nudge-limit', CLIP_MESSAGES.nudgeLimit('end'));
  return { start: span.start, end: words[moved].end };
}

/**
 * The clip's stretch of the recording: its words' moments with a margin (from the quote's own moment), ending by the
 * recording's end. Refused when the transcript has no time for them, or they are said past the recording's end.
 */
export function clipMoment(transcript: TranscriptText, span: TextSpan, durationSeconds: number): SecondsSpan {
  const bounds = quoteClipBounds(span, transcript.turns, transcript.timeMarks, { text: transcript.text, duration: durationSeconds });
  if (!bounds) throw new ClipBoundsRefused('no-times', CLIP_MESSAGES.noTimes);
  if (bounds.start >= durationSeconds) throw new ClipBoundsRefused('outside-recording', CLIP_MESSAGES.outsideRecording(bounds.start, durationSeconds));
  return { start: bounds.start, end: Math.min(bounds.end, durationSeconds) };
}

/** Up to `count` words of the turn before and after the span (with "…" where the turn goes on). */
export function clipContext(transcript: TranscriptText, span: TextSpan, count = 12): { before: string; after: string } {
  const { turn } = clipSpan(transcript, span);
  const words = wordsIn(transcript.text, turn.start, turn.end);
  const before = words.filter((word) => word.end <= span.start);
  const after = words.filter((word) => word.start >= span.end);
  const said = (list: TextSpan[]) => list.map((word) => transcript.text.slice(word.start, word.end)).join(' ');
  return {
    before: (before.length > count ? '… ' : '') + said(before.slice(-count)),
    after: said(after.slice(0, count)) + (after.length > count ? ' …' : ''),
  };
}

/**
 * The span of a stored clip in the transcript as it is now: unchanged while its words are still there; after a
 * correction moved them, the place of the same words nearest the old one; refused when they are gone.
 */
export function relocateWords(text: string, span: TextSpan, words: string): TextSpan {
  if (text.slice(span.start, span.end) === words) return span;
  let best: number | null = null;
  for (let at = text.indexOf(words); at >= 0 && words.length > 0; at = text.indexOf(words, at + 1)) {
    if (best === null || Math.abs(at - span.start) < Math.abs(best - span.start)) best = at;
  }
  if (best === null) throw new ClipBoundsRefused('words-changed', CLIP_MESSAGES.wordsChanged);
  return { start: best, end: best + words.length };
}
