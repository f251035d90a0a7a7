import { describe, expect, it } from 'vitest';
import { FONT_PT, MAX_LINES, PER_SLIDE } from '../../../../src/exports/deck/deck-style';
import {
  BOLD_GLYPH_WIDTH_EM,
  BOX_INSET_PT,
  ELLIPSIS,
  GLYPH_WIDTH_EM,
  LINE_HEIGHT_EM,
  MIN_FONT_PT,
  boxForLines,
  capacity,
  fitQuote,
  fitText,
  fits,
  heightForLines,
  lineCount,
  normaliseSpace,
  wrapLines,
} from '../../../../src/exports/deck/fit-text';
import { fixture } from '../../../support/fixtures';

/** A participant's answer from a shared transcript: real speech, 600+ characters, several sentences. */
const transcript = fixture('04_anthropic-interviewer_science_0012.txt').toString('utf8');
const answerStart = transcript.indexOf('My most recent research project');
const ANSWER = transcript.slice(answerStart, transcript.indexOf('\n', answerStart));

/** Whether `kept` ends where a word ends in `full` (nothing but punctuation before the next space). */
const endsAtWordBoundary = (full: string, kept: string) => full.length === kept.length || /^[^\p{L}\p{N}]*\s/u.test(full.slice(kept.length));

describe('fit-text: capacity', () => {
  it('estimates characters per line and lines from the box size, font size and inner margins', () => {
    // 1" × 1" at 12 pt: (72 − 2 × 3.6) / (0.55 × 12) = 9.8 → 9 characters; (72 − 7.2) / (1.2 × 12) = 4.5 → 4 lines.
    expect(capacity({ w: 1, h: 1, fontSize: 12 })).toEqual({ charsPerLine: 9, lines: 4 });
    // Bold glyphs are wider: 64.8 / (0.6 × 12) = 9 exactly.
    expect(capacity({ w: 1, h: 1, fontSize: 12, bold: true })).toEqual({ charsPerLine: 9, lines: 4 });
    expect(capacity({ w: 2, h: 1, fontSize: 12, bold: true }).charsPerLine).toBe(19);
    expect(capacity({ w: 2, h: 1, fontSize: 12 }).charsPerLine).toBe(20);
    // No inner margin: more room.
    expect(capacity({ w: 1, h: 1, fontSize: 12, inset: 0 })).toEqual({ charsPerLine: 10, lines: 5 });
  });

  it('uses a conservative glyph width and line pitch for sans-serif text', () => {
    expect(GLYPH_WIDTH_EM).toBeGreaterThanOrEqual(0.5);
    expect(GLYPH_WIDTH_EM).toBeLessThanOrEqual(0.55);
    expect(BOLD_GLYPH_WIDTH_EM).toBeGreaterThan(GLYPH_WIDTH_EM);
    expect(LINE_HEIGHT_EM).toBeGreaterThanOrEqual(1.15);
    expect(BOX_INSET_PT).toBeGreaterThan(0);
  });

  it('sizes a box for n lines so that it holds exactly n lines, even after rounding to EMU', () => {
    for (const fontSize of Object.values(FONT_PT)) {
      for (let n = 1; n <= 10; n++) {
        const box = boxForLines(5, fontSize, n);
        const rounded = { ...box, h: Math.round(box.h * 914400) / 914400 };
        expect(capacity(rounded).lines, `${fontSize} pt × ${n}`).toBe(n);
        expect(heightForLines(n, fontSize)).toBeCloseTo(box.h, 9);
      }
    }
  });

  it('keeps every font size of the deck at or above the readable minimum', () => {
    expect(MIN_FONT_PT).toBeGreaterThanOrEqual(10);
    for (const [role, size] of Object.entries(FONT_PT)) expect(size, role).toBeGreaterThanOrEqual(MIN_FONT_PT);
    expect(FONT_PT.quote).toBeGreaterThanOrEqual(14);
    expect(PER_SLIDE.quotes).toBeGreaterThanOrEqual(2);
    expect(PER_SLIDE.quotes).toBeLessThanOrEqual(3);
  });
});

describe('fit-text: wrapping', () => {
  it('wraps greedily at spaces', () => {
    expect(wrapLines('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
    expect(wrapLines('aaa bbb ccc', 11)).toEqual(['aaa bbb ccc']);
    expect(wrapLines('aaa  bbb', 3)).toEqual(['aaa', 'bbb']);
  });

  it('breaks a word longer than a line where the line ends', () => {
    expect(wrapLines('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapLines('ab 08_gvc_Developer', 6)).toEqual(['ab', '08_gvc', '_Devel', 'oper']);
  });

  it('starts a new line at each line break and counts an empty paragraph as a line', () => {
    expect(wrapLines('one\n\ntwo', 10)).toEqual(['one', '', 'two']);
  });

  it('counts East Asian wide characters as two cells', () => {
    expect(wrapLines('研究者研究者', 6)).toEqual(['研究者', '研究者']);
  });

  it('counts the lines of text in a box and says whether it fits', () => {
    const box = { w: 1, h: 1, fontSize: 12 }; // 9 × 4
    expect(lineCount('a bb ccc dddd eeeee', box)).toBe(3);
    expect(fits('a bb ccc dddd eeeee', box)).toBe(true);
    expect(fits('x'.repeat(36), box)).toBe(true);
    expect(fits('x'.repeat(37), box)).toBe(false);
    expect(fits('x', { w: 0.1, h: 1, fontSize: 12 })).toBe(false);
  });
});

describe('fit-text: titles', () => {
  const box = boxForLines(6, 28, MAX_LINES.title, { bold: true }); // 25 characters × 2 lines

  it('leaves a title that fits as it is (whitespace collapsed)', () => {
    expect(fitText('Researchers want  the model’s\nreasoning', box)).toEqual({ text: 'Researchers want the model’s reasoning', truncated: false, lines: 2 });
  });

  it('shortens a long title at a word boundary and ends it with an ellipsis', () => {
    const title = normaliseSpace(ANSWER.slice(0, 200));
    const fitted = fitText(title, box);
    expect(fitted.truncated).toBe(true);
    expect(fitted.text.endsWith(ELLIPSIS)).toBe(true);
    const kept = fitted.text.slice(0, -1);
    expect(title.startsWith(kept)).toBe(true);
    expect(endsAtWordBoundary(title, kept)).toBe(true);
    expect(kept).not.toMatch(/[\s,;:]$/);
    expect(fits(fitted.text, box)).toBe(true);
    expect(fitted.lines).toBeLessThanOrEqual(MAX_LINES.title);
    // As much as fits: adding the next word would not fit any more.
    const nextWord = title.slice(kept.length).match(/^[^\s]*\s+[^\s]+/)![0];
    expect(fits(kept + nextWord + ELLIPSIS, box)).toBe(false);
  });

  it('never cuts inside a word when a word boundary is available', () => {
    // 31 characters on one line: "Interdisciplinary collaboration…" is 32.
    const fitted = fitText('Interdisciplinary collaboration strengthens reproducibility', boxForLines(3, 12, 1));
    expect(fitted.text).toBe('Interdisciplinary…');
  });

  it('keeps a suffix after the ellipsis', () => {
    const fitted = fitText(ANSWER, box, { suffix: ' (continued)' });
    expect(fitted.text).toMatch(/\S… \(continued\)$/);
    expect(fits(fitted.text, box)).toBe(true);
    expect(fitText('Short title', box, { suffix: ' (continued)' }).text).toBe('Short title (continued)');
  });

  it('cuts a single word that is too long between characters', () => {
    const name = '08_gvc_Developer_Case_Study_Dave_BuddyPoke_08_gvc_Developer_Case_Study';
    const small = boxForLines(1, 10, 2, { bold: true });
    const fitted = fitText(name, small);
    expect(fitted.truncated).toBe(true);
    expect(name.startsWith(fitted.text.slice(0, -1))).toBe(true);
    expect(fitted.text.length).toBeGreaterThan(10);
    expect(fits(fitted.text, small)).toBe(true);
  });
});

describe('fit-text: quotes', () => {
  const box = boxForLines(11.883, 16, MAX_LINES.quote);

  it('shows a quote that fits in full, in quotation marks', () => {
    const quote = 'I wanted to study a specific area, find the trend of contamination over a decadal scale.';
    expect(fitQuote(quote, box)).toMatchObject({ text: `“${quote}”`, kept: quote, truncated: false });
  });

  it('trims a long quote to a verbatim prefix ending at a word boundary, never re-worded', () => {
    const long = normaliseSpace(transcript.slice(answerStart, answerStart + 2000));
    const fitted = fitQuote(long, box);
    expect(fitted.truncated).toBe(true);
    expect(long.startsWith(fitted.kept)).toBe(true);
    expect(endsAtWordBoundary(long, fitted.kept)).toBe(true);
    expect(fitted.text).toMatch(/^“[\s\S]+…”$/);
    expect(fitted.text.slice(1, -2).trimEnd()).toBe(fitted.kept);
    expect(fits(fitted.text, box)).toBe(true);
    expect(fitted.lines).toBeLessThanOrEqual(MAX_LINES.quote);
    // Keeps a substantial part rather than a stub.
    expect(fitted.kept.length).toBeGreaterThan(0.6 * capacity(box).charsPerLine * MAX_LINES.quote);
  });

  it('prefers to end at a sentence when that keeps most of what fits', () => {
    // Two lines of room; the first sentence takes most of them.
    const small = boxForLines(4, 16, 2); // (288 − 7.2) / 8.8 = 31 characters per line
    const quote = 'We tried every export option in the tool. Then we gave up and wrote our own scripts for it.';
    const fitted = fitQuote(quote, small);
    expect(fitted.kept).toBe('We tried every export option in the tool.');
    expect(fitted.text).toBe('“We tried every export option in the tool. …”');
    // …but not when the sentence end would throw away most of the room.
    const early = 'Yes. Then we gave up on the export options and wrote our own scripts for all of it in the end.';
    const cut = fitQuote(early, small);
    expect(cut.kept.length).toBeGreaterThan('Yes.'.length);
    expect(early.startsWith(cut.kept)).toBe(true);
  });
});
