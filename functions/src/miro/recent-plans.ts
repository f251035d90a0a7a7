import type { MiroBoardPlan } from './miro-board-plan';

/**
 * The Miro plans this instance made lately, by owner, project and plan id, so that a push's next steps reuse the
 * plan its first step made instead of reading every transcript of the project again. A step that finds nothing
 * here (another instance, or too long ago) makes the plan afresh, and a project changed since is then refused.
 */
export interface RecentPlans {
  remember(uid: string, projectId: string, plan: MiroBoardPlan): void;
  recall(uid: string, projectId: string, planId: string): MiroBoardPlan | null;
}

export function recentPlans({ ttlMs = 15 * 60_000, max = 20, now = Date.now }: { ttlMs?: number; max?: number; now?: () => number } = {}): RecentPlans {
  // In insertion order: the first entry is the oldest.
  const plans = new Map<string, { plan: MiroBoardPlan; expires: number }>();
  const keyOf = (uid: string, projectId: string, planId: string) => `${uid}/${projectId}/${planId}`;
  return {
    remember(uid, projectId, plan) {
      const key = keyOf(uid, projectId, plan.planId);
      plans.delete(key);
      plans.set(key, { plan, expires: now() + ttlMs });
      for (const [oldest, entry] of plans) {
        if (plans.size <= max && entry.expires > now()) break;
        plans.delete(oldest);
      }
    },
    recall(uid, projectId, planId) {
      const key = keyOf(uid, projectId, planId);
      const entry = plans.get(key);
      if (!entry) return null;
      if (entry.expires <= now()) {
        plans.delete(key);
        return null;
      }
      return entry.plan;
    },
  };
}
