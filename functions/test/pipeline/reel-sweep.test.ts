import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REEL_LEASE_MS, REEL_MESSAGES, REEL_QUEUE_WAIT_MS } from '@verbatim/contract/reel';
import { sweepLapsedReels } from '../../src/clips/reel-sweep';
import { logs } from '../../src/lib/logs';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { testRecordingStore } from '../support/recording-store';

/**
 * The stuck-document sweep's part for reels, against the Firestore emulator: a reel it fails is logged with why (a
 * rendering past its lease, or a reel past its queue's wait), and is counted and said to be failed even when what its
 * dead task left of the file cannot be deleted at that moment (the reel's own deletion deletes it later).
 */

const projectId = 'reel-sweep-project';

beforeEach(async () => {
  await clearFirestore();
  vi.restoreAllMocks();
});

describe('the reel sweep', () => {
  it('counts and logs a reel it failed as failed even when its partial file cannot be deleted now', async () => {
    const ref = adminDb().doc(`projects/${projectId}/reels/dead`);
    await ref.set({ title: 'Reel', clipIds: ['c'], documentIds: ['d'], finding: null, insightId: null, theme: null, status: 'rendering', progress: 0.4, seconds: 0, error: null, createdAt: new Date(0), updatedAt: new Date(Date.now() - REEL_LEASE_MS - 1000) });
    const store = testRecordingStore();
    store.deletePrefix = async () => {
      throw new Error('storage unavailable');
    };
    const failed = vi.spyOn(logs, 'reelFailed');

    expect(await sweepLapsedReels({ db: adminDb(), store })).toBe(1);
    expect((await ref.get()).data()).toMatchObject({ status: 'failed', error: REEL_MESSAGES.stopped });
    expect(failed.mock.calls.map((call) => call[2])).toEqual([expect.stringMatching(/gave no news past its lease; its partial file not deleted: storage unavailable/)]);
  });

  it('logs a reel failed while still waiting in its queue as one that waited past the queue’s wait, not as a rendering', async () => {
    const ref = adminDb().doc(`projects/${projectId}/reels/waited`);
    await ref.set({ title: 'Reel', clipIds: ['c'], documentIds: ['d'], finding: null, insightId: null, theme: null, status: 'queued', progress: 0, seconds: 0, error: null, createdAt: new Date(0), updatedAt: new Date(Date.now() - REEL_QUEUE_WAIT_MS - 1000) });
    const failed = vi.spyOn(logs, 'reelFailed');

    expect(await sweepLapsedReels({ db: adminDb(), store: testRecordingStore() })).toBe(1);
    expect((await ref.get()).data()).toMatchObject({ status: 'failed', error: REEL_MESSAGES.stopped });
    expect(failed.mock.calls.map((call) => call[2])).toEqual(['it waited in its queue past the queue’s wait']);
  });
});
