import type { TimeMark, Turn } from './transcript';

/**
 * Where things are in a parsed transcript (transcript.ts): which turn holds a character offset, which time marks
 * stand around it, and when in the source the words at an offset are said. Turns and marks are in offset order and
 * turns do not overlap, so every lookup is a binary search. Pure.
 */

/** A stretch of the stored text: [start, end) offsets. */
export interface TextSpan {
  start: number;
  end: number;
}

/**
 * Index of the first item passing `test`, which fails for a head of the items and holds for the rest; `items.length`
 * when it holds for none.
 */
export function firstIndex<T>(items: ArrayLike<T>, test: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (test(items[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Index of the first turn whose end is after `offset`; `turns.length` when none. */
export function firstTurnEndingAfter(turns: readonly TextSpan[], offset: number): number {
  return firstIndex(turns, (turn) => turn.end > offset);
}

/** Index of the turn holding `offset`; -1 when none does (between two turns, or past the last). */
export function turnIndexAt(turns: readonly TextSpan[], offset: number): number {
  const index = firstTurnEndingAfter(turns, offset);
  return index < turns.length && turns[index].start <= offset ? index : -1;
}

/** Index of the last mark whose offset is at or before `offset`; -1 when none. */
export function lastMarkAtOrBefore(marks: readonly TimeMark[], offset: number): number {
  return firstIndex(marks, (mark) => mark.offset > offset) - 1;
}

/** Index of the first mark whose offset is at or after `offset`; `marks.length` when none. */
export function firstMarkAtOrAfter(marks: readonly TimeMark[], offset: number): number {
  return firstIndex(marks, (mark) => mark.offset >= offset);
}

/**
 * The moment (seconds into the source) the words starting at `offset` inside `turn` are said: the last time mark at
 * or before `offset` when it lies inside the turn; else the turn's own `ts`; else the last earlier mark (the caption
 * in effect). Null when the transcript has no time for them.
 */
export function momentAt(offset: number, turn: Pick<Turn, 'start' | 'ts'> | undefined, marks: readonly TimeMark[]): number | null {
  const index = lastMarkAtOrBefore(marks, offset);
  const mark = index >= 0 ? marks[index] : undefined;
  if (mark && (!turn || mark.offset >= turn.start)) return mark.ts;
  if (turn?.ts !== undefined) return turn.ts;
  return mark?.ts ?? null;
}
