import type { NextFunction, RequestHandler, Response } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import type { AccountRequestLimits } from '../config/server-limits';
import { logs } from '../lib/logs';
import { takeLease, type Lease } from '../quotas/account-leases';
import { AccountPlaces, NoPlace, type GiveBack } from '../quotas/account-places';
import { requireCaller, type ApiRequest } from './request-context';

export const ACCOUNT_BUSY_MESSAGE = 'Your account has too many requests under way at once. Wait a few seconds, then try again.';
/** When a refused request may try again: the requests ahead of it take seconds at most. */
export const ACCOUNT_BUSY_RETRY_SECONDS = 5;

/**
 * In front of the costly routes (search, Ask, exports, uploads, re-analysis, new projects and interviews):
 * one account's requests take a place in this instance (at most `inFlight` running, `queued` waiting, for at
 * most `queueWaitSeconds`), then a lease over every instance (at most `inFlight` running in all). Past
 * either, 429 with Retry-After at once: a burst from one account is refused fast, and other accounts'
 * requests never wait behind it. One gate per API app, shared by its routers.
 */
export function accountGate(db: Firestore, limits: AccountRequestLimits): RequestHandler {
  const places = new AccountPlaces({ running: limits.inFlight, queued: limits.queued, waitMs: limits.queueWaitSeconds * 1000 });
  return async (req: ApiRequest, res: Response, next: NextFunction) => {
    const { uid } = requireCaller(req);
    const ended = whenEnded(res);
    const giveBack = await placeFor(places, uid, ended.signal);
    if (!giveBack) return next(accountBusy());
    let lease: Lease;
    try {
      lease = await takeLease(db, uid, limits.inFlight);
    } catch (err) {
      giveBack();
      throw err;
    }
    if (!lease.admitted) {
      giveBack();
      logs.accountBusy(uid, 'leases-taken');
      return next(accountBusy());
    }
    let finished: Promise<void> | undefined;
    // The place is given back once the lease is gone, so the next in line counts right.
    const finish = () => (finished ??= lease.release().catch((err: unknown) => logs.leaseNotReleased(uid, err)).finally(giveBack));
    releaseBeforeAnswering(res, finish);
    ended.onEnd(() => void finish());
    next();
  };
}

/**
 * The answer leaves once `finish` is done: a caller who waits for its answers never finds its own finished
 * requests still holding leases (six uploads after six reservations are six, not twelve), and no delete is left
 * for after the answer, when Cloud Functions may no longer give the instance a CPU.
 */
function releaseBeforeAnswering(res: Response, finish: () => Promise<void>) {
  const end = res.end;
  res.end = function (this: Response, ...args: unknown[]) {
    void finish().then(() => (end as (...a: unknown[]) => Response).apply(this, args));
    return this;
  } as Response['end'];
}

/** The response's end (sent, or the caller hung up): a signal for waiting, and a hook that runs even when it already came. */
function whenEnded(res: Response): { signal: AbortSignal; onEnd: (run: () => void) => void } {
  const ended = new AbortController();
  res.once('close', () => ended.abort());
  return {
    signal: ended.signal,
    onEnd: (run) => (ended.signal.aborted ? run() : ended.signal.addEventListener('abort', run, { once: true })),
  };
}

/** A place in this instance, or null (logged) when there is none; a caller who hangs up stops waiting. */
async function placeFor(places: AccountPlaces, uid: string, ended: AbortSignal): Promise<GiveBack | null> {
  try {
    return await places.take(uid, ended);
  } catch (err) {
    if (!(err instanceof NoPlace)) throw err;
    logs.accountBusy(uid, err.reason);
    return null;
  }
}

function accountBusy(): AppError {
  return new AppError('too-many', ACCOUNT_BUSY_MESSAGE, ACCOUNT_BUSY_RETRY_SECONDS);
}
