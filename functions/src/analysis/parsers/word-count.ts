/**
 * Words in a text: whitespace-separated tokens that contain a letter or digit. Chinese and Japanese are written without
 * spaces, so their characters (Han, kana) are counted separately, two characters to a word — a rough equivalent
 * that keeps limits and throughput figures comparable across languages.
 *
 * One pass over the UTF-16 code units with a lazily filled class per code unit (no token strings): this runs over
 * every piece of a 20 MB upload.
 */
const CJK_CHARS = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]/;
const SPACE = /\s/;
const WORD_CHAR = /[\p{L}\p{N}]/u;

const UNKNOWN = 0;
const SEPARATOR = 1; // whitespace (as `\s`)
const WORD = 2; // a letter or digit
const OTHER = 3; // punctuation, symbols, marks…
const CJK = 4; // counted apart, and separates tokens like whitespace

const classes = new Uint8Array(0x10000);

function classOf(unit: number): number {
  let kind = classes[unit];
  if (kind === UNKNOWN) {
    const char = String.fromCharCode(unit);
    kind = CJK_CHARS.test(char) ? CJK : SPACE.test(char) ? SEPARATOR : WORD_CHAR.test(char) ? WORD : OTHER;
    classes[unit] = kind;
  }
  return kind;
}

export interface WordParts {
  /** Tokens with a letter or digit, Han and kana left out. */
  words: number;
  /** Han and kana characters. */
  cjk: number;
}

export function countWordParts(text: string): WordParts {
  let words = 0;
  let cjk = 0;
  let inToken = false;
  let tokenHasWordChar = false;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    let kind: number;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        // A character outside the BMP (never whitespace or CJK here): a letter or digit, or not.
        kind = WORD_CHAR.test(text.slice(i, i + 2)) ? WORD : OTHER;
        i++;
      } else {
        kind = OTHER;
      }
    } else {
      kind = classOf(unit);
    }
    if (kind === SEPARATOR || kind === CJK) {
      if (kind === CJK) cjk++;
      if (inToken && tokenHasWordChar) words++;
      inToken = false;
      tokenHasWordChar = false;
    } else {
      inToken = true;
      if (kind === WORD) tokenHasWordChar = true;
    }
  }
  if (inToken && tokenHasWordChar) words++;
  return { words, cjk };
}

export function countWords(text: string): number {
  const { words, cjk } = countWordParts(text);
  return words + Math.ceil(cjk / 2);
}
