import { createHash } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { logs } from '../lib/logs';

/**
 * One fixed-window limit per key (a visitor) held across every instance of the function: the window's count lives in
 * Firestore (`rateLimits/{scope}.{hash of the key}.{window}`), and an instance takes its requests from it in leases
 * of `lease` at a time (one transaction per lease), so the requests all instances let through in a window never pass
 * `limit`, plus at most `free` per instance: a visitor's first `free` requests of a window on an instance pass at
 * once, counted into the shared window without waiting (the cheap path of a page's first requests). Once the window is
 * used up, the instance remembers it and refuses without asking Firestore until the window closes. The key is stored
 * hashed (never a visitor's address); `expiresAt` has a TTL policy (firestore.indexes.json) that deletes closed windows.
 *
 * Where Firestore cannot be reached, the instance's own count decides (the per-instance limit the caller keeps in
 * front of this one), and the log says so.
 */

export interface SharedLimitSettings {
  /** Names the limit, so two limits never share a count. */
  scope: string;
  limit: number;
  windowMs: number;
  /** Requests an instance takes from the shared count at once. */
  lease: number;
  /** A key's first requests of a window on an instance that pass without waiting for Firestore. */
  free: number;
  /** Keys an instance remembers at most (the oldest windows are forgotten first). */
  maxKeys: number;
}

export const RATE_LIMITS_COLLECTION = 'rateLimits';

interface LocalWindow {
  window: number;
  /** Requests leased from the shared count and not yet used. */
  tokens: number;
  freeUsed: number;
  /** The shared window is used up: refuse until it closes. */
  exhausted: boolean;
  /** A lease being taken: requests meanwhile wait for it rather than take another. */
  leasing: Promise<void> | null;
}

export class SharedRateLimiter {
  private readonly local = new Map<string, LocalWindow>();

  constructor(
    private readonly db: Firestore,
    readonly settings: SharedLimitSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `key`: 0 when it may pass, else the seconds until its window closes. */
  async take(key: string): Promise<number> {
    const t = this.now();
    const window = Math.floor(t / this.settings.windowMs);
    const retryAfter = () => Math.max(1, Math.ceil(((window + 1) * this.settings.windowMs - this.now()) / 1000));
    const state = this.windowOf(key, window);
    for (;;) {
      if (state.exhausted) return retryAfter();
      if (state.tokens > 0) {
        state.tokens -= 1;
        return 0;
      }
      if (state.freeUsed < this.settings.free) {
        state.freeUsed += 1;
        void this.docOf(key, window)
          .set({ count: FieldValue.increment(1), expiresAt: this.expiry(window) }, { merge: true })
          .catch((err: unknown) => logs.sharedRateLimitUnavailable(this.settings.scope, err));
        return 0;
      }
      if (!state.leasing) {
        state.leasing = this.lease(key, window, state).finally(() => {
          state.leasing = null;
        });
      }
      try {
        await state.leasing;
      } catch (err) {
        logs.sharedRateLimitUnavailable(this.settings.scope, err);
        return 0;
      }
    }
  }

  /** How many keys are remembered now. */
  get size(): number {
    return this.local.size;
  }

  private async lease(key: string, window: number, state: LocalWindow): Promise<void> {
    const ref = this.docOf(key, window);
    const granted = await this.db.runTransaction(async (tx) => {
      const count = Number((await tx.get(ref)).data()?.count ?? 0);
      const grant = Math.min(this.settings.lease, this.settings.limit - count);
      if (grant <= 0) return 0;
      tx.set(ref, { count: count + grant, expiresAt: this.expiry(window) }, { merge: true });
      return grant;
    });
    if (granted <= 0) state.exhausted = true;
    else state.tokens += granted;
  }

  private windowOf(key: string, window: number): LocalWindow {
    const current = this.local.get(key);
    if (current && current.window === window) return current;
    this.local.delete(key);
    // The map keeps insertion order, oldest window first: forget from the front when full.
    for (const [old, w] of this.local) {
      if (this.local.size < this.settings.maxKeys && w.window === window) break;
      this.local.delete(old);
    }
    const fresh: LocalWindow = { window, tokens: 0, freeUsed: 0, exhausted: false, leasing: null };
    this.local.set(key, fresh);
    return fresh;
  }

  private docOf(key: string, window: number) {
    const hashed = createHash('sha256').update(key).digest('base64url').slice(0, 32);
    return this.db.collection(RATE_LIMITS_COLLECTION).doc(`${this.settings.scope}.${hashed}.${window}`);
  }

  private expiry(window: number): Date {
    return new Date((window + 2) * this.settings.windowMs);
  }
}
