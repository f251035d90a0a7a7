import type { DocumentData, Firestore, FirestoreDataConverter, QueryDocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { oneAtATimePerAccount } from '../credits/credit-ledger';
import { COLLECTIONS } from '@verbatim/contract/constants';
import type { WindowCount } from './fixed-window';

/**
 * `accountUsage/{uid}`: what an account has used of its windowed quotas (server-only; the rules deny
 * every client). The record is also the account's lock: a quota check runs in a transaction that
 * reads it and writes it, so concurrent requests of one account are serialised by Firestore and a
 * quota cannot be overshot by sending many requests at once.
 */
export interface AccountUsage {
  /** Fixed windows by quota name (e.g. `rejectedUploads`); issue-specific quotas add their own names. */
  windows: Record<string, WindowCount>;
  updatedAt: Date | null;
}

const usageConverter: FirestoreDataConverter<AccountUsage> = {
  toFirestore: (usage) => usage as unknown as DocumentData,
  fromFirestore: (snap: QueryDocumentSnapshot) => {
    const data = snap.data();
    const windows: Record<string, WindowCount> = {};
    for (const [name, w] of Object.entries((data.windows ?? {}) as Record<string, Partial<WindowCount>>)) {
      if (typeof w?.start === 'number' && typeof w?.count === 'number') windows[name] = { start: w.start, count: w.count };
    }
    return { windows, updatedAt: data.updatedAt?.toDate?.() ?? null };
  },
};

export function accountUsageRef(db: Firestore, uid: string) {
  return db.collection(COLLECTIONS.accountUsage).doc(uid).withConverter(usageConverter);
}

/**
 * Runs `work` in a transaction holding the account's usage record (reads first, as Firestore
 * requires: `work` may read more, then write). `work` returns the windows to store, if any changed.
 */
export function withAccountUsage<T>(
  db: Firestore,
  uid: string,
  work: (tx: Transaction, usage: AccountUsage) => Promise<{ result: T; windows?: Record<string, WindowCount> }>,
): Promise<T> {
  const ref = accountUsageRef(db, uid);
  return oneAtATimePerAccount(db, uid, () =>
    db.runTransaction(
      async (tx) => {
        const usage = (await tx.get(ref)).data() ?? { windows: {}, updatedAt: null };
        const { result, windows } = await work(tx, usage);
        tx.set(ref, { windows: { ...usage.windows, ...windows }, updatedAt: new Date() });
        return result;
      },
      { maxAttempts: 50 },
    ),
  );
}

/** The usage record as it is (no lock), for a quick check before expensive work. */
export async function readAccountUsage(db: Firestore, uid: string): Promise<AccountUsage> {
  return (await accountUsageRef(db, uid).get()).data() ?? { windows: {}, updatedAt: null };
}
