/**
 * What one call into a text library is given: the passages of a stretch of text (a turn), read past every over-long
 * run (see overlong-runs.ts), each without white space at either end and at most `TEXT_LIMITS.maxPassageChars` long,
 * a longer one cut at its last sentence end within the limit, else at its last white space, else between two
 * characters. A passage never holds a run, so a sentence read from it (and a quote) never spans one. Every passage is
 * a span of the text as given: nothing is changed or moved. Pure.
 */
import { TEXT_LIMITS } from '../../config/server-limits';
import { isSpaceAt, readingBreaks, type TextSpan } from './overlong-runs';

/** Marks that end a sentence before white space; CJK ones end it even without. */
const SENTENCE_END = new Set(['.', '!', '?', '…']);
const CJK_SENTENCE_END = new Set(['。', '！', '？']);

export function boundedPassages(text: string, from = 0, to = text.length, maxChars: number = TEXT_LIMITS.maxPassageChars): TextSpan[] {
  const passages: TextSpan[] = [];
  let cursor = from;
  for (const gap of readingBreaks(text, from, to)) {
    cutInto(passages, text, cursor, gap.start, maxChars);
    cursor = gap.end;
  }
  cutInto(passages, text, cursor, to, maxChars);
  return passages;
}

function cutInto(passages: TextSpan[], text: string, start: number, end: number, maxChars: number): void {
  for (;;) {
    while (start < end && isSpaceAt(text, start)) start++;
    while (end > start && isSpaceAt(text, end - 1)) end--;
    if (end - start <= maxChars) break;
    const cut = cutPoint(text, start, start + maxChars);
    let last = cut;
    while (last > start && isSpaceAt(text, last - 1)) last--;
    passages.push({ start, end: last });
    start = cut;
  }
  if (end > start) passages.push({ start, end });
}

/** Where to end a passage that starts at `start` and may end at `limit` at the latest (past its first half). */
function cutPoint(text: string, start: number, limit: number): number {
  const earliest = start + Math.ceil((limit - start) / 2);
  for (let i = limit; i > earliest; i--) {
    const mark = text[i - 1];
    if (CJK_SENTENCE_END.has(mark) || (SENTENCE_END.has(mark) && isSpaceAt(text, i))) return i;
  }
  for (let i = limit; i > earliest; i--) if (isSpaceAt(text, i - 1)) return i;
  // Never between the two halves of a surrogate pair.
  const unit = text.charCodeAt(limit - 1);
  return unit >= 0xd800 && unit <= 0xdbff ? limit - 1 : limit;
}
