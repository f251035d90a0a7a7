import type { TimeMark, Turn } from '@verbatim/contract/transcript';
import { CLIP_MARGIN_SECONDS, quoteClipBounds, quoteMoments, type QuoteTimesContext, type SecondsSpan } from '@verbatim/contract/quote-moments';
import { firstIndex, firstMarkAtOrAfter, turnIndexAt, type TextSpan } from '@verbatim/contract/transcript-lookup';

/**
 * Where in the recording a turn is said and when a quote has been said, from the transcript's own timestamps
 * (contract/src/transcript.ts; a quote's own words are placed by contract/src/quote-moments.ts). And the reverse:
 * which turn is being said at a moment of the recording.
 */

/** The start offset of the turn holding `offset`; null when none does. */
export function turnStartAt(turns: readonly TextSpan[], offset: number): number | null {
  return turns[turnIndexAt(turns, offset)]?.start ?? null;
}

/** When a turn starts in the recording: its `ts`, else the first mark inside it; null when neither. */
export function turnMoment(turn: Turn, marks: readonly TimeMark[]): number | null {
  if (turn.ts !== undefined) return turn.ts;
  const index = firstMarkAtOrAfter(marks, turn.start);
  return index < marks.length && marks[index].offset < turn.end ? marks[index].ts : null;
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
  const begun = firstIndex(moments, (moment) => moment > seconds + BEGUN_WITHIN_SECONDS);
  return begun > 0 ? turnStarts[begun - 1] : null;
}

/** Whether a transcript has timestamps a recording can be synced to. */
export function hasTimestamps(content: { turns: readonly Turn[]; timeMarks: readonly TimeMark[] }): boolean {
  return content.timeMarks.length > 0 || content.turns.some((turn) => turn.ts !== undefined);
}

/**
 * What the owner's players play of a quote: from just before its first word as placed (`quoteMoments`, less the clip's
 * margin) to the end of the stretch that surely holds its last (`quoteClipBounds`). A public clip starts earlier where
 * the times are coarse, to hold every word; the owner has the player's ten seconds back for that.
 */
export function quotePlaySpan(quote: TextSpan, turns: readonly Turn[], marks: readonly TimeMark[], context: QuoteTimesContext): SecondsSpan | null {
  const moments = quoteMoments(quote, turns, marks, context);
  const clip = quoteClipBounds(quote, turns, marks, context);
  if (!moments || !clip) return null;
  return { start: Math.max(clip.start, moments.start - CLIP_MARGIN_SECONDS), end: clip.end };
}
