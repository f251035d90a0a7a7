/**
 * Captions of a language written without spaces (Chinese, Japanese) and without sentence punctuation, as speech
 * recognition often gives them: joined cue to cue they make one endless run that no sentence segmenter can split, so
 * nothing in them could be quoted. The cues are then grouped into sentences at cue boundaries, each sentence on a line
 * of its own, once it holds `MIN_SENTENCE_CHARS` characters (a cue is often a phrase of a few words). Captions
 * without punctuation in a spaced language are left whole and said to be so. Pure.
 */
import type { Segment } from './turn-assembly';

const MIN_SENTENCE_CHARS = 24;

/** A full stop, question or exclamation mark that ends a sentence (not the dot of "robots.txt"). */
const SENTENCE_END = /[。！？]|[.!?…](?=\s|$)/u;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * How the cues are punctuated: `punctuated` (some sentence ends), or without any sentence punctuation, `unspaced`
 * (mostly in a script written without spaces) or `spaced`.
 */
function punctuationOf(segments: readonly Segment[]): 'punctuated' | 'unspaced' | 'spaced' {
  let unspaced = 0;
  let pieces = 0;
  for (const segment of segments) {
    for (const piece of segment.pieces) {
      if (SENTENCE_END.test(piece.text)) return 'punctuated';
      pieces++;
      if (UNSPACED.test(piece.text) && !/\s/.test(piece.text.trim())) unspaced++;
    }
  }
  if (pieces === 0) return 'punctuated';
  return unspaced >= pieces / 2 ? 'unspaced' : 'spaced';
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

/**
 * Splits unpunctuated cues without spaces into sentences (see above); returns the note that says how sentences are
 * read in captions without punctuation, or null. Spaced ones are split by the analysis, where a speaker starts a new
 * thought (`local/spoken-sentences.ts`).
 */
export function splitCueSentences(segments: readonly Segment[]): string | null {
  const punctuation = punctuationOf(segments);
  if (punctuation === 'punctuated') return null;
  if (punctuation === 'spaced') {
    return 'These captions have no sentence punctuation, so the analysis reads a sentence as ending where a speaker starts a new thought, at a word such as so or but.';
  }
  markCueSentences(segments);
  return 'These captions have no sentence punctuation and no spaces between words, so they were split into sentences where captions end.';
}
