import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { createApiApp } from './api/app';
import { functionSecrets, serverConfig } from './config/server-config';
import { defaultFileStore } from './storage/file-store';
import { defaultRecordingStore } from './storage/recording-store';

// Wiring only: each export is a deployed function; the work lives in the modules it calls.
setGlobalOptions({ region: 'us-central1', maxInstances: 20 });
initializeApp();

let apiApp: ReturnType<typeof createApiApp> | undefined;
function getApiApp() {
  // Read and checked once: a missing or malformed setting is named in the first request's error.
  const config = serverConfig();
  apiApp ??= createApiApp({
    db: getFirestore(),
    auth: getAuth(),
    files: defaultFileStore(config.storageAvailable),
    recordings: defaultRecordingStore(config),
    config,
  });
  return apiApp;
}

export const api = onRequest(
  { memory: '1GiB', timeoutSeconds: 300, secrets: functionSecrets('geminiApiKey', 'stripeSecretKey', 'stripeWebhookSecret') },
  (req, res) => getApiApp()(req, res),
);

export { onInterviewDeleted, onInterviewUpdated } from './triggers/on-interview-written';
export { onInsightWritten, onProjectUpdated } from './triggers/on-project-content-written';
export { onUploadFinalized } from './triggers/on-upload-finalized';
export { sweepStuckDocuments } from './triggers/sweep-stuck-interviews';
export { transcribeRecording } from './triggers/transcribe-recording-task';
export { renderReel } from './triggers/render-reel-task';
