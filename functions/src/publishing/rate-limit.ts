import { countInWindow, secondsUntilWindowCloses, windowAfterEvent, type WindowCount } from '../quotas/fixed-window';

/**
 * A small fixed-window limit per key (a caller's address), kept in the instance's memory: enough to
 * make guessing tokens slow and cheap for us; each instance counts on its own. It remembers at most
 * `maxKeys` keys: when full it forgets closed windows, then the oldest ones, so a flood of distinct
 * (forged) keys costs a bounded amount of memory.
 */
export class RateLimiter {
  private readonly windows = new Map<string, WindowCount>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the request is allowed. */
  take(key: string): boolean {
    const t = this.now();
    const current = this.windows.get(key);
    const next = windowAfterEvent(current, t, this.windowMs);
    if (next.count === 1) {
      // A new window goes to the end, so the map stays ordered by window start (oldest first).
      this.windows.delete(key);
      this.makeRoom(t);
    }
    this.windows.set(key, next);
    return next.count <= this.limit;
  }

  /** Seconds until `key` may try again. */
  retryAfter(key: string): number {
    return secondsUntilWindowCloses(this.windows.get(key), this.now(), this.windowMs);
  }

  /** How many keys are remembered now. */
  get size(): number {
    return this.windows.size;
  }

  /** Keys are in window-start order: forget closed windows from the front, and the oldest open ones while still full. */
  private makeRoom(t: number) {
    for (const [key, w] of this.windows) {
      if (this.windows.size < this.maxKeys && countInWindow(w, t, this.windowMs) > 0) break;
      this.windows.delete(key);
    }
  }
}
