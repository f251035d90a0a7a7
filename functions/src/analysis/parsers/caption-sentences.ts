/**
 * Captions of a language written without spaces (Chinese, Japanese) and without sentence punctuation, as speech
 * recognition often gives them: joined cue to cue they make one endless run that no sentence segmenter can split, so
 * nothing in them could be quoted. The cues are then grouped into sentences at cue boundaries, each sentence on a line
 * of its own, once it holds `MIN_SENTENCE_CHARS` characters (a cue is often a phrase of a few words). Pure.
 */
import type { Segment } from './turn-assembly';

const MIN_SENTENCE_CHARS = 24;

/** A full stop, question or exclamation mark that ends a sentence (not the dot of "robots.txt"). */
const SENTENCE_END = /[。！？]|[.!?…](?=\s|$)/u;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Whether the cues hold no sentence punctuation at all and are mostly in a script written without spaces. */
function needsCueSentences(segments: readonly Segment[]): boolean {
  let unspaced = 0;
  let pieces = 0;
  for (const segment of segments) {
    for (const piece of segment.pieces) {
      if (SENTENCE_END.test(piece.text)) return false;
      pieces++;
      if (UNSPACED.test(piece.text) && !/\s/.test(piece.text.trim())) unspaced++;
    }
  }
  return pieces > 0 && unspaced >= pieces / 2;
}

/**
 * Sets how each cue (its first piece: the one with the cue's time) joins the words before it: on a new line, a new
 * sentence, once the sentence so far is long enough; by a space otherwise.
 */
function markCueSentences(segments: readonly Segment[]): void {
  let sentence = 0;
  for (const segment of segments) {
    for (const piece of segment.pieces) {
      if (piece.ts !== undefined) {
        piece.join = sentence >= MIN_SENTENCE_CHARS ? 'line' : 'space';
        if (piece.join === 'line') sentence = 0;
      }
      sentence += piece.text.length;
    }
  }
}

/** Splits the cues into sentences when they need it (see above); returns the note that says so, or null. */
export function splitCueSentences(segments: readonly Segment[]): string | null {
  if (!needsCueSentences(segments)) return null;
  markCueSentences(segments);
  return 'These captions have no sentence punctuation and no spaces between words, so they were split into sentences where captions end.';
}
