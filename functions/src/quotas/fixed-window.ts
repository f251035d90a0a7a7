/**
 * A fixed-window count: how many times something happened since `start`, for windows of `windowMs`.
 * Pure; shared by the in-memory rate limiter and the per-account quotas stored in Firestore.
 *
 * A `now` before the window's start belongs to that window: requests take their time before the
 * transaction that counts them, so one that read the clock first may be counted after another has
 * opened the window. Only the window's end closes it, never an early clock.
 */
export interface WindowCount {
  /** When the window opened, in milliseconds since the epoch. */
  start: number;
  count: number;
}

/** The count that still applies at `now` (0 once the window has closed). */
export function countInWindow(window: WindowCount | undefined, now: number, windowMs: number): number {
  return window && now < window.start + windowMs ? window.count : 0;
}

/** The window after one more event at `now`: the same window counted up, or a new one. */
export function windowAfterEvent(window: WindowCount | undefined, now: number, windowMs: number): WindowCount {
  return window && countInWindow(window, now, windowMs) > 0 ? { start: window.start, count: window.count + 1 } : { start: now, count: 1 };
}

/** Whole seconds until the window closes (at least 1 while it is open, at most the window's length). */
export function secondsUntilWindowCloses(window: WindowCount | undefined, now: number, windowMs: number): number {
  if (!window || countInWindow(window, now, windowMs) === 0) return 0;
  return Math.min(Math.ceil(windowMs / 1000), Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)));
}
