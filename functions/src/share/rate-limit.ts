/**
 * A small fixed-window limit per key (the caller's IP), kept in the instance's memory: enough to
 * make guessing tokens slow and cheap for us; each instance counts on its own.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the request is allowed. */
  take(key: string): boolean {
    const t = this.now();
    const current = this.windows.get(key);
    if (!current || t - current.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.sweep(t);
      this.windows.set(key, { start: t, count: 1 });
      return true;
    }
    current.count++;
    return current.count <= this.limit;
  }

  /** Seconds until `key` may try again. */
  retryAfter(key: string): number {
    const current = this.windows.get(key);
    return current ? Math.max(1, Math.ceil((current.start + this.windowMs - this.now()) / 1000)) : 0;
  }

  private sweep(t: number) {
    for (const [key, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(key);
  }
}
