/**
 * Places for one account's costly requests in this instance's memory: at most `running` at once, then at
 * most `queued` waiting in line (first come, first served), each for at most `waitMs`. A request past
 * them is refused at once, so a burst from one account is turned away in microseconds and never makes
 * another account's requests wait. Pure (timers only): the instance's API wires it (api/account-gate.ts).
 * Each instance counts on its own; the leases in Firestore (account-leases.ts) hold the running ones to
 * the same number over all instances. The same line, one at a time and without a limit, keeps one account's
 * profile transactions in this process from aborting each other (`oneAtATimePerAccount`).
 */

export interface PlaceLimits {
  /** Requests of one account running at once. */
  running: number;
  /** Requests of one account waiting for a place. */
  queued: number;
  /** How long a request may wait for its place (Infinity: as long as it takes). */
  waitMs: number;
}

/** Why a request got no place: the line was full, it waited too long, or its caller went away. */
export type NoPlaceReason = 'line-full' | 'waited-too-long' | 'caller-gone';

export class NoPlace extends Error {
  override readonly name = 'NoPlace';

  constructor(readonly reason: NoPlaceReason) {
    super(`No place for the request: ${reason}`);
  }
}

interface Waiter {
  admit: () => void;
}

interface AccountLine {
  running: number;
  waiting: Waiter[];
}

/** Gives a place back; calling it again does nothing. */
export type GiveBack = () => void;

export class AccountPlaces {
  private readonly lines = new Map<string, AccountLine>();

  constructor(private readonly limits: PlaceLimits) {}

  /**
   * A place for one of `account`'s requests: at once while fewer than `running` hold one, else after those
   * ahead in line. Rejects with NoPlace when the line is full, when the wait runs out or when `signal` aborts.
   */
  take(account: string, signal?: AbortSignal): Promise<GiveBack> {
    const line = this.lines.get(account) ?? { running: 0, waiting: [] };
    this.lines.set(account, line);
    if (line.running < this.limits.running) {
      line.running += 1;
      return Promise.resolve(this.giveBack(account, line));
    }
    if (line.waiting.length >= this.limits.queued || signal?.aborted) return Promise.reject(new NoPlace(signal?.aborted ? 'caller-gone' : 'line-full'));
    return new Promise((resolve, reject) => {
      const leave = (reason: NoPlaceReason) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const at = line.waiting.indexOf(waiter);
        if (at >= 0) line.waiting.splice(at, 1);
        this.forgetIfIdle(account, line);
        reject(new NoPlace(reason));
      };
      const onAbort = () => leave('caller-gone');
      const timer = Number.isFinite(this.limits.waitMs) ? setTimeout(() => leave('waited-too-long'), this.limits.waitMs) : undefined;
      timer?.unref?.();
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(this.giveBack(account, line));
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      line.waiting.push(waiter);
    });
  }

  /** How many of `account`'s requests run and wait now. */
  load(account: string): { running: number; waiting: number } {
    const line = this.lines.get(account);
    return { running: line?.running ?? 0, waiting: line?.waiting.length ?? 0 };
  }

  /** Accounts with a request running or waiting (the memory this holds). */
  get accounts(): number {
    return this.lines.size;
  }

  /** The place goes to the first in line, if any (it stays taken), else it is free. */
  private giveBack(account: string, line: AccountLine): GiveBack {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = line.waiting.shift();
      if (next) return next.admit();
      line.running -= 1;
      this.forgetIfIdle(account, line);
    };
  }

  private forgetIfIdle(account: string, line: AccountLine) {
    if (line.running === 0 && line.waiting.length === 0 && this.lines.get(account) === line) this.lines.delete(account);
  }
}

const oneAtATime = new WeakMap<object, AccountPlaces>();

/**
 * Runs `work` (a transaction on the account's profile) once the previous one for the same account in
 * this process has settled, first come first served, with no limit on the line. Concurrent uploads of
 * one account otherwise hold read locks on the same profile document and abort each other's
 * transactions: 100 at once took over two minutes on the emulator, past the API's time limit. The
 * transaction still guards against other instances. `scope` is the Firestore the work writes to.
 */
export async function oneAtATimePerAccount<T>(scope: object, uid: string, work: () => Promise<T>): Promise<T> {
  let places = oneAtATime.get(scope);
  if (!places) oneAtATime.set(scope, (places = new AccountPlaces({ running: 1, queued: Infinity, waitMs: Infinity })));
  const giveBack = await places.take(uid);
  try {
    return await work();
  } finally {
    giveBack();
  }
}
