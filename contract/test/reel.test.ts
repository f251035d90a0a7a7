import { describe, expect, it } from 'vitest';
import { REEL_LEASE_MS, REEL_QUEUE_WAIT_MS, REEL_TASK_SECONDS, reelFromData, reelRenderingLapsed } from '../src/reel';

const at = new Date('2026-03-03T10:00:00Z');
/** Each SDK passes its own Timestamp reading (null for what is not one); here a stored ISO string stands for it. */
const toDate = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);

describe('a stored reel', () => {
  it('is read with its timestamps, a missing one as the epoch, an unknown status as queued', () => {
    const reel = reelFromData('r1', { title: 'Exports', clipIds: ['c1', 3], status: 'weird', createdAt: at.toISOString() }, toDate);
    expect(reel).toMatchObject({ id: 'r1', title: 'Exports', clipIds: ['c1'], status: 'queued', createdAt: at, updatedAt: new Date(0) });
  });

  it('whose rendering has had no news for longer than its task can run has died with its task', () => {
    expect(REEL_LEASE_MS).toBeGreaterThan(REEL_TASK_SECONDS * 1000);
    const now = at.getTime() + REEL_LEASE_MS + 1;
    expect(reelRenderingLapsed({ status: 'rendering', updatedAt: at }, now)).toBe(true);
    expect(reelRenderingLapsed({ status: 'rendering', updatedAt: at }, now - 2)).toBe(false);
    expect(reelRenderingLapsed({ status: 'ready', updatedAt: at }, now)).toBe(false);
    expect(reelRenderingLapsed({ status: 'failed', updatedAt: at }, now)).toBe(false);
  });

  it('still waiting in its queue behind other reels is alive far longer than a rendering: its task is gone only past the queue’s wait', () => {
    expect(REEL_QUEUE_WAIT_MS).toBeGreaterThan(REEL_LEASE_MS * 4);
    expect(reelRenderingLapsed({ status: 'queued', updatedAt: at }, at.getTime() + REEL_LEASE_MS + 1)).toBe(false);
    expect(reelRenderingLapsed({ status: 'queued', updatedAt: at }, at.getTime() + REEL_QUEUE_WAIT_MS - 1)).toBe(false);
    expect(reelRenderingLapsed({ status: 'queued', updatedAt: at }, at.getTime() + REEL_QUEUE_WAIT_MS + 1)).toBe(true);
  });
});
