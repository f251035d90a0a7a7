/**
 * Builds the stored text and its turns from speaker segments. The text is the turns' words joined by blank lines;
 * offsets are taken while the text is built, so `text.slice(turn.start, turn.end)` is the turn by construction.
 */
import { UNKNOWN_SPEAKER, type TimeMark, type Turn } from '@verbatim/contract/transcript';
import { joinSeparator } from './normalize-text';

/** How a piece joins the previous piece of the same segment. */
export type PieceJoin = 'paragraph' | 'line' | 'space';

export interface Piece {
  /** Cleaned words, never empty. */
  text: string;
  join: PieceJoin;
  /** Source time of this piece (a caption cue, a `[12:34]` stamp), in seconds. */
  ts?: number;
  /** When the words of this piece's cue are done being said (a caption cue's end time), in seconds. */
  end?: number;
  /** When the last word of this piece's cue starts, where the captions time each word (rolling auto-captions). */
  lastWordAt?: number;
}

/** Consecutive speech of one speaker as the source groups it (one label, or one run of cues). */
export interface Segment {
  /** Canonical speaker label; null when the source names no speaker. */
  speaker: string | null;
  pieces: Piece[];
  /** Time written with the label or the segment's first cue, in seconds. */
  ts?: number;
}

export interface AssembledText {
  text: string;
  turns: Turn[];
  timeMarks: TimeMark[];
}

const TURN_SEPARATOR = '\n\n';

function separatorFor(join: PieceJoin, before: string, after: string): string {
  if (join === 'paragraph') return '\n\n';
  if (join === 'line') return '\n';
  return joinSeparator(before, after);
}

export interface MergeOptions {
  /**
   * How consecutive segments of one speaker become one turn: `captions` joins every such run as its next piece says
   * (a space from cue to cue, a line break where a sentence ends); `labelled` joins runs of a named speaker by a
   * paragraph break (a meeting tool writes the name again on each of a speaker's lines), leaving unlabelled
   * paragraphs apart; `none` keeps every segment a turn.
   */
  merge: 'none' | 'captions' | 'labelled';
}

/**
 * Joins segments into text and turns. Segments without words are skipped; consecutive segments of one speaker are
 * merged as `merge` says. One pass, no copies of the segments: a 20 MB file holds millions of them.
 */
export function assembleTurns(segments: readonly Segment[], options: MergeOptions): AssembledText {
  const chunks: string[] = [];
  let length = 0;
  const turns: Turn[] = [];
  const timeMarks: TimeMark[] = [];
  // A mark's `end` is when the words up to the next mark are done: the latest end of the cues they come from.
  const mark = (offset: number, ts: number | undefined, end: number | undefined) => {
    const last = timeMarks[timeMarks.length - 1];
    if (ts === undefined) {
      if (last && end !== undefined && (last.end === undefined || end > last.end)) last.end = end;
      return;
    }
    if (last && last.offset === offset) {
      last.ts = ts;
      if (end === undefined) delete last.end;
      else last.end = end;
    } else if (!last || last.ts !== ts) timeMarks.push(end === undefined ? { offset, ts } : { offset, ts, end });
    else if (end !== undefined && (last.end === undefined || end > last.end)) last.end = end;
  };
  const append = (text: string) => {
    chunks.push(text);
    length += text.length;
  };

  let turn: Turn | null = null;
  let turnSpeaker: string | null = null;
  let previousPiece = '';
  for (const segment of segments) {
    let firstOfSegment = true;
    for (const piece of segment.pieces) {
      if (piece.text.length === 0) continue;
      let ts = piece.ts;
      const continues =
        turn !== null && turnSpeaker === segment.speaker && (options.merge === 'captions' || (options.merge === 'labelled' && segment.speaker !== null));
      if (firstOfSegment && !continues) {
        // A new turn.
        if (turn) turn.end = length;
        if (length > 0) append(TURN_SEPARATOR);
        turn = { speaker: segment.speaker ?? UNKNOWN_SPEAKER, start: length, end: length };
        const turnTs = segment.ts ?? piece.ts;
        if (turnTs !== undefined) turn.ts = turnTs;
        turns.push(turn);
        turnSpeaker = segment.speaker;
        ts = turnTs;
      } else {
        // The next piece of this turn; a merged segment's first piece joins as `merge` says and carries its time.
        const join = firstOfSegment && options.merge === 'labelled' ? 'paragraph' : piece.join;
        if (firstOfSegment) ts = piece.ts ?? segment.ts;
        append(separatorFor(join, previousPiece, piece.text));
      }
      firstOfSegment = false;
      mark(length, ts, piece.end);
      append(piece.text);
      previousPiece = piece.text;
    }
  }
  if (turn) turn.end = length;
  return { text: chunks.join(''), turns, timeMarks };
}
