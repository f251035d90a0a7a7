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
  /** A `demo-*` project: emulators, demo data and local stand-ins instead of outside services. */
  demo: boolean;
  /**
   * VITE_MARKETING_MEASUREMENT_ID: a GA4 measurement id (G-…) of its own for the landing pages'
   * page views, besides the app's analytics. Unset → off.
   */
  marketingMeasurementId?: string;
  /**
   * VITE_CONTACT_FORM_URL: an outside form-collection endpoint the Team/Enterprise contact form
   * posts to instead of Verbatim's own `POST /api/contact` (the default, with or without emulators).
   */
  contactFormUrl?: string;
  /** VITE_CONTACT_EMAIL: the address the contact form's failure alert offers instead. */
  contactEmail: string;
  /**
   * Importing transcripts from Google Drive (the Picker, signed in with Google Identity Services):
   * VITE_GOOGLE_API_KEY (a browser key restricted to the Picker API and the app's address) and
   * VITE_GOOGLE_CLIENT_ID (the OAuth web client id). Both are public identifiers, not secrets.
   * Null, and the "Import from Google Drive" button hidden, when VITE_DRIVE_IMPORT is 'false'
   * (default 'true') or either value is missing, as on a demo project.
   */
  drive: { apiKey: string; clientId: string } | null;
}

type Env = Record<string, string | undefined>;

export const DEMO_PROJECT_ID = 'demo-verbatim';
export const DEFAULT_CONTACT_EMAIL = 'hello@verbatim.app';

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
  const invalid = [
    checkSetting(env, 'VITE_MARKETING_MEASUREMENT_ID', (v) => /^G-[A-Z0-9]+$/.test(v), 'a GA4 measurement id (G-…)'),
    checkSetting(env, 'VITE_CONTACT_FORM_URL', isHttpUrl, 'an http(s) address'),
    checkSetting(env, 'VITE_CONTACT_EMAIL', (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'an email address'),
    checkSetting(env, 'VITE_DRIVE_IMPORT', (v) => v === 'true' || v === 'false', "'true' or 'false'"),
    checkSetting(env, 'VITE_GOOGLE_API_KEY', (v) => /^[A-Za-z0-9_-]+$/.test(v), 'a Google API key (letters, digits, - and _)'),
    checkSetting(env, 'VITE_GOOGLE_CLIENT_ID', (v) => /^[A-Za-z0-9-]+\.apps\.googleusercontent\.com$/.test(v), 'an OAuth client id (….apps.googleusercontent.com)'),
  ].filter((problem): problem is string => problem !== null);
  if (invalid.length > 0) throw new Error(`Invalid configuration: ${invalid.join('; ')}`);
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
    demo,
    marketingMeasurementId: env.VITE_MARKETING_MEASUREMENT_ID?.trim() || undefined,
    contactFormUrl: env.VITE_CONTACT_FORM_URL?.trim() || undefined,
    contactEmail: env.VITE_CONTACT_EMAIL?.trim() || DEFAULT_CONTACT_EMAIL,
    drive: readDriveSettings(env),
  };
}

/** The Drive import's settings: switched on (the default) with both a Google API key and an OAuth client id. */
function readDriveSettings(env: Env): ClientConfig['drive'] {
  const apiKey = env.VITE_GOOGLE_API_KEY?.trim();
  const clientId = env.VITE_GOOGLE_CLIENT_ID?.trim();
  if (env.VITE_DRIVE_IMPORT?.trim() === 'false' || !apiKey || !clientId) return null;
  return { apiKey, clientId };
}

/** Null when the optional setting is absent or valid; else what is wrong with it, by name. */
function checkSetting(env: Env, name: string, valid: (value: string) => boolean, expected: string): string | null {
  const value = env[name]?.trim();
  if (!value || valid(value)) return null;
  return `${name} must be ${expected} (got "${value}")`;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export const config: ClientConfig = readConfig(import.meta.env as unknown as Env);
