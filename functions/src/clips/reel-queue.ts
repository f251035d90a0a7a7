import { getFunctions } from 'firebase-admin/functions';
import { REEL_TASK_SECONDS } from '@verbatim/contract/reel';

/** A reel to render: the task's whole payload. */
export interface ReelJob {
  projectId: string;
  reelId: string;
}

/** The task queue function's name (its export in index.ts), and so its queue's. */
export const REEL_TASK_FUNCTION = 'renderReel';

/** The job a task carries, or null when it is not one. */
export function readReelJob(data: unknown): ReelJob | null {
  const job = data as Partial<ReelJob> | null;
  const id = /^[A-Za-z0-9_-]{1,128}$/;
  return job && typeof job.projectId === 'string' && id.test(job.projectId) && typeof job.reelId === 'string' && id.test(job.reelId) ? { projectId: job.projectId, reelId: job.reelId } : null;
}

/** Where reels are queued to be rendered. */
export interface ReelQueue {
  enqueue(job: ReelJob): Promise<void>;
}

/** Cloud Tasks through the Admin SDK (on the emulators, the Cloud Tasks emulator beside the Functions emulator). */
export function cloudTasksReelQueue(): ReelQueue {
  return {
    async enqueue(job) {
      try {
        await getFunctions().taskQueue<ReelJob>(REEL_TASK_FUNCTION).enqueue(job, { id: `reel-${job.projectId}-${job.reelId}`, dispatchDeadlineSeconds: REEL_TASK_SECONDS });
      } catch (err) {
        if ((err as { code?: unknown }).code === 'functions/task-already-exists') return;
        throw err;
      }
    },
  };
}
