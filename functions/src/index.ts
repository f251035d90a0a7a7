import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { createApiApp } from './api/app';
import { billingSecrets, readBillingSettings } from './billing/billing-config';
import { analysisSecrets, readGeminiSettings } from './insights/analyser-config';
import { defaultFileStore } from './storage/file-store';

// Wiring only: each export is a deployed function; the work lives in the modules it calls.
setGlobalOptions({ region: 'us-central1', maxInstances: 20 });
initializeApp();

let apiApp: ReturnType<typeof createApiApp> | undefined;
function getApiApp() {
  apiApp ??= createApiApp({
    db: getFirestore(),
    auth: getAuth(),
    files: defaultFileStore(),
    uploadVia: uploadVia(),
    geminiConfigured: () => readGeminiSettings() !== null,
    geminiSettings: readGeminiSettings,
    billingSettings: readBillingSettings,
  });
  return apiApp;
}

export const api = onRequest(
  { memory: '1GiB', timeoutSeconds: 300, secrets: [...analysisSecrets(), ...billingSecrets()] },
  (req, res) => getApiApp()(req, res),
);

export { onInterviewDeleted, onInterviewUpdated } from './triggers/on-interview-written';
export { onInsightWritten, onProjectUpdated } from './triggers/on-project-content-written';
export { onUploadFinalized } from './triggers/on-upload-finalized';
export { sweepStuckDocuments } from './triggers/sweep-stuck-documents';

/** Browsers upload to Cloud Storage where it runs; on emulators without it, through the API. */
function uploadVia(): 'storage' | 'api' {
  if (process.env.UPLOAD_VIA === 'api' || process.env.UPLOAD_VIA === 'storage') return process.env.UPLOAD_VIA;
  return storageAvailable() ? 'storage' : 'api';
}

function storageAvailable(): boolean {
  return process.env.FUNCTIONS_EMULATOR !== 'true' || Boolean(process.env.FIREBASE_STORAGE_EMULATOR_HOST);
}
