import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { REEL_LEASE_MS, REEL_MESSAGES, REEL_QUEUE_WAIT_MS, reelRenderingLapsed } from '@verbatim/contract/reel';
import { logs } from '../lib/logs';
import type { RecordingStore } from '../storage/recording-store';
import { reelConverter, reelPrefix } from './reel-refs';

export interface ReelSweepDeps {
  db: Firestore;
  store: RecordingStore;
  now?: Date;
  /** How long a rendering is taken to be alive without news (default: the task's length and its grace). */
  leaseMs?: number;
  /** How long a reel may wait in its queue (default REEL_QUEUE_WAIT_MS). */
  queueWaitMs?: number;
  /** Most reels failed in one run (default 200); the next run takes the rest. */
  limit?: number;
}

/**
 * Reels whose task is gone (a rendering killed out of time or memory, no news since its lease lapsed; or a reel still
 * waiting in its queue past the queue's wait) are failed
 * with the sentence that says so, and any part of a file their task left is deleted. Run with the stuck-document sweep
 * (triggers/sweep-stuck-interviews.ts). Each reel is read again in a transaction: one that moved on is left alone.
 * Answers how many reels it failed.
 */
export async function sweepLapsedReels(deps: ReelSweepDeps): Promise<number> {
  const { db, store } = deps;
  const now = deps.now ?? new Date();
  const leaseMs = deps.leaseMs ?? REEL_LEASE_MS;
  const queueWaitMs = deps.queueWaitMs ?? REEL_QUEUE_WAIT_MS;
  // A rendering past its lease, and a reel waiting in its queue past the queue's wait, each by its own bound (a reel
  // can wait behind other accounts' reels far longer than one renders). Needs the collection-group index
  // reels(status, updatedAt) in firestore.indexes.json.
  const quietSince = (status: 'queued' | 'rendering', ms: number) =>
    db
      .collectionGroup(COLLECTIONS.reels)
      .withConverter(reelConverter)
      .where('status', '==', status)
      .where('updatedAt', '<', new Date(now.getTime() - ms))
      .orderBy('updatedAt')
      .limit(deps.limit ?? 200)
      .get();
  const lapsed = (await Promise.all([quietSince('rendering', leaseMs), quietSince('queued', queueWaitMs)])).flatMap((found) => found.docs);
  let failed = 0;
  for (const snap of lapsed) {
    const projectId = snap.ref.parent.parent!.id;
    try {
      // The status it was failed from, or null when it moved on meanwhile.
      const stopped = await db.runTransaction(async (tx) => {
        const reel = (await tx.get(snap.ref)).data();
        if (!reel || !reelRenderingLapsed(reel, now.getTime(), leaseMs, queueWaitMs)) return null;
        tx.update(snap.ref, { status: 'failed', error: REEL_MESSAGES.stopped, updatedAt: now });
        return reel.status;
      });
      if (!stopped) continue;
      failed += 1;
      // Failed now: a part of its file that cannot be deleted at this moment goes when the reel is deleted.
      const left = await store.deletePrefix(reelPrefix(projectId, snap.id)).then(
        () => '',
        (err: unknown) => `; its partial file not deleted: ${messageOf(err)}`,
      );
      const why = stopped === 'queued' ? 'it waited in its queue past the queue’s wait' : 'its rendering gave no news past its lease';
      logs.reelFailed(projectId, snap.id, `${why}${left}`);
    } catch (err) {
      // One reel that cannot be failed now does not hold up the others; the next run tries again.
      logs.reelFailed(projectId, snap.id, `not swept: ${messageOf(err)}`);
    }
  }
  return failed;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));
