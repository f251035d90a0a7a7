import { describe, expect, it } from 'vitest';
import type { MiroBoardPlan } from '../../../src/miro/miro-board-plan';
import { recentPlans } from '../../../src/miro/recent-plans';

const plan = (planId: string) => ({ planId, boardName: planId, boardDescription: '', frames: [], stickies: [] }) as MiroBoardPlan;

describe('recent Miro plans', () => {
  it('gives a plan back to its owner and project only, by its plan id', () => {
    const plans = recentPlans();
    plans.remember('ann', 'p1', plan('a'));
    expect(plans.recall('ann', 'p1', 'a')?.planId).toBe('a');
    expect(plans.recall('bob', 'p1', 'a')).toBeNull();
    expect(plans.recall('ann', 'p2', 'a')).toBeNull();
    expect(plans.recall('ann', 'p1', 'b')).toBeNull();
  });

  it('forgets a plan after its time, and the oldest past the limit', () => {
    let clock = 0;
    const plans = recentPlans({ ttlMs: 1000, max: 2, now: () => clock });
    plans.remember('ann', 'p1', plan('a'));
    clock = 999;
    expect(plans.recall('ann', 'p1', 'a')).not.toBeNull();
    clock = 1000;
    expect(plans.recall('ann', 'p1', 'a')).toBeNull();
    plans.remember('ann', 'p1', plan('b'));
    plans.remember('ann', 'p1', plan('c'));
    plans.remember('ann', 'p1', plan('d'));
    expect(['b', 'c', 'd'].map((id) => plans.recall('ann', 'p1', id) !== null)).toEqual([false, true, true]);
  });
});
