/**
 * Which words of a turn a correction kept, and which it replaced: the turn's text before and after, cut into tokens
 * (a word, one Han or kana character, or one other visible character), aligned by a longest common subsequence; then,
 * inside each run of replaced words, a misspelt word is paired with its correction ("dashbord" with "dashboard") by a
 * second alignment of words that look alike. Pure; offsets are UTF-16 indexes, as everywhere in a transcript.
 */
import { editDistance } from '../analysis/parsers/edit-distance';

/** A token's place in its text: `[start, end)`. */
export interface Token {
  text: string;
  start: number;
  end: number;
}

// A run of letters, digits and marks (with inner apostrophes: "don't"), not Han or kana; or one Han or kana character;
// or any one other visible character (punctuation, a symbol, an emoji: one code point).
const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}`;
const WORD = String.raw`(?:(?![${CJK}])[\p{L}\p{N}\p{M}])+`;
const TOKEN = new RegExp(String.raw`${WORD}(?:['’]${WORD})*|[${CJK}]|\S`, 'gu');

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) tokens.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  return tokens;
}

/**
 * Old tokens `[oldStart, oldEnd)` became new tokens `[newStart, newEnd)`. An unchanged run has as many of each, token
 * for token the same; a changed run (`same: false`) replaced its old tokens by the new ones (either side may be empty).
 */
export interface DiffRun {
  same: boolean;
  oldStart: number;
  oldEnd: number;
  newStart: number;
  newEnd: number;
}

/** Beyond this many cells, the middle of two texts that differ is taken as one replaced run (no alignment inside it). */
export const MAX_ALIGNED_CELLS = 4_000_000;
/** Beyond this many cells, the words of a replaced run are not paired by likeness. */
const MAX_PAIRED_CELLS = 250_000;

const same = (a: string, b: string) => a === b;

/** The runs that turn `before` into `after`, in order, covering both lists whole. */
export function diffTokens(before: readonly string[], after: readonly string[]): DiffRun[] {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && suffix < after.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;

  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < prefix; i++) pairs.push([i, i]);
  const middle = commonSubsequence(before.slice(prefix, before.length - suffix), after.slice(prefix, after.length - suffix), same, MAX_ALIGNED_CELLS);
  for (const [i, j] of middle) pairs.push([prefix + i, prefix + j]);
  for (let k = suffix; k > 0; k--) pairs.push([before.length - k, after.length - k]);
  return runsOf(pairs, before.length, after.length).flatMap((run) => (run.same ? [run] : pairLookalikes(run, before, after)));
}

/** Whether a replaced token looks like its replacement: a misspelling of it, or one mark of punctuation for another. */
function alike(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return true;
  const word = /[\p{L}\p{N}]/u;
  if (!word.test(x) && !word.test(y)) return true;
  const longest = Math.max(x.length, y.length);
  if (longest < 3) return false;
  const allowed = Math.max(1, Math.floor(longest * 0.4));
  return editDistance(x, y, allowed) <= allowed;
}

/** A replaced run cut where its words pair up by likeness: each pair a run of one word for one, the rest between them. */
function pairLookalikes(run: DiffRun, before: readonly string[], after: readonly string[]): DiffRun[] {
  const pairs = commonSubsequence(before.slice(run.oldStart, run.oldEnd), after.slice(run.newStart, run.newEnd), alike, MAX_PAIRED_CELLS);
  if (pairs.length === 0) return [run];
  const runs: DiffRun[] = [];
  let i = run.oldStart;
  let j = run.newStart;
  for (const [pi, pj] of [...pairs.map(([a, b]): [number, number] => [run.oldStart + a, run.newStart + b]), [run.oldEnd, run.newEnd] as [number, number]]) {
    if (pi > i || pj > j) runs.push({ same: false, oldStart: i, oldEnd: pi, newStart: j, newEnd: pj });
    if (pi < run.oldEnd) runs.push({ same: false, oldStart: pi, oldEnd: pi + 1, newStart: pj, newEnd: pj + 1 });
    i = pi + 1;
    j = pj + 1;
  }
  return runs;
}

/**
 * Matched index pairs of a longest common subsequence of `a` and `b`, tokens matching when `equal` says so (none when
 * the table would have more than `maxCells` cells).
 */
function commonSubsequence(a: readonly string[], b: readonly string[], equal: (x: string, y: string) => boolean, maxCells: number): Array<[number, number]> {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0 || (n + 1) * (m + 1) > maxCells) return [];
  // lengths[i * (m + 1) + j]: the longest common subsequence of a[i..] and b[j..].
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] = equal(a[i], b[j]) ? lengths[(i + 1) * width + j + 1] + 1 : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
    }
  }
  const pairs: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (equal(a[i], b[j]) && lengths[i * width + j] === lengths[(i + 1) * width + j + 1] + 1) {
      pairs.push([i++, j++]);
    } else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) i++;
    else j++;
  }
  return pairs;
}

/** Matched pairs (increasing on both sides) → unchanged runs and the changed runs between them. */
function runsOf(pairs: ReadonlyArray<[number, number]>, oldLength: number, newLength: number): DiffRun[] {
  const runs: DiffRun[] = [];
  let i = 0;
  let j = 0;
  const push = (run: DiffRun) => {
    const last = runs[runs.length - 1];
    if (last && last.same === run.same && last.oldEnd === run.oldStart && last.newEnd === run.newStart) {
      last.oldEnd = run.oldEnd;
      last.newEnd = run.newEnd;
    } else runs.push(run);
  };
  for (const [pi, pj] of [...pairs, [oldLength, newLength] as [number, number]]) {
    if (pi > i || pj > j) push({ same: false, oldStart: i, oldEnd: pi, newStart: j, newEnd: pj });
    if (pi < oldLength || pj < newLength) push({ same: true, oldStart: pi, oldEnd: pi + 1, newStart: pj, newEnd: pj + 1 });
    i = pi + 1;
    j = pj + 1;
  }
  return runs;
}
