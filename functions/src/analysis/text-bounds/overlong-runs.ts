/**
 * Runs of characters longer than any word: what the analysers and the search read past. A run is a stretch without
 * white space and without characters of a script written without spaces (Han, kana, hangul, Thai, Lao, Khmer,
 * Myanmar, Tibetan, and the punctuation of CJK text): "internationalisation" or a link is a run, a sentence of
 * Japanese is not (its Latin words are runs of their own). A run over `TEXT_LIMITS.maxTokenChars` (an encoded file
 * pasted in, minified code, a long link) is over-long. Offsets are UTF-16 code units, as everywhere in the stored
 * text; nothing here changes that text. One pass over the code units with a lazily filled class per code unit. Pure.
 */
import { TEXT_LIMITS } from '../../config/server-limits';

export interface TextSpan {
  start: number;
  end: number;
}

const UNKNOWN = 0;
const SPACE = 1;
const UNSPACED = 2;
const RUN = 3;

const SPACE_CHAR = /\s/u;
const UNSPACED_CHAR =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}\u3000-\u303f\u30fc\uff00-\uffef]/u;

const classes = new Uint8Array(0x10000);

function classOfChar(char: string): number {
  return SPACE_CHAR.test(char) ? SPACE : UNSPACED_CHAR.test(char) ? UNSPACED : RUN;
}

/** Whether the code units at `i` are a surrogate pair (one character of two units). */
function isPairAt(text: string, i: number): boolean {
  const unit = text.charCodeAt(i);
  if (unit < 0xd800 || unit > 0xdbff || i + 1 >= text.length) return false;
  const low = text.charCodeAt(i + 1);
  return low >= 0xdc00 && low <= 0xdfff;
}

/** The class of the character at `i` (of a surrogate pair: of the pair). */
function kindAt(text: string, i: number): number {
  if (isPairAt(text, i)) return classOfChar(text.slice(i, i + 2));
  const unit = text.charCodeAt(i);
  let kind = classes[unit];
  if (kind === UNKNOWN) {
    kind = classOfChar(String.fromCharCode(unit));
    classes[unit] = kind;
  }
  return kind;
}

/** Stretches of `text[from, to)` longer than `max` whose characters are all of one class in `kinds` (bits), in order. */
function longStretches(text: string, from: number, to: number, max: number, kinds: number): TextSpan[] {
  const found: TextSpan[] = [];
  let stretchStart = -1;
  let stretchKind = UNKNOWN;
  for (let i = from; i < to; i += isPairAt(text, i) ? 2 : 1) {
    const kind = kindAt(text, i);
    if (stretchStart >= 0 && kind !== stretchKind) {
      if (i - stretchStart > max) found.push({ start: stretchStart, end: i });
      stretchStart = -1;
    }
    if (stretchStart < 0 && (kinds & (1 << kind)) !== 0) {
      stretchStart = i;
      stretchKind = kind;
    }
  }
  if (stretchStart >= 0 && to - stretchStart > max) found.push({ start: stretchStart, end: to });
  return found;
}

const RUNS = 1 << RUN;
const RUNS_AND_SPACES = (1 << RUN) | (1 << SPACE);

/** The over-long runs of `text` between `from` and `to` (runs cut by either end count from there), in order. */
export function overlongRuns(text: string, from = 0, to = text.length, max: number = TEXT_LIMITS.maxTokenChars): TextSpan[] {
  return longStretches(text, from, to, max, RUNS);
}

/**
 * Where reading stops and starts again: the over-long runs, and white space as long (where a run was masked, see
 * `maskOverlongRuns`), so a text and its masked copy are read alike.
 */
export function readingBreaks(text: string, from = 0, to = text.length): TextSpan[] {
  return longStretches(text, from, to, TEXT_LIMITS.maxTokenChars, RUNS_AND_SPACES);
}

/** Whether the character at `i` is white space. */
export function isSpaceAt(text: string, i: number): boolean {
  return kindAt(text, i) === SPACE;
}

/** Whether a word (a token of a library's tokeniser) holds an over-long run: it is never stemmed nor indexed. */
export function hasOverlongRun(word: string): boolean {
  return word.length > TEXT_LIMITS.maxTokenChars && overlongRuns(word).length > 0;
}

/**
 * `text` with each over-long run replaced by as many spaces: every offset stays where it was, and any reader splitting
 * words at white space sees no run. The same string when there is none.
 */
export function maskOverlongRuns(text: string): string {
  const runs = overlongRuns(text);
  if (runs.length === 0) return text;
  const parts: string[] = [];
  let cursor = 0;
  for (const run of runs) {
    parts.push(text.slice(cursor, run.start), ' '.repeat(run.end - run.start));
    cursor = run.end;
  }
  parts.push(text.slice(cursor));
  return parts.join('');
}

/**
 * The over-long runs of `text`, the characters they hold, and the share of its characters other than white space that
 * they are (0 without any).
 */
export function overlongShare(text: string): { runs: TextSpan[]; runChars: number; share: number } {
  const runs = overlongRuns(text);
  if (runs.length === 0) return { runs, runChars: 0, share: 0 };
  let runChars = 0;
  for (const run of runs) runChars += run.end - run.start;
  let spaces = 0;
  for (let i = 0; i < text.length; i++) if (isSpaceAt(text, i)) spaces++;
  return { runs, runChars, share: runChars / Math.max(1, text.length - spaces) };
}
