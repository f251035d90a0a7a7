/**
 * Emails and phone numbers found by pattern. Phone patterns are deliberately narrow: international numbers (`+` or
 * `00` and a country code), US numbers with grouped digits, and European national numbers with a trunk `0` and
 * grouped digits. Years, counts, dates, ranges and plain runs of digits are never phone numbers.
 */

export interface TextSpan {
  start: number;
  end: number;
}

const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){0,8}\.\p{L}{2,63}(?![\p{L}\p{N}-])/gu;

// One separator between digit groups, never a line break.
const INTERNATIONAL = /(?<![\p{L}\p{N}+])(?:\+|00)[1-9]\d{0,2}(?:[ .\-\u00a0]?\(?\d{1,5}\)?){2,6}(?![\p{L}\p{N}])/gu;
const US = /(?<![\p{L}\p{N}+])(?:1[ .-])?(?:\(\d{3}\)[ .\-\u00a0]?|\d{3}[ .\-\u00a0])\d{3}[ .\-\u00a0]\d{4}(?![\p{L}\p{N}])/gu;
const NATIONAL = /(?<![\p{L}\p{N}+])\(?0\d{1,4}\)?(?:[ .\-/\u00a0]\d{2,8}){1,4}(?![\p{L}\p{N}])/gu;

const DATE_LIKE = /^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4})(?:\D|$)/;

function digitsIn(text: string): number {
  let n = 0;
  for (const ch of text) if (ch >= '0' && ch <= '9') n++;
  return n;
}

function trimClosingParen(text: string, start: number): TextSpan {
  // A group pattern may swallow a ")" that closes prose, e.g. "(call +44 20 7946 0958)".
  let end = start + text.length;
  const opens = (text.match(/\(/g) ?? []).length;
  const closes = (text.match(/\)/g) ?? []).length;
  if (closes > opens && text.endsWith(')')) end -= 1;
  return { start, end };
}

function isPhoneLike(text: string, international: boolean): boolean {
  const digits = digitsIn(text);
  if (international ? digits < 8 || digits > 15 : digits < 9 || digits > 12) return false;
  const bare = text.replace(/^\(|\)$/g, '');
  if (DATE_LIKE.test(bare)) return false; // "03.04.2024 1400"
  return true;
}

export function findEmails(text: string): TextSpan[] {
  return [...text.matchAll(EMAIL)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** Phone numbers in `text`, in order, not overlapping (the longest reading of a number wins). */
export function findPhones(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const [pattern, international] of [
    [INTERNATIONAL, true],
    [US, false],
    [NATIONAL, false],
  ] as const) {
    for (const m of text.matchAll(pattern)) {
      if (!isPhoneLike(m[0], international)) continue;
      spans.push(trimClosingParen(m[0], m.index));
    }
  }
  const kept: TextSpan[] = [];
  for (const span of spans.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)) {
    if (kept.every((k) => span.end <= k.start || span.start >= k.end)) kept.push(span);
  }
  return kept.sort((a, b) => a.start - b.start);
}
