import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { HELD_AT_MOST_MS } from './account-usage';

/**
 * Leases over every instance: how many of one account's costly requests run at once, wherever they run.
 * A request that finds fewer than `limit` live leases writes one (`accountUsage/{uid}/running/{id}`,
 * server-only) stamped with its commit time, then reads the account's first `limit` live leases in
 * that order: it may run when its own is among them. Every lease committed before it is seen by that
 * read, so the count is exact without a transaction, and requests of one account never wait on each
 * other's locks (in a burst most are told "no" after one read). A refused request deletes its lease at
 * once, a finished one when it ends; a lease whose instance crashed stops counting after LEASE_MS (a
 * Firestore TTL policy on `expiresAt` deletes it).
 */

/** How long a lease counts: longer than any request may run, so only a crashed instance leaves one that long. */
export const LEASE_MS = HELD_AT_MOST_MS;

export interface Lease {
  admitted: boolean;
  /** Deletes the lease (already done for a refused one). */
  release: () => Promise<void>;
}

const REFUSED: Lease = { admitted: false, release: async () => undefined };

export async function takeLease(db: Firestore, uid: string, limit: number, now = new Date()): Promise<Lease> {
  const running = db.collection(COLLECTIONS.accountUsage).doc(uid).collection('running');
  const first = running
    .where('at', '>', Timestamp.fromMillis(now.getTime() - LEASE_MS))
    .orderBy('at')
    .limit(limit)
    .select();
  // In a burst most requests find every place leased already: refused in one read, without a lease of their own.
  if ((await first.get()).size >= limit) return REFUSED;
  const ref = running.doc();
  await ref.create({ at: FieldValue.serverTimestamp(), expiresAt: new Date(now.getTime() + LEASE_MS) });
  const release = async () => {
    await ref.delete();
  };
  const admitted = (await first.get()).docs.some((d) => d.id === ref.id);
  if (!admitted) await release();
  return { admitted, release };
}
