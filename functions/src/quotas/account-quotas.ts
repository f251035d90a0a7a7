import type { Firestore } from 'firebase-admin/firestore';
import type { AccountQuotas } from '../config/server-limits';
import { AppError } from '@verbatim/contract/app-error';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { readAccountUsage, withAccountUsage, type AccountUsage } from './account-usage';
import { countInWindow, secondsUntilWindowCloses, windowAfterEvent } from './fixed-window';

/**
 * The per-account quotas (limits in config/server-limits.ts): projects held, interviews waiting for
 * their file, files the parser refused per hour. Each refusal is an AppError `too-many` (HTTP 429)
 * whose message says what the limit is and what to do. Counting quotas are checked inside the
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

export function projectsQuotaMessage(limit: number): string {
  return `An account can hold ${limit} projects. Delete a project you no longer need to start a new one.`;
}

export function uploadsWaitingQuotaMessage(limit: number): string {
  return `${limit} interviews are already waiting for their files. Let those uploads finish (or remove them), then add more.`;
}

export function rejectedUploadsQuotaMessage(limit: number, seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${limit} of your files could not be read in the last hour. Check that your files are transcripts in a supported format, then try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

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

/** The same check without a transaction, before parsing a file: the refusal, or null. */
export async function rejectedUploadsRefusal(db: Firestore, uid: string, quotas: AccountQuotas, now: Date): Promise<AppError | null> {
  try {
    assertRejectedUploadsAllowed(await readAccountUsage(db, uid), quotas, now);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

/** Counts one file the parser refused. */
export function recordRejectedUpload(db: Firestore, uid: string, now: Date): Promise<void> {
  return withAccountUsage(db, uid, async (_tx, usage) => ({
    result: undefined,
    windows: { [REJECTED_UPLOADS_WINDOW]: windowAfterEvent(usage.windows[REJECTED_UPLOADS_WINDOW], now.getTime(), HOUR_MS) },
  }));
}

export const ASKS_WINDOW = 'asks';

export function asksQuotaMessage(limit: number, seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `You have asked ${limit} questions in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}; search works meanwhile.`;
}

/** Counts one question asked of the account's research, refusing (429) once the hour's quota is reached. */
export function recordAsk(db: Firestore, uid: string, quotas: AccountQuotas, now: Date): Promise<void> {
  return withAccountUsage(db, uid, async (_tx, usage) => {
    const window = usage.windows[ASKS_WINDOW];
    const wait = secondsUntilWindowCloses(window, now.getTime(), HOUR_MS);
    assertUnderQuota(countInWindow(window, now.getTime(), HOUR_MS), quotas.asksPerHour, asksQuotaMessage(quotas.asksPerHour, wait), wait);
    return { result: undefined, windows: { [ASKS_WINDOW]: windowAfterEvent(window, now.getTime(), HOUR_MS) } };
  });
}
