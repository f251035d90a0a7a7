import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REEL_LEASE_MS, REEL_MESSAGES } from '@verbatim/contract/reel';
import { sweepLapsedReels } from '../../src/clips/reel-sweep';
import { logs } from '../../src/lib/logs';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { testRecordingStore } from '../support/recording-store';

/**
 * The stuck-document sweep's part for reels, against the Firestore emulator: a reel it fails is counted and said to be
 * failed even when what its dead task left of the file cannot be deleted at that moment (the reel's own deletion
 * deletes it later).
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
});
