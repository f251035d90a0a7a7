import type { Firestore } from 'firebase-admin/firestore';
import { AppError, OUT_OF_CREDITS_MESSAGE } from '@verbatim/contract/app-error';
import { profileRef } from '../users/profile-store';
import { canStartInterview, type CreditAccount } from './credit-policy';

/** Reads the caller's account; a missing profile counts as an empty one. */
export async function readAccount(db: Firestore, uid: string): Promise<CreditAccount> {
  const profile = (await profileRef(db, uid).get()).data();
  return { creditsRemaining: profile?.creditsRemaining ?? 0, subscriptionActive: profile?.subscriptionActive ?? false };
}

/** Refuses (402) before any upload when the account cannot start an interview. */
export async function assertCanStartInterview(db: Firestore, uid: string): Promise<CreditAccount> {
  const account = await readAccount(db, uid);
  if (!canStartInterview(account)) throw new AppError('payment-required', OUT_OF_CREDITS_MESSAGE);
  return account;
}

const accountQueues = new WeakMap<Firestore, Map<string, Promise<void>>>();

/**
 * Runs `work` (a transaction on the account's profile) once the previous one for the same account in
 * this process has settled. Concurrent uploads of one account otherwise hold read locks on the same
 * profile document and abort each other's transactions: 100 at once took over two minutes on the
 * emulator, past the API's time limit. The transaction still guards against other instances.
 */
export function oneAtATimePerAccount<T>(db: Firestore, uid: string, work: () => Promise<T>): Promise<T> {
  let queues = accountQueues.get(db);
  if (!queues) accountQueues.set(db, (queues = new Map()));
  const run = (queues.get(uid) ?? Promise.resolve()).then(work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(uid, settled);
  void settled.then(() => {
    if (queues.get(uid) === settled) queues.delete(uid);
  });
  return run;
}

