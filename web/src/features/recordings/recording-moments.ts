import type { TimeMark, Turn } from '@verbatim/contract/transcript';
import { turnIndexAt } from '../../lib/turn-index';

/**
 * Where in the recording a quote or a turn is said, from the transcript's own timestamps (contract/src/transcript.ts):
 * a quote's stored `ts`; else the last time mark at or before its start, inside its turn; else the turn's `ts`; else
 * the last mark before the turn. And the reverse: which turn is being said at a moment of the recording.
 */

export interface TextSpan {
  start: number;
  end: number;
}

/** Index of the last mark whose offset is at or before `offset`; -1 when none. Marks are in offset order. */
function lastMarkAtOrBefore(marks: readonly TimeMark[], offset: number): number {
  let lo = 0;
  let hi = marks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (marks[mid].offset <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Index of the first mark whose offset is at or after `offset`; marks.length when none. */
function firstMarkAtOrAfter(marks: readonly TimeMark[], offset: number): number {
  let lo = 0;
  let hi = marks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (marks[mid].offset < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The start offset of the turn holding `offset`; null when none does. */
export function turnStartAt(turns: readonly TextSpan[], offset: number): number | null {
  return turns[turnIndexAt(turns, offset)]?.start ?? null;
}

/** The moment (seconds) words starting at `offset` inside `turn` are said; null when the transcript has no time for them. */
export function momentAt(offset: number, turn: Turn | undefined, marks: readonly TimeMark[]): number | null {
  const index = lastMarkAtOrBefore(marks, offset);
  const mark = index >= 0 ? marks[index] : undefined;
  if (mark && (!turn || mark.offset >= turn.start)) return mark.ts;
  if (turn?.ts !== undefined) return turn.ts;
  return mark?.ts ?? null;
}

/** When a turn starts in the recording: its `ts`, else the first mark inside it; null when neither. */
export function turnMoment(turn: Turn, marks: readonly TimeMark[]): number | null {
  if (turn.ts !== undefined) return turn.ts;
  const index = firstMarkAtOrAfter(marks, turn.start);
  return index < marks.length && marks[index].offset < turn.end ? marks[index].ts : null;
}

/** When a quote starts in the recording (its stored `ts` first); null when the transcript has no time for it. */
export function quoteMoment(quote: TextSpan & { ts?: number }, turns: readonly Turn[], marks: readonly TimeMark[]): number | null {
  if (quote.ts !== undefined) return quote.ts;
  return momentAt(quote.start, turns[turnIndexAt(turns, quote.start)], marks);
}

/**
 * When a quote has been said: the next time the transcript knows after its last word (the first mark at or after its
 * end, else the start of a later turn), if it comes after `from`. Null when nothing later is known (the last words).
 */
export function quoteEndMoment(quote: TextSpan, from: number, turns: readonly Turn[], marks: readonly TimeMark[]): number | null {
  for (let i = firstMarkAtOrAfter(marks, quote.end); i < marks.length; i++) {
    if (marks[i].ts > from) return marks[i].ts;
  }
  const at = turnIndexAt(turns, Math.max(quote.start, quote.end - 1));
  for (let i = at < 0 ? turns.length : at + 1; i < turns.length; i++) {
    const ts = turns[i].ts;
    if (ts !== undefined && ts > from) return ts;
  }
  return null;
}

/** The turns that have a moment, in reading order, with their moments never going back in time. */
export interface TurnTimeline {
  /** Each listed turn's start offset (its key in the transcript view). */
  turnStarts: number[];
  moments: number[];
}

export function turnTimeline(turns: readonly Turn[], marks: readonly TimeMark[]): TurnTimeline {
  const turnStarts: number[] = [];
  const moments: number[] = [];
  for (const turn of turns) {
    const moment = turnMoment(turn, marks);
    if (moment === null) continue;
    // A moment earlier than the one before it (a stamp out of order) would hide the turns between: it waits its turn.
    turnStarts.push(turn.start);
    moments.push(Math.max(moment, moments.at(-1) ?? moment));
  }
  return { turnStarts, moments };
}

/** A turn counts as begun this close before its moment (a seek lands a few milliseconds short). */
const BEGUN_WITHIN_SECONDS = 0.25;

/** The start offset of the turn being said at `seconds`: the last turn whose moment has come; null before the first. */
export function turnAtMoment(timeline: TurnTimeline, seconds: number): number | null {
  const { moments, turnStarts } = timeline;
  let lo = 0;
  let hi = moments.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (moments[mid] <= seconds + BEGUN_WITHIN_SECONDS) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? turnStarts[lo - 1] : null;
}

/** Whether a transcript has timestamps a recording can be synced to. */
export function hasTimestamps(content: { turns: readonly Turn[]; timeMarks: readonly TimeMark[] }): boolean {
  return content.timeMarks.length > 0 || content.turns.some((turn) => turn.ts !== undefined);
}
