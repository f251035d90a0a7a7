/**
 * Long transcripts are sent in chunks of about `chunkWords` words, cut between turns, each starting with the last few
 * turns of the previous one (about 5% of a chunk, at least its last turn unless that is long) so that an exchange cut in two is seen whole once. A turn longer
 * than a chunk is cut at sentence ends (at spaces when a sentence alone is too long); every piece stays a verbatim
 * slice of the text, so quotes from it are still spans of the transcript.
 */
import type { Turn } from '@verbatim/contract/transcript';
import { countWords } from '../parsers/word-count';

/** A turn, or a piece of a long one: `text.slice(start, end)`. */
export interface Segment {
  /** Index of the turn in `AnalysisInput.turns`. */
  turnIndex: number;
  speaker: string;
  start: number;
  end: number;
  words: number;
  /** True for the second and later pieces of a long turn. */
  continued: boolean;
}

export interface Chunk {
  segments: Segment[];
  words: number;
  /** Offsets spanned in the text: from the first segment's start to the last one's end. */
  start: number;
  end: number;
}

export const OVERLAP_RATIO = 0.05;

const SENTENCE_END = /[.!?…。！？]+["'”’)\]]*\s+/gu;
const WORD = /\S+\s*/gu;

/** Cuts [start, end) into pieces of at most `limit` words at the boundaries `pattern` finds. */
function cutAt(text: string, start: number, end: number, limit: number, pattern: RegExp): [number, number][] {
  const slice = text.slice(start, end);
  const bounds: number[] = [];
  for (const m of slice.matchAll(pattern)) bounds.push(start + m.index + m[0].length);
  if (bounds[bounds.length - 1] !== end) bounds.push(end);

  const pieces: [number, number][] = [];
  let pieceStart = start;
  let pieceEnd = start;
  let pieceWords = 0;
  for (const bound of bounds) {
    // Bounds fall after whitespace, so word counts of consecutive slices add up.
    const words = countWords(text.slice(pieceEnd, bound));
    if (pieceEnd > pieceStart && pieceWords + words > limit) {
      pieces.push([pieceStart, pieceEnd]);
      pieceStart = pieceEnd;
      pieceWords = 0;
    }
    pieceEnd = bound;
    pieceWords += words;
  }
  if (pieceEnd > pieceStart) pieces.push([pieceStart, pieceEnd]);
  return pieces;
}

function segmentsOf(text: string, turn: Turn, turnIndex: number, limit: number): Segment[] {
  const words = countWords(text.slice(turn.start, turn.end));
  if (words <= limit) return [{ turnIndex, speaker: turn.speaker, start: turn.start, end: turn.end, words, continued: false }];
  const pieces = cutAt(text, turn.start, turn.end, limit, SENTENCE_END).flatMap(([s, e]) =>
    countWords(text.slice(s, e)) > limit ? cutAt(text, s, e, limit, WORD) : [[s, e] as [number, number]],
  );
  return pieces.map(([start, end], i) => ({
    turnIndex,
    speaker: turn.speaker,
    start,
    end,
    words: countWords(text.slice(start, end)),
    continued: i > 0,
  }));
}

function toChunk(segments: Segment[]): Chunk {
  return {
    segments,
    words: segments.reduce((sum, s) => sum + s.words, 0),
    start: segments[0]?.start ?? 0,
    end: segments[segments.length - 1]?.end ?? 0,
  };
}

/**
 * The trailing segments of a chunk that fit in `overlapWords` — at least the last one when it is no longer than a
 * quarter of a chunk — and never the whole chunk.
 */
function overlapTail(segments: Segment[], overlapWords: number, chunkWords: number): Segment[] {
  let words = 0;
  let from = segments.length;
  while (from > 1) {
    const candidate = segments[from - 1] as Segment;
    const first = from === segments.length;
    if (words + candidate.words > overlapWords && !(first && candidate.words <= chunkWords / 4)) break;
    words += candidate.words;
    from -= 1;
  }
  return segments.slice(from);
}

export function splitIntoChunks(text: string, turns: readonly Turn[], chunkWords: number): Chunk[] {
  const overlapWords = Math.floor(chunkWords * OVERLAP_RATIO);
  const segments = turns.flatMap((turn, i) => (turn.end > turn.start ? segmentsOf(text, turn, i, chunkWords) : []));
  const chunks: Chunk[] = [];
  let current: Segment[] = [];
  let words = 0;
  let fresh = 0; // segments in `current` not already sent in the previous chunk
  for (const segment of segments) {
    if (fresh > 0 && words + segment.words > chunkWords) {
      chunks.push(toChunk(current));
      current = overlapTail(current, overlapWords, chunkWords);
      words = current.reduce((sum, s) => sum + s.words, 0);
      fresh = 0;
    }
    current.push(segment);
    words += segment.words;
    fresh += 1;
  }
  if (fresh > 0) chunks.push(toChunk(current));
  return chunks;
}
