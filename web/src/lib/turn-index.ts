/** A stretch of the stored text: [start, end) offsets. */
interface TextSpan {
  start: number;
  end: number;
}

/** The turn holding offset `at`, by binary search over turns in order; -1 when none. */
export function turnIndexAt(turns: readonly TextSpan[], at: number): number {
  let lo = 0;
  let hi = turns.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (turns[mid].end <= at) lo = mid + 1;
    else if (turns[mid].start > at) hi = mid - 1;
    else return mid;
  }
  return -1;
}
