/**
 * Captions without sentence punctuation, as speech recognition often gives them (YouTube's and Zoom's automatic
 * captions): joined cue to cue they make one endless run that nobody can read and no sentence segmenter can split.
 *
 * In a language written without spaces (Chinese, Japanese) the cues are grouped into sentences at cue boundaries, each
 * on a line of its own, once it holds `MIN_SENTENCE_CHARS` characters (a cue is often a phrase of a few words).
 * In a spaced language a line ends where the speaker pauses (`PAUSE_SECONDS` between the cue's words and the next
 * cue's, read from each word's time where the captions give one) once it holds `MIN_LINE_WORDS` words; where the
 * speaker runs on, at a cue that opens a new thought ("so", "but", "and then") once it holds `LONG_LINE_WORDS`; and at
 * the next cue after `MAX_LINE_WORDS` at the latest. A long silence (`PARAGRAPH_SECONDS`), where another speaker may
 * take over, starts a paragraph. Only line breaks are added: the words are as the captions give them. Pure.
 */
import type { Piece, Segment } from './turn-assembly';

const MIN_SENTENCE_CHARS = 24;
const PAUSE_SECONDS = 0.7;
const PARAGRAPH_SECONDS = 2.5;
const MIN_LINE_WORDS = 6;
const LONG_LINE_WORDS = 20;
const MAX_LINE_WORDS = 45;
/** How long a timed word lasts, for when the captions time each word's start only. */
const WORD_SECONDS = 0.4;
/** Words that open a new thought in speech ("so", "but", "and then", "anyway"). */
const THOUGHT_OPENING = /^(?:so|but|because|cause|okay|ok|well|anyway|actually|now|and (?:then|so|now|I|we|they|you)|I think|I mean|you know what)\b/i;

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
      if (piece.join === 'paragraph') sentence = 0; // another speaker (">>")
      else if (piece.ts !== undefined) {
        piece.join = sentence >= MIN_SENTENCE_CHARS ? 'line' : 'space';
        if (piece.join === 'line') sentence = 0;
      }
      sentence += piece.text.length;
    }
  }
}

/** When the words of a cue are done being said: after its last timed word, or at its end. */
function doneAt(piece: Piece): number | undefined {
  if (piece.lastWordAt !== undefined) return piece.end !== undefined ? Math.min(piece.end, piece.lastWordAt + WORD_SECONDS) : piece.lastWordAt + WORD_SECONDS;
  return piece.end;
}

/**
 * Sets how each cue of spaced captions joins the words before it (see above): a paragraph after a long silence, a line
 * at a pause or a new thought, a space otherwise. Returns what was broken.
 */
function markPauseLines(segments: readonly Segment[]): { lines: boolean; paragraphs: boolean } {
  let words = 0;
  const broken = { lines: false, paragraphs: false };
  let previous: Piece | undefined;
  for (const segment of segments) {
    for (const piece of segment.pieces) {
      if (piece.join === 'paragraph') words = 0; // another speaker (">>")
      else if (piece.ts !== undefined && previous !== undefined && words > 0) {
        const done = doneAt(previous);
        const pause = done === undefined ? 0 : piece.ts - done;
        let join: Piece['join'] = 'space';
        if (pause >= PARAGRAPH_SECONDS && words >= MIN_LINE_WORDS) join = 'paragraph';
        else if (pause >= PAUSE_SECONDS && words >= MIN_LINE_WORDS) join = 'line';
        else if (words >= LONG_LINE_WORDS && THOUGHT_OPENING.test(piece.text)) join = 'line';
        else if (words >= MAX_LINE_WORDS) join = 'line';
        if (join !== 'space') {
          piece.join = join;
          words = 0;
          broken.lines = true;
          if (join === 'paragraph') broken.paragraphs = true;
        }
      }
      words += piece.text.split(/\s+/).filter(Boolean).length;
      if (piece.ts !== undefined || previous === undefined) previous = piece;
      else previous = { ...previous, lastWordAt: piece.lastWordAt ?? previous.lastWordAt, end: piece.end ?? previous.end };
    }
    words = 0;
  }
  return broken;
}

/**
 * Splits unpunctuated cues into sentences or lines (see above); returns the note that says how, or null. The analysis
 * then splits long lines further where a speaker starts a new thought (`local/spoken-sentences.ts`).
 */
export function splitCueSentences(segments: readonly Segment[]): string | null {
  const punctuation = punctuationOf(segments);
  if (punctuation === 'punctuated') return null;
  if (punctuation === 'spaced') {
    const broken = markPauseLines(segments);
    const lines = broken.lines ? ' Lines break where the speaker pauses or starts a new thought; the words are as the captions give them.' : '';
    const paragraphs = broken.paragraphs ? ' A paragraph starts after a long silence, where someone else may speak: the captions name nobody, so who says what is not known.' : '';
    return `These captions have no sentence punctuation, so the analysis reads a sentence as ending where a speaker starts a new thought, at a word such as so or but.${lines}${paragraphs}`;
  }
  markCueSentences(segments);
  return 'These captions have no sentence punctuation and no spaces between words, so they were split into sentences where captions end.';
}
