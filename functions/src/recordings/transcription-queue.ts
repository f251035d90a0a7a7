import { getFunctions } from 'firebase-admin/functions';
import { TRANSCRIPTION_TASK_FUNCTION, TRANSCRIPTION_TASK_SECONDS, transcriptionTaskId, type TranscriptionJob } from './transcription-job';

/** Where a recording's transcription is queued (transcription-job.ts). */
export interface TranscriptionQueue {
  /** Queues the interview's transcription. Queuing the same interview again is not an error and adds nothing. */
  enqueue(job: TranscriptionJob): Promise<void>;
}

/**
 * The task queue of Cloud Functions through the Admin SDK: Cloud Tasks in production; on the emulators, the Cloud Tasks
 * emulator the Functions emulator starts beside itself (it sets `CLOUD_TASKS_EMULATOR_HOST` for the functions).
 */
export function cloudTasksTranscriptionQueue(): TranscriptionQueue {
  return {
    async enqueue(job) {
      try {
        await getFunctions()
          .taskQueue<TranscriptionJob>(TRANSCRIPTION_TASK_FUNCTION)
          .enqueue({ projectId: job.projectId, documentId: job.documentId }, { id: transcriptionTaskId(job), dispatchDeadlineSeconds: TRANSCRIPTION_TASK_SECONDS });
      } catch (err) {
        // Queued already (a repeated trigger or request): the task that is there does the work.
        if ((err as { code?: unknown }).code === 'functions/task-already-exists') return;
        throw err;
      }
    },
  };
}
