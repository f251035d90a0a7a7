/**
 * The normalised form quotes are matched in: words only, lower case, curly quotes made straight, dashes,
 * ellipses and other punctuation read as word breaks, runs of whitespace as one, hesitations ("um", "uh",
 * "er", "hmm") left out, and a word or phrase said twice in a row read once ("I, I think the the export" as
 * "I think the export", see `withoutRepeats`): the tidying a careful quoter does. Every word keeps its offsets in
 * the original text, so a match maps back exactly, and the span kept is all the participant said, repeats too.
 */
import { firstIndex } from '@verbatim/contract/transcript-lookup';

/** Hesitation sounds skipped on both sides when matching ("I, um, think" matches "I think"). */
const DISFLUENCIES = new Set(['um', 'umm', 'uhm', 'uh', 'uhh', 'er', 'err', 'erm', 'hm', 'hmm', 'mm', 'mmm', 'mhm', 'ah']);

const APOSTROPHES = new Set(["'", '\u2019', '\u2018', '\u02bc', '\u2032', '`']);
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

export interface MatchWord {
  /** Normalised spelling (lower case, straight apostrophes). */
  text: string;
  /** Offset of the word's first character in the original text. */
  start: number;
  /** Offset just past its last character. */
  end: number;
}

function isWordChar(text: string, index: number): boolean {
  return WORD_CHAR.test(text.charAt(index));
}

/** Lower case one character at a time, keeping one output character per input character. */
function lower(char: string): string {
  const lowered = char.toLowerCase();
  return lowered.length === char.length ? lowered : char;
}

/** The words of `text` (or of `text.slice(from, to)`), hesitations left out. */
export function matchWords(text: string, from = 0, to = text.length): MatchWord[] {
  const words: MatchWord[] = [];
  let i = from;
  while (i < to) {
    if (!isWordChar(text, i)) {
      i++;
      continue;
    }
    const start = i;
    let spelled = '';
    while (i < to) {
      if (isWordChar(text, i)) {
        spelled += lower(text.charAt(i));
        i++;
      } else if (APOSTROPHES.has(text.charAt(i)) && i + 1 < to && isWordChar(text, i + 1) && spelled !== '') {
        spelled += "'";
        i++;
      } else break;
    }
    if (!DISFLUENCIES.has(spelled)) words.push({ text: spelled, start, end: i });
  }
  return words;
}

/** Longest phrase whose immediate repetition is read once ("I think, I think" is two words said twice). */
const MAX_REPEATED_PHRASE = 3;

/** A sentence ends between two words: what follows is said anew, not repeated ("I like it. It works."). */
const SENTENCE_END = /[.!?…。！？]/;

/**
 * `words` (of `text`) with immediate repetitions set aside: a word or a phrase of up to three words said again
 * straight after itself, within one sentence, is kept once, its first saying ("I, I really" → "I really"; "it was it
 * was slow" → "it was slow"). Applied to both the transcript and a proposed quote, so a quote that keeps a repetition
 * still matches.
 */
export function withoutRepeats(text: string, words: readonly MatchWord[]): MatchWord[] {
  const repeated = repeatedWords(text, words);
  return words.filter((_, k) => repeated[k] === 0);
}

/** For each of `words` (of `text`), 1 when it repeats the words just before it (see `withoutRepeats`), else 0. */
export function repeatedWords(text: string, words: readonly MatchWord[]): Uint8Array {
  const repeated = new Uint8Array(words.length);
  const kept: MatchWord[] = [];
  let i = 0;
  while (i < words.length) {
    const length = repeatedPhraseAt(text, words, i, kept);
    if (length > 0) {
      repeated.fill(1, i, i + length);
      i += length;
    } else kept.push(words[i++]);
  }
  return repeated;
}

/** Length of the phrase starting at `words[i]` that repeats the last words kept, in the same sentence, or 0. */
function repeatedPhraseAt(text: string, words: readonly MatchWord[], i: number, kept: readonly MatchWord[]): number {
  if (kept.length === 0 || SENTENCE_END.test(text.slice(kept[kept.length - 1].end, words[i].start))) return 0;
  for (let length = Math.min(MAX_REPEATED_PHRASE, kept.length, words.length - i); length > 0; length--) {
    let same = true;
    for (let k = 0; k < length && same; k++) same = words[i + k].text === kept[kept.length - length + k].text;
    if (same) return length;
  }
  return 0;
}

/** The words joined by single spaces, with where each word begins in that string. */
export interface MatchText {
  words: MatchWord[];
  joined: string;
  /** Position in `joined` of each word's first character. */
  positions: Int32Array;
}

export function buildMatchText(words: MatchWord[]): MatchText {
  const positions = new Int32Array(words.length);
  const parts: string[] = [];
  let length = 0;
  for (let k = 0; k < words.length; k++) {
    if (k > 0) length += 1;
    positions[k] = length;
    parts.push(words[k].text);
    length += words[k].text.length;
  }
  return { words, joined: parts.join(' '), positions };
}

/** Index of the word holding position `at` of `joined` (a space counts with the word before it). */
export function wordIndexAt(text: MatchText, at: number): number {
  return Math.max(0, firstIndex(text.positions, (position) => position > at) - 1);
}

/**
 * The original offset of position `at` of `joined`, which must fall on a word character. Exact because every word
 * character of the original is one character of `joined` (lower casing that would change the length is skipped).
 */
export function originalOffset(text: MatchText, at: number): number {
  const k = wordIndexAt(text, at);
  return text.words[k].start + (at - text.positions[k]);
}

/** Scripts written without spaces between words, where a match may begin or end inside a "word". */
const UNSPACED = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff66-\uff9f]/;

/** Whether a match of `joined.slice(from, to)` begins and ends on word boundaries (or inside unspaced script). */
export function onWordBoundaries(joined: string, from: number, to: number): boolean {
  const startOk = from === 0 || joined.charAt(from - 1) === ' ' || UNSPACED.test(joined.charAt(from));
  const endOk = to === joined.length || joined.charAt(to) === ' ' || UNSPACED.test(joined.charAt(to - 1));
  return startOk && endOk;
}
