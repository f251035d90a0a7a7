import { describe, expect, it } from 'vitest';
import { balancedChunks, balancedRuns } from '../../../../src/exports/deck/balance';
import { sentences } from '../../../../src/exports/deck/deck-layout';

describe('sharing a list between slides', () => {
  it('takes the fewest slides, then shares as evenly as the slides allow', () => {
    expect(balancedChunks([1, 2, 3, 4], 3).map((c) => c.length)).toEqual([2, 2]);
    expect(balancedChunks([1, 2, 3, 4, 5, 6, 7], 3).map((c) => c.length)).toEqual([3, 2, 2]);
    expect(balancedChunks([1, 2, 3], 3).map((c) => c.length)).toEqual([3]);
    expect(balancedChunks([], 3)).toEqual([]);
    // A first slide with less room (a headline above) holds fewer.
    expect(balancedChunks([1, 2, 3, 4, 5, 6, 7, 8, 9], (slide) => (slide === 0 ? 3 : 8)).map((c) => c.length)).toEqual([3, 6]);
  });

  it('fits by measure, keeps the order, and gives an item too big for any slide a slide of its own', () => {
    const heights = [1, 1, 5, 1, 1];
    const runs = balancedRuns(heights, (run) => run.reduce((a, b) => a + b, 0) <= 3);
    expect(runs).toEqual([[1, 1], [5], [1, 1]]);
    expect(runs.flat()).toEqual(heights);
  });
});

describe('a summary’s sentences', () => {
  it('splits after a full stop, question or exclamation mark before a capital or a number, never within a sentence', () => {
    expect(sentences('Across 4 interviews: 3 of 4 found it slow. 2 of 4 want exports! Why? e.g. this stays.')).toEqual([
      'Across 4 interviews: 3 of 4 found it slow.',
      '2 of 4 want exports!',
      'Why? e.g. this stays.',
    ]);
    expect(sentences('One sentence without an end')).toEqual(['One sentence without an end']);
  });
});
