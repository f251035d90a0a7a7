import type { TimeMark, Turn } from './transcript';
import { firstIndex, lastMarkAtOrBefore, turnIndexAt, type TextSpan } from './transcript-lookup';

/**
 * When a quote's own words are said, from the transcript's times: the first and last word's moments, found in the cue
 * or time mark that holds each word and, within it, by the word's position. And the stretch a clip of the quote holds:
 * those moments widened by a margin, never past its turn's own bounds. Pure.
 *
 * A turn is cut by its times into pieces: the words from one time (the turn's own, a caption cue, a `[12:34]` stamp)
 * to the next. A piece's words are said from its time for as long as the source says (a cue's end time), or else for
 * as long as the piece has until the next known time, but no longer than its words take at a slow pace: the rest of
 * that time is read as silence after them, so an answer followed by a long pause does not stretch its words. The pace
 * is the transcript's own, measured on its pieces: each speaker's, when they have enough of them. Within a piece, a word's moment is proportional to the characters
 * before it, a sentence or clause end counting as a few more (a pause is heard there). Where a transcript writes its
 * times to the second (Otter, a Gemini transcription), a time stands for its whole second.
 *
 * Measured by `npm run bench -- quote-moments` (bench/README.md), whose interviews the constants were tuned on.
 */

/** Seconds into the recording: [start, end]. */
export interface SecondsSpan {
  start: number;
  end: number;
}

/** What else is known of the transcript, when the caller has it. */
export interface QuoteTimesContext {
  /** The stored text: pauses at sentence and clause ends then count; without it every character weighs the same. */
  text?: string;
  /** The recording's length in seconds: the last words end by then (else nothing bounds the last turn's words). */
  duration?: number;
}

/** Seconds per character when the transcript has nothing to measure: about 15 characters (2.5 words) a second. */
const DEFAULT_PACE = 1 / 15;
/** The pace is measured on pieces of at least these characters (a short cue's time is mostly rounding). */
const MIN_MEASURED_CHARS = 20;
/**
 * Which of the pieces' paces is taken as the transcript's: pieces timed only by the next time hold the pauses after
 * their words too, so a lower quantile; pieces with their own end time, the median.
 */
const PACE_QUANTILE_UNTIL_NEXT = 0.35;
const PACE_QUANTILE_OWN_END = 0.5;
/** Pieces a pace is measured on when there are enough: a speaker needs them for a pace of their own. */
const SPEAKER_PIECES = 5;
/**
 * A piece whose time is longer than its words take at this times the transcript's pace is followed by a pause: its
 * words are then said at `PAUSED` times the pace, and the rest of its time is silence.
 */
const SLOW = 1.35;
const PAUSED = 1.1;
/** The fastest pace a voice keeps up, relative to the transcript's: how early or late words can be around a silence. */
const FAST = 0.55;
/**
 * How far a word's moment may be from its estimate, as a share of the time since the last known time before it: a
 * clip reaches that much further on either side (within the times known around it).
 */
const UNCERTAIN = 0.3;
/** Characters a sentence end (. ? !) and a clause end (, ; : —) weigh beyond their own, for the pause heard there. */
const SENTENCE_PAUSE = 6;
const CLAUSE_PAUSE = 2;
/** How many times, all in whole seconds, say that a transcript's times are written to the second. */
const WHOLE_SECONDS_AFTER = 12;
/** Seconds a clip holds beyond the quote's moments on either side. */
export const CLIP_MARGIN_SECONDS = 0.5;

/** Words from `from` to `to` said from `at`: for `said` seconds (when known), before `until` (the next known time). */
interface Piece {
  from: number;
  to: number;
  at: number;
  said?: number;
  until: number | null;
}

interface TurnTimes {
  pieces: Piece[];
  /** The turn's first time, and the next known time after it (null when none is). */
  start: number;
  next: number | null;
}

/** The weight of the characters in [from, to): one each, and a pause's worth more at a sentence or clause end. */
function weightOf(text: string | undefined, from: number, to: number): number {
  if (to <= from) return 0;
  if (text === undefined) return to - from;
  let weight = to - from;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    // . ! ? … 。 ！ ？ end a sentence; , ; : — 、 ， a clause — when a space or the end follows (not "3.5" or "a.m.b").
    const sentence = c === 0x2e || c === 0x21 || c === 0x3f || c === 0x2026;
    const clause = c === 0x2c || c === 0x3b || c === 0x3a || c === 0x2014;
    const wide = c === 0x3002 || c === 0xff01 || c === 0xff1f;
    const wideClause = c === 0x3001 || c === 0xff0c;
    if (wide) weight += SENTENCE_PAUSE;
    else if (wideClause) weight += CLAUSE_PAUSE;
    else if (sentence || clause) {
      const after = i + 1 < text.length ? text.charCodeAt(i + 1) : 0x20;
      if (after === 0x20 || after === 0x0a || after === 0x22 || after === 0x201d) weight += sentence ? SENTENCE_PAUSE : CLAUSE_PAUSE;
    }
  }
  return weight;
}

/** The turn's times cut into pieces; null when the transcript has no time for its words. */
function turnTimes(turns: readonly Turn[], marks: readonly TimeMark[], index: number, duration?: number): TurnTimes | null {
  const turn = turns[index];
  const points: TimeMark[] = [];
  const first = firstIndex(marks, (mark) => mark.offset >= turn.start);
  const after = firstIndex(marks, (mark) => mark.offset >= turn.end);
  if (first >= after || marks[first].offset > turn.start) {
    // Nothing timed at the turn's first word: its own time, else the caption in effect before it.
    const before = lastMarkAtOrBefore(marks, turn.start);
    const ts = turn.ts ?? (before >= 0 ? marks[before].ts : undefined);
    if (ts !== undefined) points.push({ offset: turn.start, ts });
  }
  for (let i = first; i < after; i++) points.push(marks[i]);
  if (points.length === 0) return null;

  let next: number | null = after < marks.length ? marks[after].ts : null;
  for (let i = index + 1; next === null && i < turns.length; i++) next = turns[i].ts ?? null;
  if (next === null && duration !== undefined) next = duration;
  const start = points[0].ts;
  if (next !== null && next < start) next = null;
  const pieces = points.map((point, k): Piece => {
    const following = k + 1 < points.length ? points[k + 1] : null;
    let until = following ? following.ts : next;
    if (until !== null && until < point.ts) until = null;
    const piece: Piece = { from: Math.max(point.offset, turn.start), to: following ? following.offset : turn.end, at: point.ts, until };
    // An end at the next time says nothing of a pause (captions written back to back, as a transcription's are).
    if (point.end !== undefined && point.end >= point.ts && (until === null || point.end < until)) piece.said = point.end;
    return piece;
  });
  return { pieces, start, next };
}

function quantile(values: number[], q: number): number {
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.floor(q * values.length))];
}

/**
 * The transcript's pace, in seconds per weighted character: each speaker's own (measured on their pieces, when there
 * are enough), else the whole transcript's; and how finely its times are written, in seconds.
 */
interface Pace {
  pace: number;
  bySpeaker: Map<string, number>;
  resolution: number;
}

const paces = new WeakMap<readonly TimeMark[], { turns: readonly Turn[]; text: string | undefined; pace: Pace }>();

/** The transcript's pace, measured on its timed pieces, and its times' resolution (whole seconds, or finer). */
function transcriptPace(turns: readonly Turn[], marks: readonly TimeMark[], text: string | undefined): Pace {
  const known = paces.get(marks);
  if (known && known.turns === turns && known.text === text) return known.pace;
  const samples = new Map<string, { own: number[]; untilNext: number[] }>();
  const all = { own: [] as number[], untilNext: [] as number[] };
  for (let i = 0; i < turns.length; i++) {
    const times = turnTimes(turns, marks, i);
    let speaker = samples.get(turns[i].speaker);
    if (!speaker) samples.set(turns[i].speaker, (speaker = { own: [], untilNext: [] }));
    for (const piece of times?.pieces ?? []) {
      const weight = weightOf(text, piece.from, piece.to);
      if (piece.to - piece.from < MIN_MEASURED_CHARS) continue;
      const into = piece.said !== undefined && piece.said > piece.at ? 'own' : piece.until !== null && piece.until > piece.at ? 'untilNext' : null;
      if (!into) continue;
      const seconds = (into === 'own' ? (piece.said as number) : (piece.until as number)) - piece.at;
      speaker[into].push(seconds / weight);
      all[into].push(seconds / weight);
    }
  }
  // Pieces with their own end time measure best, when there are enough of them (a transcription's last cue alone ends
  // at the recording's end, say): else those timed by the next time.
  const paceOf = (measured: { own: number[]; untilNext: number[] }, enough: number) => {
    if (measured.own.length >= enough) return quantile(measured.own, PACE_QUANTILE_OWN_END);
    if (measured.untilNext.length >= enough) return quantile(measured.untilNext, PACE_QUANTILE_UNTIL_NEXT);
    return null;
  };
  const pace = paceOf(all, SPEAKER_PIECES) ?? paceOf(all, 1) ?? DEFAULT_PACE;
  const bySpeaker = new Map<string, number>();
  for (const [label, measured] of samples) {
    const own = paceOf(measured, SPEAKER_PIECES);
    if (own !== null) bySpeaker.set(label, own);
  }
  // Times all in whole seconds, and enough of them that it is no chance: the source writes them to the second.
  const stamps = [...marks.map((mark) => mark.ts), ...turns.flatMap((turn) => (turn.ts === undefined ? [] : [turn.ts]))];
  const whole = stamps.length >= WHOLE_SECONDS_AFTER && stamps.every(Number.isInteger);
  const measured = { pace, bySpeaker, resolution: whole ? 1 : 0.001 };
  paces.set(marks, { turns, text, pace: measured });
  return measured;
}

/** The piece holding `offset` (the last whose words start at or before it). */
function pieceAt(pieces: readonly Piece[], offset: number): Piece {
  const index = firstIndex(pieces, (piece) => piece.from > offset) - 1;
  return pieces[Math.max(0, index)];
}

/** How long the piece's words take, in seconds. */
function speaking(piece: Piece, weight: number, pace: number): number {
  if (piece.said !== undefined) return piece.said - piece.at;
  if (piece.until === null) return weight * pace;
  return paused(piece, weight, pace) ? weight * pace * PAUSED : piece.until - piece.at;
}

/** Whether the piece has more time than its words take at a slow pace, without an end time saying when they stop. */
function paused(piece: Piece, weight: number, pace: number): boolean {
  return piece.said === undefined && piece.until !== null && piece.until - piece.at > weight * pace * SLOW;
}

/** The moment the words at `offset` of the piece are reached: its time, and the share of its words said before. */
function momentIn(piece: Piece, offset: number, text: string | undefined, pace: number): number {
  const weight = weightOf(text, piece.from, piece.to);
  if (weight === 0) return piece.at;
  const before = weightOf(text, piece.from, Math.min(Math.max(offset, piece.from), piece.to));
  return piece.at + (speaking(piece, weight, pace) * before) / weight;
}

interface Located {
  times: TurnTimes;
  first: Piece;
  last: Piece;
  moments: SecondsSpan;
  pace: number;
  /** How finely the transcript's times are written: a time written to the second stands for that whole second. */
  resolution: number;
  text: string | undefined;
}

function locate(span: TextSpan, turns: readonly Turn[], marks: readonly TimeMark[], context: QuoteTimesContext): Located | null {
  const { text } = context;
  const index = turnIndexAt(turns, span.start);
  if (index < 0) return null;
  const times = turnTimes(turns, marks, index, context.duration);
  if (!times) return null;
  const measured = transcriptPace(turns, marks, text);
  const { resolution } = measured;
  const turn = turns[index];
  const pace = measured.bySpeaker.get(turn.speaker) ?? measured.pace;
  const end = Math.min(Math.max(span.end, span.start), turn.end);
  const first = pieceAt(times.pieces, span.start);
  const last = pieceAt(times.pieces, Math.max(span.start, end - 1));
  // A time written to the second stands for that whole second: its middle is the best guess of when words start. The
  // end is not moved: words end before the next time by the pause after them, about as much.
  const middle = resolution >= 1 ? resolution / 2 : 0;
  const start = Math.round((momentIn(first, span.start, text, pace) + middle) * 1000) / 1000;
  const finish = Math.round(momentIn(last, end, text, pace) * 1000) / 1000;
  return { times, first, last, pace, resolution, text, moments: { start, end: Math.max(start, finish) } };
}

/**
 * The moments of the quote's first and last word: when its first word starts and its last word ends. Null when the
 * transcript has no time for them.
 */
export function quoteMoments(span: TextSpan, turns: readonly Turn[], marks: readonly TimeMark[], context: QuoteTimesContext = {}): SecondsSpan | null {
  return locate(span, turns, marks, context)?.moments ?? null;
}

/**
 * The stretch a clip of the quote holds: its moments with a margin each side, and further the less sure they are: by a
 * share of the time since the last known time before them, and, where a piece has time to spare (a silence we cannot
 * place), as early or late as a fast voice allows around it. Never before its turn's time nor past the next known time
 * after the turn (the recording's end, when given, after the last; a time written to the second, to the end of that
 * second), never below 0.
 */
export function quoteClipBounds(span: TextSpan, turns: readonly Turn[], marks: readonly TimeMark[], context: QuoteTimesContext = {}): SecondsSpan | null {
  const located = locate(span, turns, marks, context);
  if (!located) return null;
  const { times, first, last, moments, pace, resolution, text } = located;
  // From the start as the times say (the earliest a time written to the second allows).
  const said = moments.start - (resolution >= 1 ? resolution / 2 : 0);
  let earliest = Math.max(first.at, said - UNCERTAIN * (said - first.at));
  // A later time bounds the words only as finely as it is written (a time written to the second, by its end).
  const until = last.until === null ? null : last.until + resolution;
  let latest = Math.min(until ?? Infinity, moments.end + UNCERTAIN * (moments.end - last.at));
  // A piece with time to spare holds a silence we cannot place: its words may come as early or as late as a fast
  // voice allows on either side of it.
  if (paused(first, weightOf(text, first.from, first.to), pace)) {
    earliest = Math.min(earliest, first.at + weightOf(text, first.from, Math.max(first.from, span.start)) * pace * FAST);
  }
  if (until !== null && paused(last, weightOf(text, last.from, last.to), pace)) {
    latest = Math.max(latest, until - weightOf(text, Math.min(Math.max(span.end, last.from), last.to), last.to) * pace * FAST);
  }
  const start = Math.max(0, times.start, Math.min(moments.start - CLIP_MARGIN_SECONDS, earliest));
  let end = Math.max(moments.end + CLIP_MARGIN_SECONDS, latest);
  // Nor past the next known time after the turn, as finely as it is written.
  if (times.next !== null) end = Math.min(end, times.next + (resolution >= 1 ? resolution : 0));
  return { start: Math.floor(start * 1000) / 1000, end: Math.ceil(Math.max(end, start) * 1000) / 1000 };
}
