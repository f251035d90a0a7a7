import { getFirestore } from 'firebase-admin/firestore';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { serverConfig } from '../config/server-config';
import { REEL_TASK_SECONDS } from '@verbatim/contract/reel';
import { readReelJob } from '../clips/reel-queue';
import { handleReelTask } from '../clips/reel-service';
import { defaultRecordingStore } from '../storage/recording-store';

// A highlight reel rendered with ffmpeg, queued when the researcher made it (clips/reel-service.ts): ten minutes at
// most, four at once. A second delivery of a task does nothing. Each task is tried once: every failure the handler
// sees marks the reel failed with its sentence, leaving a retry nothing to do; and a rendering that died with its
// instance (out of time or memory) would most likely die again, the researcher watching "rendering" ten more minutes.
// Such a reel reads as stopped on both sides once its lease lapses (contract/src/reel.ts `reelRenderingLapsed`).
export const renderReel = onTaskDispatched(
  {
    retryConfig: { maxAttempts: 1 },
    rateLimits: { maxConcurrentDispatches: 4, maxDispatchesPerSecond: 2 },
    timeoutSeconds: REEL_TASK_SECONDS,
    memory: '1GiB',
  },
  async (request) => {
    const job = readReelJob(request.data);
    if (!job) return;
    const config = serverConfig();
    await handleReelTask(job, { db: getFirestore(), store: defaultRecordingStore(config), storageLimit: config.limits.quotas.clipStorageBytes });
  },
);
