import type { DocumentData, Firestore, FirestoreDataConverter, QueryDocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { oneAtATimePerAccount } from './account-places';
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
  /**
   * Files being read now, by interview id: until when the place is held (milliseconds since the epoch). Each may
   * yet be refused, so they count against the hour's refused files until reading ends; a place whose reader
   * crashed lapses at its time.
   */
  reading: Record<string, number>;
  updatedAt: Date | null;
}

/** What a transaction on the usage record changes: windows by name (merged), and the files being read (replaced). */
export interface UsageChange<T> {
  result: T;
  windows?: Record<string, WindowCount>;
  reading?: Record<string, number>;
}

/**
 * How long a place held for work under way (a file being read, a costly request's lease) counts: longer than any
 * function may run (the `api` function and the upload trigger: 300 s), so only an instance that crashed leaves one
 * behind, and then for this long.
 */
export const HELD_AT_MOST_MS = 6 * 60_000;

const EMPTY_USAGE: AccountUsage = { windows: {}, reading: {}, updatedAt: null };

const usageConverter: FirestoreDataConverter<AccountUsage> = {
  toFirestore: (usage) => usage as unknown as DocumentData,
  fromFirestore: (snap: QueryDocumentSnapshot) => {
    const data = snap.data();
    const windows: Record<string, WindowCount> = {};
    for (const [name, w] of Object.entries((data.windows ?? {}) as Record<string, Partial<WindowCount>>)) {
      if (typeof w?.start === 'number' && typeof w?.count === 'number') windows[name] = { start: w.start, count: w.count };
    }
    const reading: Record<string, number> = {};
    for (const [id, until] of Object.entries((data.reading ?? {}) as Record<string, unknown>)) {
      if (typeof until === 'number') reading[id] = until;
    }
    return { windows, reading, updatedAt: data.updatedAt?.toDate?.() ?? null };
  },
};

export function accountUsageRef(db: Firestore, uid: string) {
  return db.collection(COLLECTIONS.accountUsage).doc(uid).withConverter(usageConverter);
}

/**
 * Runs `work` in a transaction holding the account's usage record (reads first, as Firestore
 * requires: `work` may read more, then write). `work` returns the windows to store, if any changed,
 * and the files being read, when that changed.
 */
export function withAccountUsage<T>(
  db: Firestore,
  uid: string,
  work: (tx: Transaction, usage: AccountUsage) => Promise<UsageChange<T>>,
): Promise<T> {
  const ref = accountUsageRef(db, uid);
  return oneAtATimePerAccount(db, uid, () =>
    db.runTransaction(
      async (tx) => {
        const usage = (await tx.get(ref)).data() ?? EMPTY_USAGE;
        const { result, windows, reading } = await work(tx, usage);
        tx.set(ref, { windows: { ...usage.windows, ...windows }, reading: reading ?? usage.reading, updatedAt: new Date() });
        return result;
      },
      { maxAttempts: 50 },
    ),
  );
}

