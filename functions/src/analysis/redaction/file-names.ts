/**
 * Names in a file name. A file name is written the way its owner typed it: "interview_maria-silva.m4a",
 * "MariaSilva_2024.docx", "SILVA.Maria.txt". A name is found there whatever its case, and its words may be joined by
 * `_`, `-`, `.`, spaces or nothing (camel case); a word of a file name ends where its letters stop, at a digit, or
 * where a capital follows a small letter. Pure.
 */
import type { TextSpan } from './pii-patterns';

/** Whether `s` reads as a file name: it ends in an extension ("….docx") or has no space at all ("MariaSilva"). */
export function looksLikeFileName(s: string): boolean {
  const trimmed = s.trim();
  return trimmed !== '' && (/\.[\p{L}\p{N}]{1,5}$/u.test(trimmed) || !/\s/u.test(trimmed));
}

const LETTER = /\p{L}/u;
const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;

/** Whether a word may begin at `at` of `s`: after anything but a letter, or at a capital after a small letter. */
function startsWord(s: string, at: number): boolean {
  const before = s.charAt(at - 1);
  return at === 0 || !LETTER.test(before) || (LOWER.test(before) && UPPER.test(s.charAt(at)));
}

/** Whether a word may end just before `at` of `s`: before anything but a letter, or before a capital after a small letter. */
function endsWord(s: string, at: number): boolean {
  const after = s.charAt(at);
  return at === s.length || !LETTER.test(after) || (LOWER.test(s.charAt(at - 1)) && UPPER.test(after));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where each of `names` occurs in the file name `s`, case aside, its words joined by any separator or none; longest
 * names first, each span with the name it is. Names under two letters are not looked for.
 */
export function namesInFileName(s: string, names: readonly string[]): (TextSpan & { name: string })[] {
  const found: (TextSpan & { name: string })[] = [];
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (words.join('').length < 2) continue;
    const pattern = new RegExp(words.map(escapeRegExp).join('[\\s_.\\-]*'), 'giu');
    for (const match of s.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (startsWord(s, start) && endsWord(s, end)) found.push({ start, end, name });
    }
  }
  return found;
}
