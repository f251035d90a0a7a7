import type { Firestore } from 'firebase-admin/firestore';
import { buildExportModel } from '../exports/export-model';
import { loadExportSource } from '../exports/load-export-source';
import { ownedProject } from '../projects/ownership';
import { planMiroBoard, type MiroBoardPlan } from './miro-board-plan';
import type { RecentPlans } from './recent-plans';

/**
 * The Miro plan of a project's board, for a push in steps: a new push plans the project as it is
 * now (an owner's only) and remembers the plan; each later step uses the plan its push began with
 * when this instance still holds it (the owner checked again), else plans afresh.
 */
export function projectBoardPlans(db: Firestore, plans: RecentPlans) {
  async function fresh(uid: string, projectId: string): Promise<MiroBoardPlan> {
    const plan = planMiroBoard(buildExportModel(await loadExportSource(db, uid, projectId)));
    plans.remember(uid, projectId, plan);
    return plan;
  }

  async function ofPush(uid: string, projectId: string, planId: string): Promise<MiroBoardPlan> {
    const recalled = plans.recall(uid, projectId, planId);
    if (!recalled) return fresh(uid, projectId);
    await ownedProject(db, uid, projectId);
    return recalled;
  }

  return { fresh, ofPush };
}
