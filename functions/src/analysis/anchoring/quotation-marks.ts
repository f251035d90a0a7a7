/**
 * Quotation marks mean a participant's exact words, in whatever style a text sets them. One table of the marks
 * (English, German, Polish, French, Danish, Swedish, Japanese and Chinese styles, straight and curly, single and
 * double) and one reading of them serve every check: the anchoring step keeps marks in titles and descriptions only
 * around words a participant said (else the marks go and the words stay, so a paraphrase never passes for a quote),
 * and a model's answer (Ask, the synthesis) that quotes words nobody said is refused. An apostrophe ("don't",
 * "participants' views", "'90s") is no quotation mark. Pieces joined by an ellipsis must each be a passage of their
 * own, said in order close together, with nothing negating left out between them (see `isSaid`). Pure: the caller
 * says what was said.
 */
import { matchWords } from './match-text';
import { isNegation } from './meaning-check';

/**
 * Each opening quotation mark and the marks that close it: “…” ‘…’ "…" '…' (English), „…“ ‚…‘ (German), „…” ‚…’
 * (Polish), «…» ‹…› (French, Russian), »…« ›…‹ (Danish), ”…” ’…’ »…» (Swedish, Finnish), 「…」 『…』 〝…〟 (Japanese,
 * Chinese), ﹁…﹂ ﹃…﹄ (vertical), ＂…＂ ＇…＇ (full width), ❝…❞ ❛…❜ (ornaments), and a stray “…“.
 */
const PAIRED_MARKS: Readonly<Record<string, string>> = {
  '"': '"',
  '＂': '＂',
  '“': '”“',
  '„': '“”',
  '”': '”',
  '‟': '”',
  '«': '»',
  '»': '«»',
  '‹': '›',
  '›': '‹›',
  "'": "'",
  '＇': '＇',
  '‘': '’',
  '‚': '‘’',
  '’': '’',
  '‛': '’',
  '「': '」',
  '『': '』',
  '〝': '〞〟',
  '﹁': '﹂',
  '﹃': '﹄',
  '❝': '❞',
  '❛': '❜',
};

/**
 * The quotation marks of the ornament block (Dingbats): ❛ ❜ ❝ ❞ ❟ ❠ and the heavy angle ornaments ❮ ❯, which Unicode's
 * Quotation_Mark property leaves out.
 */
const ORNAMENT_MARKS = '\u275B\u275C\u275D\u275E\u275F\u2760\u276E\u276F';
const IS_QUOTATION_MARK = new RegExp(`[\\p{Quotation_Mark}${ORNAMENT_MARKS}]`, 'u');

/**
 * Every quotation mark: the table's pairs, and each other character with Unicode's Quotation_Mark property or from the
 * ornament block (⹂ U+2E42, ｢｣ half width, ❟ ❠ ❮ ❯, and any a later Unicode adds), which opens a span that any
 * quotation mark closes. So a mark missing from the table still makes a quotation: invented words set in it are read.
 */
export const QUOTATION_MARKS: Readonly<Record<string, string>> = (() => {
  const every: string[] = [];
  for (let code = 0; code <= 0xffff; code++) {
    const ch = String.fromCharCode(code);
    if (IS_QUOTATION_MARK.test(ch)) every.push(ch);
  }
  const marks: Record<string, string> = { ...PAIRED_MARKS };
  for (const ch of every) if (!(ch in marks)) marks[ch] = every.join('');
  return marks;
})();

/** Single quotation marks, compared as '. The first four are also written as apostrophes. */
const SINGLE_MARKS = "'＇‘’‛‚‹›❛❜";
const APOSTROPHE_LIKE = "'＇‘’‛";
/** Marks French typography sets apart from the words by a space: « mot ». */
const SPACED_OPENERS = '«‹»›';
const CLOSERS = new Set(Object.values(QUOTATION_MARKS).join(''));

/** Joins texts into one `said` so that no span runs from one into the next. */
export const SAID_APART = '\u0000';

/**
 * Words in quotation marks that make a quotation checked against what was said; one is a name or a term ("the
 * “export” button"). Two words are checked too: “totally broken” is an invented quote when nobody said it.
 */
export const MIN_QUOTED_WORDS = 2;

/** One span a text sets in quotation marks: its words, where they are, and the marks' positions. */
export interface Quotation {
  text: string;
  open: number;
  /** Where the closing mark is; the text's length when the mark is never closed. */
  close: number;
  start: number;
  end: number;
  closed: boolean;
}

interface Opened {
  mark: string;
  at: number;
  /** French spacing: « mot » (a space may come before the closing mark). */
  spaced: boolean;
}

const SPACE = /\s/u;
const WORD = /[\p{L}\p{N}]/u;
// Scripts written without spaces have no apostrophes between their characters: 他说‘好’.
const UNSPACED_SCRIPT = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Bopomofo}]/u;
/** The start of a word an apostrophe shortens: '90s, '08, 'em, 'til, 'cause, 'tis, rock 'n' roll. */
const ELIDED = /^(?:\d\d?s|\d\d|em|til|cause|cos|tis|twas|bout|n)(?![\p{L}\p{N}])/iu;
const POSSESSIVE_END = /[sSxXzZ]/;

const isSpace = (ch: string | undefined) => ch === undefined || SPACE.test(ch);
const isWordChar = (ch: string | undefined) => ch !== undefined && WORD.test(ch) && !UNSPACED_SCRIPT.test(ch);

/** Whether the mark at `i` is an apostrophe: inside a word (don't, l'homme) or shortening one ('90s). */
function isApostrophe(text: string, i: number): boolean {
  if (!APOSTROPHE_LIKE.includes(text[i])) return false;
  if (isWordChar(text[i - 1]) && isWordChar(text[i + 1])) return true;
  return isSpace(text[i - 1]) && ELIDED.test(text.slice(i + 1, i + 8));
}

const canOpen = (text: string, i: number) => text[i] in QUOTATION_MARKS && (!isSpace(text[i + 1]) || (SPACED_OPENERS.includes(text[i]) && i + 1 < text.length));
const canClose = (text: string, i: number, opened: Opened) => QUOTATION_MARKS[opened.mark].includes(text[i]) && (!isSpace(text[i - 1]) || opened.spaced);

/**
 * Whether a single mark that could close `opened` is rather a plural's apostrophe ("‘the participants’ views were
 * ignored’"): it ends a word in s, x or z before more words, and a later mark closes `opened` before another opens.
 */
function isPossessive(text: string, i: number, opened: Opened): boolean {
  if (!APOSTROPHE_LIKE.includes(text[i]) || !POSSESSIVE_END.test(text[i - 1]) || !isSpace(text[i + 1]) || !WORD.test(text[i + 2] ?? '')) return false;
  for (let j = i + 1; j < text.length; j++) {
    if (!SINGLE_MARKS.includes(text[j]) || isApostrophe(text, j)) continue;
    if (canClose(text, j, opened)) return true;
    if (canOpen(text, j)) return false;
  }
  return false;
}

/**
 * Every span `text` sets in quotation marks, of any style, in the order they open (an outer span before the spans
 * inside it). A double mark, guillemet or corner bracket never closed runs to the end of the text; a single one never
 * closed is taken for an apostrophe.
 */
export function quotations(text: string): Quotation[] {
  const found: Quotation[] = [];
  const stack: Opened[] = [];
  const span = (opened: Opened, close: number, closed: boolean): Quotation => {
    let start = opened.at + 1;
    let end = close;
    if (opened.spaced) {
      while (start < end && SPACE.test(text[start])) start++;
      while (end > start && SPACE.test(text[end - 1])) end--;
    }
    return { text: text.slice(start, end), open: opened.at, close, start, end, closed };
  };
  for (let i = 0; i < text.length; i++) {
    const mark = text[i];
    if (!(mark in QUOTATION_MARKS) && !CLOSERS.has(mark)) continue;
    if (isApostrophe(text, i)) continue;
    let k = stack.length - 1;
    while (k >= 0 && !QUOTATION_MARKS[stack[k].mark].includes(mark)) k--;
    if (k >= 0 && canClose(text, i, stack[k]) && !isPossessive(text, i, stack[k])) {
      found.push(span(stack[k], i, true));
      stack.length = k;
    } else if (canOpen(text, i) && !(SINGLE_MARKS.includes(mark) && isWordChar(text[i - 1]))) {
      stack.push({ mark, at: i, spaced: isSpace(text[i + 1]) });
    }
  }
  for (const opened of stack) if (!SINGLE_MARKS.includes(opened.mark)) found.push(span(opened, text.length, false));
  return found.sort((a, b) => a.open - b.open);
}

/** Every span `text` sets between an opening and a closing quotation mark. */
export function quotedSpans(text: string): string[] {
  return quotations(text)
    .filter((q) => q.closed)
    .map((q) => q.text);
}

const SINGLE_AS_ONE = new RegExp(`[${SINGLE_MARKS}\u02BC\u2032]`, 'g');
const DOUBLE_AS_ONE = new RegExp(`[${[...new Set(Object.keys(QUOTATION_MARKS).join('') + Object.values(QUOTATION_MARKS).join(''))].filter((m) => !SINGLE_MARKS.includes(m)).join('')}\u2033]`, 'g');

/** Text as compared: compatibility forms, one kind of quote and apostrophe, single spaces, lower case. */
export function comparable(text: string): string {
  return text.normalize('NFKC').replace(SINGLE_AS_ONE, "'").replace(DOUBLE_AS_ONE, '"').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Words each piece of a quotation joined by an ellipsis must have: fewer is a word picked, not a passage quoted. */
export const MIN_SPLICED_PIECE_WORDS = 4;
/** Characters that may lie between two pieces joined by an ellipsis: they are one stretch of one passage. */
export const MAX_SPLICE_GAP = 240;
/** Places of a piece tried before giving up (a piece said very often). */
const MAX_PLACES = 64;

const WORD_EDGE = /[\p{L}\p{N}]/u;

/** Whether `said.slice(at, at + length)` begins and ends on word boundaries (or inside a script without spaces). */
function onWordBoundaries(said: string, at: number, length: number): boolean {
  const first = said.charAt(at);
  const last = said.charAt(at + length - 1);
  const before = said.charAt(at - 1);
  const after = said.charAt(at + length);
  const startOk = !WORD_EDGE.test(before) || !WORD_EDGE.test(first) || UNSPACED_SCRIPT.test(first) || UNSPACED_SCRIPT.test(before);
  const endOk = !WORD_EDGE.test(after) || !WORD_EDGE.test(last) || UNSPACED_SCRIPT.test(last) || UNSPACED_SCRIPT.test(after);
  return startOk && endOk;
}

/** Where `piece` is said, on word boundaries, from `from` up to `before` (exclusive, for its start). */
function placesOf(said: string, piece: string, from: number, before: number): number[] {
  const found: number[] = [];
  for (let at = said.indexOf(piece, from); at >= 0 && at < before && found.length < MAX_PLACES; at = said.indexOf(piece, at + 1)) {
    if (onWordBoundaries(said, at, piece.length)) found.push(at);
  }
  return found;
}

/** Whether `pieces[k…]` are said in order after `end`, each within `MAX_SPLICE_GAP`, in the same passage, nothing between them negating. */
function saidInOrder(said: string, pieces: readonly string[], k: number, end: number): boolean {
  if (k === pieces.length) return true;
  const apart = said.indexOf(SAID_APART, end);
  const passageEnd = apart < 0 ? said.length : apart;
  for (const at of placesOf(said, pieces[k], end, Math.min(passageEnd, end + MAX_SPLICE_GAP + 1))) {
    if (at + pieces[k].length > passageEnd) continue;
    if (matchWords(said, end, at).some((word) => isNegation(word.text))) continue;
    if (saidInOrder(said, pieces, k + 1, at + pieces[k].length)) return true;
  }
  return false;
}

/**
 * Whether a quoted span is said (`said` already `comparable`; texts joined by `SAID_APART` are apart: no span is
 * said across two of them). A span is said on word boundaries. Pieces joined by an ellipsis are no licence to
 * splice: each must have `MIN_SPLICED_PIECE_WORDS` words or more, and they must be said in their order, in one
 * passage, each within `MAX_SPLICE_GAP` characters of the one before, with no negation in what the ellipsis leaves
 * out ("I would … recommend it" is not "I would never recommend it").
 */
export function isSaid(span: string, said: string): boolean {
  const pieces = span
    .split(/…|\.\.\./)
    .map((part) => comparable(part).replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, ''))
    .filter(Boolean);
  if (pieces.length === 0) return false;
  if (pieces.length === 1) return placesOf(said, pieces[0], 0, said.length).length > 0;
  if (pieces.some((piece) => wordCount(piece) < MIN_SPLICED_PIECE_WORDS)) return false;
  return placesOf(said, pieces[0], 0, said.length).some((at) => saidInOrder(said, pieces, 1, at + pieces[0].length));
}

const wordSegments = new Intl.Segmenter('und', { granularity: 'word' });

/** Words of `text`, also in scripts written without spaces (完全に捏造 is three). */
export function wordCount(text: string): number {
  let count = 0;
  for (const segment of wordSegments.segment(text)) if (segment.isWordLike) count++;
  return count;
}

/**
 * Whether `text` sets in quotation marks (any style; a mark left open runs to the end) `MIN_QUOTED_WORDS` words or
 * more that are not in `said` (`comparable`, texts joined by `SAID_APART`): quotation of words nobody said.
 */
export function quotesUnsaid(text: string, said: string): boolean {
  return quotations(text).some((q) => wordCount(q.text) >= MIN_QUOTED_WORDS && !isSaid(q.text, said));
}

/** `text` with the quotation marks taken off every span that is not in `said` (what the participants said, `comparable`). */
export function keepVerbatimMarks(text: string, said: string): string {
  const cut: Array<[from: number, to: number]> = [];
  for (const q of quotations(text)) {
    if (!q.closed || isSaid(q.text, said)) continue;
    cut.push([q.open, q.start], [q.end, q.close + 1]);
  }
  if (cut.length === 0) return text;
  cut.sort((a, b) => a[0] - b[0]);
  let kept = '';
  let from = 0;
  for (const [start, end] of cut) {
    kept += text.slice(from, start);
    from = Math.max(from, end);
  }
  return kept + text.slice(from);
}
