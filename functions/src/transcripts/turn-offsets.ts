/**
 * Where a place in a turn's text is once the turn's words were corrected. Offsets here are relative to the turn's
 * own text. A place inside an unchanged token keeps its place in it; a place in replaced words goes to the word that
 * replaced it (by its position among the replacements, so a typo fixed word for word maps to its own fix); a place in
 * deleted words moves to the next surviving word (a start) or back to the previous one (an end). Pure.
 */
import { firstIndex } from '@verbatim/contract/transcript-lookup';
import { diffTokens, tokenize, type DiffRun, type Token } from './word-diff';

export interface TurnOffsets {
  /** Where a span starting at `offset` starts now (the new text's length when nothing of it is left after it). */
  start(offset: number): number;
  /** Where a span ending at `offset` ends now (0 when nothing of it is left before it). */
  end(offset: number): number;
}

export function turnOffsets(before: string, after: string): TurnOffsets {
  const oldTokens = tokenize(before);
  const newTokens = tokenize(after);
  const runs = diffTokens(
    oldTokens.map((t) => t.text),
    newTokens.map((t) => t.text),
  );
  // For each old token, the run holding it.
  const runOf = new Int32Array(oldTokens.length);
  runs.forEach((run, r) => runOf.fill(r, run.oldStart, run.oldEnd));

  /** The new token an old token `k` became, for a span's start (`first`) or end side; null when it was deleted. */
  const counterpart = (k: number, first: boolean): Token | null => {
    const run = runs[runOf[k]];
    const n = run.newEnd - run.newStart;
    if (n === 0) return null;
    if (run.same) return newTokens[run.newStart + (k - run.oldStart)];
    return newTokens[run.newStart + replacementIndex(k - run.oldStart, run, first)];
  };

  return {
    start(offset) {
      // The first token that ends after `offset`: the one holding it, or the next one.
      for (let k = firstIndex(oldTokens, (t) => t.end > offset); k < oldTokens.length; k++) {
        const token = counterpart(k, true);
        if (!token) continue;
        const inside = offset > oldTokens[k].start && isSame(runs[runOf[k]]);
        return inside ? token.start + (offset - oldTokens[k].start) : token.start;
      }
      return after.length;
    },
    end(offset) {
      // The last token that starts before `offset`: the one holding its last character, or the one before it.
      for (let k = firstIndex(oldTokens, (t) => t.start >= offset) - 1; k >= 0; k--) {
        const token = counterpart(k, false);
        if (!token) continue;
        const inside = offset < oldTokens[k].end && isSame(runs[runOf[k]]);
        return inside ? token.start + (offset - oldTokens[k].start) : token.end;
      }
      return 0;
    },
  };
}

const isSame = (run: DiffRun) => run.same;

/**
 * Among a changed run's new tokens, which one the old token at position `k` of the run maps to: by proportion, so m
 * old words replaced by m new ones map one to one; a start takes the first it could be, an end the last.
 */
function replacementIndex(k: number, run: DiffRun, first: boolean): number {
  const m = run.oldEnd - run.oldStart;
  const n = run.newEnd - run.newStart;
  return first ? Math.floor((k * n) / m) : Math.ceil(((k + 1) * n) / m) - 1;
}
