import { transcriptionTaskId, type TranscriptionJob } from '../../src/recordings/transcription-job';
import type { TranscriptionQueue } from '../../src/recordings/transcription-queue';

/**
 * A queue that keeps the jobs it is given, one per task id as Cloud Tasks does (queuing one again adds nothing); or,
 * not `reachable`, one that refuses every job (Cloud Tasks down, or the functions' account not allowed to enqueue).
 */
export function keptQueue({ reachable = true } = {}): TranscriptionQueue & { jobs: TranscriptionJob[] } {
  const jobs: TranscriptionJob[] = [];
  return {
    jobs,
    async enqueue(job) {
      if (!reachable) throw new Error('Cloud Tasks could not be reached.');
      if (!jobs.some((j) => transcriptionTaskId(j) === transcriptionTaskId(job))) jobs.push(job);
    },
  };
}
