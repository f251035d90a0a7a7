import type { Firestore } from 'firebase-admin/firestore';
import type { AccountQuotas } from '../config/server-limits';
import { AppError } from '@verbatim/contract/app-error';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { HELD_AT_MOST_MS, withAccountUsage, type AccountUsage } from './account-usage';
import { countInWindow, secondsUntilWindowCloses, windowAfterEvent, type WindowCount } from './fixed-window';
import {
  asksQuotaMessage,
  exportsQuotaMessage,
  FILES_BEING_READ_MESSAGE,
  projectsQuotaMessage,
  reanalysesQuotaMessage,
  rejectedUploadsQuotaMessage,
  searchesQuotaMessage,
  uploadsWaitingQuotaMessage,
} from './quota-messages';

/**
 * The per-account quotas (limits in config/server-limits.ts): projects held, interviews waiting for
 * their file, files the parser refused per hour, and the costly uses counted per minute or hour
 * (questions asked, searches, exports, re-analyses). Each refusal is an AppError `too-many` (HTTP 429)
 * whose message (quota-messages.ts) says what the limit is and what to do. Counting quotas are checked inside the
 * transaction that adds to them (see withAccountUsage); windowed ones are stored on the account's
 * usage record.
 *
 * The counts are read outside the transaction, while it holds the account's usage record. Every
 * addition to a counted collection goes through that record, so two additions for one account are
 * serialised by it and the second counts the first. A count query inside the transaction would lock
 * the whole query range instead: on the emulator the whole collection, so every other account's new
 * project or interview waited on it (twelve accounts at once took up to 20 s and five attempts each).
 */

const HOUR_MS = 3_600_000;
export const REJECTED_UPLOADS_WINDOW = 'rejectedUploads';

/** Refuses (429) when `used` has reached `limit`. */
export function assertUnderQuota(used: number, limit: number, message: string, retryAfterSeconds?: number): void {
  if (used >= limit) throw new AppError('too-many', message, retryAfterSeconds);
}

/** Within `withAccountUsage`: refuses a new project when the account holds its quota already. */
export async function assertCanAddProject(db: Firestore, uid: string, quotas: AccountQuotas): Promise<void> {
  const owned = (await db.collection(COLLECTIONS.projects).where('ownerId', '==', uid).count().get()).data().count;
  assertUnderQuota(owned, quotas.projects, projectsQuotaMessage(quotas.projects));
}

/** Within `withAccountUsage`: refuses a new upload while the account has its quota of interviews waiting for files. */
export async function assertCanAddWaitingUpload(db: Firestore, uid: string, quotas: AccountQuotas): Promise<void> {
  const waiting = db.collectionGroup(COLLECTIONS.documents).where('ownerId', '==', uid).where('status', '==', 'uploading');
  const count = (await waiting.count().get()).data().count;
  assertUnderQuota(count, quotas.uploadsWaiting, uploadsWaitingQuotaMessage(quotas.uploadsWaiting));
}

/** Refuses (429) while the account's refused files in the current hour have reached the quota. */
export function assertRejectedUploadsAllowed(usage: AccountUsage, quotas: AccountQuotas, now: Date): void {
  const window = usage.windows[REJECTED_UPLOADS_WINDOW];
  const used = countInWindow(window, now.getTime(), HOUR_MS);
  const wait = secondsUntilWindowCloses(window, now.getTime(), HOUR_MS);
  assertUnderQuota(used, quotas.rejectedUploadsPerHour, rejectedUploadsQuotaMessage(quotas.rejectedUploadsPerHour, wait), wait);
}

/** How long a file's place among those being read is held (a reader that crashed leaves it that long). */
export const FILE_READING_MS = HELD_AT_MOST_MS;
/** When to try again after the places were taken by files being read (they take seconds each). */
const FILES_BEING_READ_RETRY_SECONDS = 60;

/**
 * Before a file is read: takes its place among the account's files being read, in the transaction that
 * checks the quota. Every file being read may still be refused, so the hour's refused files and the files
 * being read together stay under the quota; many files read at once cannot overshoot it. Answers the
 * refusal (429, with when to try again), or null with the place held until `finishReadingFile`.
 */
export async function startReadingFile(db: Firestore, uid: string, documentId: string, quotas: AccountQuotas, now: Date): Promise<AppError | null> {
  const at = now.getTime();
  return withAccountUsage(db, uid, async (_tx, usage) => {
    const reading = readingAt(usage, at, documentId);
    const window = usage.windows[REJECTED_UPLOADS_WINDOW];
    const refused = countInWindow(window, at, HOUR_MS);
    const limit = quotas.rejectedUploadsPerHour;
    if (refused >= limit) {
      const wait = secondsUntilWindowCloses(window, at, HOUR_MS);
      return { result: new AppError('too-many', rejectedUploadsQuotaMessage(limit, wait), wait), reading };
    }
    if (refused + Object.keys(reading).length >= limit) {
      return { result: new AppError('too-many', FILES_BEING_READ_MESSAGE, FILES_BEING_READ_RETRY_SECONDS), reading };
    }
    return { result: null, reading: { ...reading, [documentId]: at + FILE_READING_MS } };
  });
}

/** After a file was read: gives its place back and, when the parser refused it, counts it in the hour's refused files. */
export function finishReadingFile(db: Firestore, uid: string, documentId: string, refused: boolean, now: Date): Promise<void> {
  const at = now.getTime();
  return withAccountUsage(db, uid, async (_tx, usage) => ({
    result: undefined,
    reading: readingAt(usage, at, documentId),
    windows: refused ? { [REJECTED_UPLOADS_WINDOW]: windowAfterEvent(usage.windows[REJECTED_UPLOADS_WINDOW], at, HOUR_MS) } : undefined,
  }));
}

/** The places still held at `at`, without `documentId`'s (a lapsed place is a reader that crashed). */
function readingAt(usage: AccountUsage, at: number, documentId: string): Record<string, number> {
  return Object.fromEntries(Object.entries(usage.reading).filter(([id, until]) => id !== documentId && until > at));
}

/** A quota counted in a fixed window stored on the account's usage record. */
export interface WindowedQuota {
  /** Its name in `AccountUsage.windows`. */
  window: string;
  windowMs: number;
  limit: (quotas: AccountQuotas) => number;
  /** The refusal: what the limit is and when to try again. */
  message: (limit: number, seconds: number) => string;
}

export const ASKS: WindowedQuota = { window: 'asks', windowMs: HOUR_MS, limit: (q) => q.asksPerHour, message: asksQuotaMessage };
export const SEARCHES: WindowedQuota = { window: 'searches', windowMs: 60_000, limit: (q) => q.searchesPerMinute, message: searchesQuotaMessage };
export const EXPORTS: WindowedQuota = { window: 'exports', windowMs: HOUR_MS, limit: (q) => q.exportsPerHour, message: exportsQuotaMessage };
export const REANALYSES: WindowedQuota = { window: 'reanalyses', windowMs: HOUR_MS, limit: (q) => q.reanalysesPerHour, message: reanalysesQuotaMessage };

/**
 * Within `withAccountUsage`: the windows with one more use of `quota` at `now`, or a refusal (429 with
 * Retry-After) once the window's quota is used up. Counted in the transaction that admits the work, so
 * requests at once cannot overshoot.
 */
export function countUse(usage: AccountUsage, quota: WindowedQuota, quotas: AccountQuotas, now: Date): Record<string, WindowCount> {
  const window = usage.windows[quota.window];
  const at = now.getTime();
  const limit = quota.limit(quotas);
  const wait = secondsUntilWindowCloses(window, at, quota.windowMs);
  assertUnderQuota(countInWindow(window, at, quota.windowMs), limit, quota.message(limit, wait), wait);
  return { [quota.window]: windowAfterEvent(window, at, quota.windowMs) };
}

/** Counts one use of `quota` in a transaction of its own, refusing (429) once the window's quota is used up. */
export function recordUse(db: Firestore, uid: string, quota: WindowedQuota, quotas: AccountQuotas, now: Date): Promise<void> {
  return withAccountUsage(db, uid, async (_tx, usage) => ({ result: undefined, windows: countUse(usage, quota, quotas, now) }));
}
