import { describe, expect, it } from 'vitest';
import { miroProgress } from './miro-progress';

describe('the Miro push progress bar', () => {
  it('pulses while the board is made, then counts stickies placed', () => {
    expect(miroProgress(null)).toEqual({ label: 'Making the Miro board and its theme frames', percent: null });
    expect(miroProgress({ done: 0, total: 340 })).toEqual({ label: 'Placing stickies on the Miro board (0 of 340)', percent: 0 });
    expect(miroProgress({ done: 100, total: 340 })).toEqual({ label: 'Placing stickies on the Miro board (100 of 340)', percent: 29 });
    expect(miroProgress({ done: 340, total: 340 }).percent).toBe(100);
  });
});
