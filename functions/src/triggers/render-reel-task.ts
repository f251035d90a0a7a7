import { getFirestore } from 'firebase-admin/firestore';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { serverConfig } from '../config/server-config';
import { readReelJob, REEL_TASK_SECONDS } from '../clips/reel-queue';
import { handleReelTask } from '../clips/reel-service';
import { defaultRecordingStore } from '../storage/recording-store';

// A highlight reel rendered with ffmpeg, queued when the researcher made it (clips/reel-service.ts): ten minutes at
// most, four at once. A second delivery of a task does nothing; a reel whose rendering died says so on its record.
export const renderReel = onTaskDispatched(
  {
    retryConfig: { maxAttempts: 2, minBackoffSeconds: 30 },
    rateLimits: { maxConcurrentDispatches: 4, maxDispatchesPerSecond: 2 },
    timeoutSeconds: REEL_TASK_SECONDS,
    memory: '1GiB',
  },
  async (request) => {
    const job = readReelJob(request.data);
    if (!job) return;
    await handleReelTask(job, { db: getFirestore(), store: defaultRecordingStore(serverConfig()) });
  },
);
