/**
 * Builds the stored text and its turns from speaker segments. The text is the turns' words joined by blank lines;
 * offsets are taken while the text is built, so `text.slice(turn.start, turn.end)` is the turn by construction.
 */
import { UNKNOWN_SPEAKER, type TimeMark, type Turn } from '../../domain/transcript';
import { joinSeparator } from './normalize-text';

/** How a piece joins the previous piece of the same segment. */
export type PieceJoin = 'paragraph' | 'line' | 'space';

export interface Piece {
  /** Cleaned words, never empty. */
  text: string;
  join: PieceJoin;
  /** Source time of this piece (a caption cue, a `[12:34]` stamp), in seconds. */
  ts?: number;
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

/**
 * Joins segments into text and turns. Segments without words are skipped. With `mergeConsecutive`, consecutive
 * segments of the same speaker become one turn (captions: one cue after another), joined by a space.
 */
export function assembleTurns(segments: readonly Segment[], options: { mergeConsecutive: boolean }): AssembledText {
  const merged: Segment[] = [];
  for (const segment of segments) {
    const pieces = segment.pieces.filter((piece) => piece.text.length > 0);
    if (pieces.length === 0) continue;
    const previous = merged[merged.length - 1];
    if (options.mergeConsecutive && previous && previous.speaker === segment.speaker) {
      const [first, ...rest] = pieces;
      previous.pieces.push({ ...first, join: 'space', ts: first.ts ?? segment.ts }, ...rest);
      continue;
    }
    merged.push({ ...segment, pieces: [...pieces] });
  }

  let text = '';
  const turns: Turn[] = [];
  const timeMarks: TimeMark[] = [];
  const mark = (offset: number, ts: number | undefined) => {
    if (ts === undefined) return;
    const last = timeMarks[timeMarks.length - 1];
    if (last && last.offset === offset) last.ts = ts;
    else if (!last || last.ts !== ts) timeMarks.push({ offset, ts });
  };

  for (const segment of merged) {
    if (text.length > 0) text += TURN_SEPARATOR;
    const start = text.length;
    let body = '';
    segment.pieces.forEach((piece, index) => {
      if (index > 0) body += separatorFor(piece.join, body, piece.text);
      mark(start + body.length, index === 0 ? (segment.ts ?? piece.ts) : piece.ts);
      body += piece.text;
    });
    text += body;
    const turn: Turn = { speaker: segment.speaker ?? UNKNOWN_SPEAKER, start, end: text.length };
    const ts = segment.ts ?? segment.pieces[0].ts;
    if (ts !== undefined) turn.ts = ts;
    turns.push(turn);
  }
  return { text, turns, timeMarks };
}
