/**
 * How a list that does not fit on one slide is shared between slides: the fewest slides, and among those the most
 * even split, so that a "(continued)" slide never carries one quote or one row that the slide before could have
 * shared. Pure.
 */

/**
 * `items` cut into consecutive runs, one per slide: the fewest runs for which `fits(run, slideIndex)` holds, then the
 * split whose run lengths are the most alike (least sum of squares). A single item always makes a run of its own,
 * fitting or not (it is then shortened where it is drawn).
 */
export function balancedRuns<T>(items: readonly T[], fits: (run: readonly T[], slide: number) => boolean): T[][] {
  const n = items.length;
  if (n === 0) return [];
  const ok = (from: number, to: number, slide: number) => to - from === 1 || fits(items.slice(from, to), slide);
  // cost[s][j]: the least sum of squares splitting the first j items into s runs (Infinity when impossible).
  const cost: number[][] = [new Array<number>(n + 1).fill(Infinity)];
  const cut: number[][] = [new Array<number>(n + 1).fill(-1)];
  cost[0][0] = 0;
  for (let s = 1; s <= n; s++) {
    cost.push(new Array<number>(n + 1).fill(Infinity));
    cut.push(new Array<number>(n + 1).fill(-1));
    for (let j = s; j <= n; j++) {
      for (let i = j - 1; i >= s - 1; i--) {
        if (cost[s - 1][i] === Infinity) continue;
        if (!ok(i, j, s - 1)) break;
        const c = cost[s - 1][i] + (j - i) ** 2;
        if (c < cost[s][j]) {
          cost[s][j] = c;
          cut[s][j] = i;
        }
      }
    }
    if (cost[s][n] < Infinity) {
      const runs: T[][] = [];
      for (let k = s, j = n; k > 0; k--) {
        const i = cut[k][j];
        runs.unshift(items.slice(i, j));
        j = i;
      }
      return runs;
    }
  }
  return items.map((item) => [item]);
}

/** `items` shared between the fewest slides that hold at most `perSlide(slideIndex)` each, as evenly as they can be. */
export function balancedChunks<T>(items: readonly T[], perSlide: number | ((slide: number) => number)): T[][] {
  const limit = typeof perSlide === 'number' ? () => perSlide : perSlide;
  return balancedRuns(items, (run, slide) => run.length <= limit(slide));
}
