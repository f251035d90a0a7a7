import { describe, expect, it } from 'vitest';
import { countInWindow, secondsUntilWindowCloses, windowAfterEvent, type WindowCount } from '../../../src/quotas/fixed-window';

const HOUR = 3_600_000;

describe('a fixed window of an hour', () => {
  it('counts events from its start until its end, then starts again', () => {
    let window: WindowCount | undefined;
    for (let i = 0; i < 3; i++) window = windowAfterEvent(window, 1_000 + i, HOUR);
    expect(window).toEqual({ start: 1_000, count: 3 });
    expect(countInWindow(window, 1_000 + HOUR - 1, HOUR)).toBe(3);
    expect(secondsUntilWindowCloses(window, 1_000 + HOUR - 60_000, HOUR)).toBe(60);
    expect(countInWindow(window, 1_000 + HOUR, HOUR)).toBe(0);
    expect(windowAfterEvent(window, 1_000 + HOUR, HOUR)).toEqual({ start: 1_000 + HOUR, count: 1 });
  });

  it('a request whose clock reads before the window opened is counted in it, and never resets the count', () => {
    // 60 asks counted; the next request read its clock 1 ms before another request opened the window.
    const full: WindowCount = { start: 1_000_000, count: 60 };
    expect(countInWindow(full, 999_999, HOUR)).toBe(60);
    expect(windowAfterEvent(full, 999_999, HOUR)).toEqual({ start: 1_000_000, count: 61 });
    expect(secondsUntilWindowCloses(full, 999_999, HOUR)).toBe(3_600);
  });
});
