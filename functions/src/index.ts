import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { createApiApp } from './api/app';

// Wiring only: each export is a deployed function; the work lives in the modules it calls.
setGlobalOptions({ region: 'us-central1', maxInstances: 20 });

let apiApp: ReturnType<typeof createApiApp> | undefined;
function getApiApp() {
  if (!apiApp) {
    initializeApp();
    apiApp = createApiApp({ db: getFirestore(), auth: getAuth() });
  }
  return apiApp;
}

export const api = onRequest({ memory: '512MiB', timeoutSeconds: 120 }, (req, res) => getApiApp()(req, res));
