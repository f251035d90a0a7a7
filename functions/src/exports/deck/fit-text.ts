/**
 * How much text a box holds, and what to do with text that does not fit. Pure.
 *
 * Slides cannot measure text (the viewer's font does), so the estimate is deliberately conservative: every
 * character is taken as wide as a generous average sans-serif glyph, lines wrap greedily at spaces, and a word
 * longer than a line is cut where the line ends. Text that would not fit is shortened, never shrunk below a
 * readable size: titles get an ellipsis at a word boundary, quotes keep a verbatim prefix and an ellipsis.
 */

/** Average glyph width of a sans-serif font, as a fraction of the font size (Arial text averages ≈ 0.5). */
export const GLYPH_WIDTH_EM = 0.55;
/** The same for bold text. */
export const BOLD_GLYPH_WIDTH_EM = 0.6;
/** Line pitch as a multiple of the font size ("single" spacing in PowerPoint is ≈ 1.15). */
export const LINE_HEIGHT_EM = 1.2;
/** Inner margin of every text box, each side, in points (0.05"). */
export const BOX_INSET_PT = 3.6;
/** No text is set smaller than this, in points: long text is shortened or continued instead. */
export const MIN_FONT_PT = 10;
export const ELLIPSIS = '…';

const PT_PER_INCH = 72;
/** Added to computed box heights so that rounding to EMU never costs a line. */
const HEIGHT_SLACK_IN = 0.01;

/** A text box: size in inches, font size in points, inner margin in points (defaults to BOX_INSET_PT). */
export interface TextBox {
  w: number;
  h: number;
  fontSize: number;
  bold?: boolean;
  inset?: number;
}

export interface Capacity {
  /** Character cells per line. */
  charsPerLine: number;
  lines: number;
}

export interface Fitted {
  /** The text to set in the box. */
  text: string;
  truncated: boolean;
  /** Lines it takes in the box. */
  lines: number;
}

export interface FittedQuote extends Fitted {
  /** The part of the quote that is shown: a verbatim prefix of the (whitespace-normalised) quote. */
  kept: string;
}

export function capacity(box: TextBox): Capacity {
  const inset = box.inset ?? BOX_INSET_PT;
  const width = box.w * PT_PER_INCH - 2 * inset;
  const height = box.h * PT_PER_INCH - 2 * inset;
  const glyph = (box.bold ? BOLD_GLYPH_WIDTH_EM : GLYPH_WIDTH_EM) * box.fontSize;
  return {
    charsPerLine: Math.max(0, Math.floor(width / glyph)),
    lines: Math.max(0, Math.floor(height / (LINE_HEIGHT_EM * box.fontSize) + 1e-9)),
  };
}

/** Height in inches of a box holding `lines` lines at `fontSize`, margins included. */
export function heightForLines(lines: number, fontSize: number, inset = BOX_INSET_PT): number {
  return heightForParagraphs([{ lines, fontSize }], inset);
}

/** Height in inches of a box holding paragraphs of different sizes, with space (pt) before some of them. */
export function heightForParagraphs(paragraphs: ReadonlyArray<{ lines: number; fontSize: number; spaceBefore?: number }>, inset = BOX_INSET_PT): number {
  const text = paragraphs.reduce((sum, p) => sum + (p.spaceBefore ?? 0) + p.lines * LINE_HEIGHT_EM * p.fontSize, 0);
  return (text + 2 * inset) / PT_PER_INCH + HEIGHT_SLACK_IN;
}

/** A box `w` inches wide that holds exactly `lines` lines. */
export function boxForLines(w: number, fontSize: number, lines: number, options: { bold?: boolean; inset?: number } = {}): TextBox {
  return { w, h: heightForLines(lines, fontSize, options.inset), fontSize, ...options };
}

/** Collapse runs of whitespace (line breaks included) to one space: how text is set on a slide. */
export function normaliseSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Character cells a character takes: 2 for East Asian wide and full-width characters, else 1. */
function cells(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  const wide =
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd);
  return wide ? 2 : 1;
}

/** Width of a string in character cells. */
export function textCells(text: string): number {
  let n = 0;
  for (const char of text) n += cells(char);
  return n;
}

/** Greedy word wrap into lines of at most `charsPerLine` cells; '\n' starts a new paragraph. */
export function wrapLines(text: string, charsPerLine: number): string[] {
  if (charsPerLine < 1) throw new RangeError('a line must hold at least one character');
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let width = 0;
    for (const word of paragraph.split(/[ \t]+/).filter(Boolean)) {
      const wordWidth = textCells(word);
      if (line && width + 1 + wordWidth <= charsPerLine) {
        line += ` ${word}`;
        width += 1 + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      width = 0;
      // A word longer than a line is broken where the line ends.
      for (const char of word) {
        const w = cells(char);
        if (width + w > charsPerLine && line) {
          lines.push(line);
          line = '';
          width = 0;
        }
        line += char;
        width += w;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Lines `text` takes in `box` (Infinity when the box is too narrow for a single character). */
export function lineCount(text: string, box: TextBox): number {
  const { charsPerLine } = capacity(box);
  return charsPerLine < 1 ? Infinity : wrapLines(text, charsPerLine).length;
}

export function fits(text: string, box: TextBox): boolean {
  const { lines } = capacity(box);
  return lines > 0 && lineCount(text, box) <= lines;
}

/**
 * Text for a title, label or description: as is when it fits, else shortened at a word boundary and ended
 * with an ellipsis. `suffix` (e.g. " (continued)") is kept after the ellipsis.
 */
export function fitText(text: string, box: TextBox, options: { suffix?: string } = {}): Fitted {
  const suffix = options.suffix ?? '';
  const clean = normaliseSpace(text);
  const whole = clean + suffix;
  if (fits(whole, box)) return { text: whole, truncated: false, lines: lineCount(whole, box) };
  const kept = longestFittingPrefix(clean, box, (prefix) => prefix + ELLIPSIS + suffix);
  const shown = kept + ELLIPSIS + suffix;
  if (!fits(shown, box) && suffix) return fitText(text, box);
  return { text: shown, truncated: true, lines: lineCount(shown, box) };
}

/**
 * A quote, in curly quotation marks, as much of it as `box` holds. What is shown is always a verbatim prefix of
 * the quote (whitespace collapsed), never re-worded: when it is cut, the cut falls at a word boundary (at the
 * end of a sentence when that keeps most of it) and an ellipsis marks it.
 */
export function fitQuote(quote: string, box: TextBox): FittedQuote {
  const clean = normaliseSpace(quote);
  const whole = quoted(clean, false);
  if (fits(whole, box)) return { text: whole, kept: clean, truncated: false, lines: lineCount(whole, box) };
  const longest = longestFittingPrefix(clean, box, (prefix) => quoted(prefix, true));
  const sentence = cutPoints(clean)
    .map((cut) => clean.slice(0, cut))
    .find((prefix) => prefix.length <= longest.length && /[.!?]["”’)]?$/.test(prefix));
  const kept = sentence && sentence.length >= 0.6 * longest.length && fits(quoted(sentence, true), box) ? sentence : longest;
  const text = quoted(kept, true);
  return { text, kept, truncated: true, lines: lineCount(text, box) };
}

function quoted(text: string, truncated: boolean): string {
  if (!truncated) return `“${text}”`;
  return `“${text}${/[.!?…]["”’)]?$/.test(text) ? ` ${ELLIPSIS}` : ELLIPSIS}”`;
}

/**
 * Lengths at which `text` may be cut, longest first: before each space, with trailing connective
 * punctuation and opening brackets or quotation marks dropped (what remains is still a prefix).
 */
function cutPoints(text: string): number[] {
  const cuts = new Set<number>();
  for (let i = text.length - 1; i > 0; i--) {
    if (text[i] !== ' ') continue;
    const prefix = text.slice(0, i).replace(/[\s,;:\-–—([{“‘"'/]+$/u, '');
    if (prefix) cuts.add(prefix.length);
  }
  return [...cuts].sort((a, b) => b - a);
}

/** The longest prefix of `text` that still fits once decorated, cut at a word boundary when there is one. */
function longestFittingPrefix(text: string, box: TextBox, decorate: (prefix: string) => string): string {
  const { charsPerLine, lines } = capacity(box);
  const bound = charsPerLine * lines;
  for (const cut of cutPoints(text)) {
    if (cut > bound) continue;
    const prefix = text.slice(0, cut);
    if (fits(decorate(prefix), box)) return prefix;
  }
  // No word boundary fits (a single long word): cut between characters.
  const chars = Array.from(text);
  for (let n = Math.min(chars.length, bound); n > 0; n--) {
    const prefix = chars.slice(0, n).join('');
    if (fits(decorate(prefix), box)) return prefix;
  }
  return '';
}
