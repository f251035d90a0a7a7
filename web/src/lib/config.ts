/**
 * The client's validated configuration, read once from Vite's build-time environment.
 * A `demo-*` project (the default) talks to the local emulators and needs no other setting; a
 * real project must name its web app settings, and a missing one stops the app with its name.
 * No secret belongs here: everything in this file ends up in the public bundle.
 */
export interface ClientConfig {
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    storageBucket: string;
    messagingSenderId?: string;
    appId?: string;
    measurementId?: string;
  };
  useEmulators: boolean;
  apiBase: string;
  feedbackUrl: string;
}

type Env = Record<string, string | undefined>;

export const DEMO_PROJECT_ID = 'demo-verbatim';

export function readConfig(env: Env): ClientConfig {
  const projectId = env.VITE_FIREBASE_PROJECT_ID?.trim() || DEMO_PROJECT_ID;
  const demo = projectId.startsWith('demo-');
  if (!demo) {
    const required = ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_AUTH_DOMAIN', 'VITE_FIREBASE_APP_ID'];
    const missing = required.filter((name) => !env[name]?.trim());
    if (missing.length > 0) {
      throw new Error(`Missing configuration for project ${projectId}: ${missing.join(', ')}`);
    }
  }
  return {
    firebase: {
      apiKey: env.VITE_FIREBASE_API_KEY?.trim() || 'demo-api-key',
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN?.trim() || `${projectId}.firebaseapp.com`,
      projectId,
      storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET?.trim() || `${projectId}.appspot.com`,
      messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID?.trim() || undefined,
      appId: env.VITE_FIREBASE_APP_ID?.trim() || undefined,
      measurementId: env.VITE_FIREBASE_MEASUREMENT_ID?.trim() || undefined,
    },
    useEmulators: demo || env.VITE_USE_EMULATORS === 'true',
    apiBase: (env.VITE_API_BASE?.trim() || '/api').replace(/\/+$/, ''),
    feedbackUrl: env.VITE_FEEDBACK_URL?.trim() || 'mailto:feedback@verbatim.app?subject=Verbatim%20feedback',
  };
}

export const config: ClientConfig = readConfig(import.meta.env as unknown as Env);
