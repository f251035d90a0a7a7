/**
 * The server's one configuration, read and checked in one place: the limits (server-limits.ts),
 * Gemini, Stripe, and the addresses of the services it calls. `readServerConfig` is pure and
 * names every missing or malformed setting in one error; `serverConfig()` reads the process's
 * settings once (secrets through `defineSecret(...).value()`) and the wiring passes the parts to
 * the handlers as dependencies.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineSecret, defineString } from 'firebase-functions/params';
import { PLACEHOLDER_PRICE_ID } from '@verbatim/contract/billing';
import { DEFAULT_GEMINI_MODEL } from '../analysis/gemini/options';
import { thinkingProblem } from '../analysis/gemini/model-thinking';
import { readServerLimits, type ServerLimits } from './server-limits';

/** Secret Manager secrets, bound only to the functions that need them (see `functionSecrets`). */
export const secrets = {
  geminiApiKey: defineSecret('GEMINI_API_KEY'),
  stripeSecretKey: defineSecret('STRIPE_SECRET_KEY'),
  stripeWebhookSecret: defineSecret('STRIPE_WEBHOOK_SECRET'),
};

/** Deploy-time parameters with their defaults. */
export const params = {
  geminiModel: defineString('GEMINI_MODEL', { default: DEFAULT_GEMINI_MODEL }),
  stripeSoloPriceId: defineString('STRIPE_SOLO_PRICE_ID', { default: PLACEHOLDER_PRICE_ID }),
  appBaseUrl: defineString('APP_BASE_URL', { default: 'http://127.0.0.1:5000' }),
};

/** The model when GEMINI_MODEL is not set (why this one: analysis/gemini/options.ts). */
export { DEFAULT_GEMINI_MODEL };
/** Google's address for the Drive v3 API. */
export const DEFAULT_DRIVE_API_BASE = 'https://www.googleapis.com';
/** Miro's address for the REST API. */
export const DEFAULT_MIRO_API_BASE = 'https://api.miro.com';

export interface GeminiSettings {
  apiKey: string;
  model: string;
  /** Another Gemini API address (the tests' stand-in). */
  baseUrl?: string;
}

export interface BillingSettings {
  secretKey: string;
  webhookSecret: string;
  soloPriceId: string;
  appBaseUrl: string;
  /** Another Stripe API address (the tests' stand-in), e.g. http://127.0.0.1:9312. */
  apiBase?: string;
}

export interface ServerConfig {
  limits: ServerLimits;
  /** Null without a key: projects then use the built-in analyser and Ask answers extractively. */
  gemini: GeminiSettings | null;
  /** Null without Stripe's keys: the billing routes answer 503. */
  billing: BillingSettings | null;
  driveApiBase: string;
  miroApiBase: string;
  /** Where browsers upload: Cloud Storage where it runs; through the API on emulators without it. */
  uploadVia: 'storage' | 'api';
  /** Cloud Storage can be reached: always in production; on the emulators only with the Storage emulator. */
  storageAvailable: boolean;
  /** Running on the local emulators. */
  emulated: boolean;
  /**
   * Where recordings are kept when Cloud Storage cannot be reached (the emulators): `RECORDINGS_DIR`, by default
   * `verbatim-recordings` in the machine's temporary folder, so `npm start` and the tests share it.
   */
  recordingsDir: string;
}

type Env = Record<string, string | undefined>;

/** The configuration from `env`; throws one error naming every setting that is missing or malformed. */
export function readServerConfig(env: Env): ServerConfig {
  const problems: string[] = [];
  const text = (name: string): string | undefined => env[name]?.trim() || undefined;
  const address = (name: string, fallback?: string): string | undefined => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    if (!isHttpUrl(raw)) {
      problems.push(`${name}=${JSON.stringify(raw)} must be an http(s) address`);
      return fallback;
    }
    return raw.replace(/\/+$/, '');
  };

  let limits: ServerLimits;
  try {
    limits = readServerLimits(env);
  } catch (err) {
    problems.push((err as Error).message.replace(/^Invalid server limits: /, '').replace(/\.$/, ''));
    limits = readServerLimits({});
  }

  const geminiKey = text('GEMINI_API_KEY');
  const geminiBase = address('GEMINI_BASE_URL');
  const gemini: GeminiSettings | null = geminiKey
    ? { apiKey: geminiKey, model: text('GEMINI_MODEL') ?? DEFAULT_GEMINI_MODEL, ...(geminiBase ? { baseUrl: geminiBase } : {}) }
    : null;
  // A thinking setting the model cannot honour is named at start, not met as Google's 400 on every call.
  const thinking = gemini && thinkingProblem(gemini.model, limits.gemini.thinkingBudget);
  if (thinking) problems.push(`GEMINI_MODEL=${JSON.stringify(gemini.model)} with GEMINI_THINKING_BUDGET=${limits.gemini.thinkingBudget}: ${thinking.replace(/\.$/, '')}`);

  const stripeKey = text('STRIPE_SECRET_KEY');
  const webhookSecret = text('STRIPE_WEBHOOK_SECRET');
  if (stripeKey && !webhookSecret) problems.push('STRIPE_WEBHOOK_SECRET is missing (STRIPE_SECRET_KEY is set; billing needs both)');
  if (webhookSecret && !stripeKey) problems.push('STRIPE_SECRET_KEY is missing (STRIPE_WEBHOOK_SECRET is set; billing needs both)');
  const soloPriceId = text('STRIPE_SOLO_PRICE_ID') ?? PLACEHOLDER_PRICE_ID;
  if (!/^price_[A-Za-z0-9_]+$/.test(soloPriceId)) problems.push(`STRIPE_SOLO_PRICE_ID=${JSON.stringify(soloPriceId)} must be a Stripe price id (price_…)`);
  const appBaseUrl = address('APP_BASE_URL', 'http://127.0.0.1:5000')!;
  const stripeApiBase = address('STRIPE_API_BASE');
  const billing: BillingSettings | null =
    stripeKey && webhookSecret
      ? { secretKey: stripeKey, webhookSecret, soloPriceId, appBaseUrl, ...(stripeApiBase ? { apiBase: stripeApiBase } : {}) }
      : null;

  const emulated = env.FUNCTIONS_EMULATOR === 'true';
  const uploadViaSetting = text('UPLOAD_VIA');
  if (uploadViaSetting !== undefined && uploadViaSetting !== 'api' && uploadViaSetting !== 'storage') {
    problems.push(`UPLOAD_VIA=${JSON.stringify(uploadViaSetting)} must be "api" or "storage"`);
  }
  const storageAvailable = !emulated || Boolean(text('FIREBASE_STORAGE_EMULATOR_HOST'));
  const uploadVia = uploadViaSetting === 'api' || uploadViaSetting === 'storage' ? uploadViaSetting : storageAvailable ? 'storage' : 'api';

  const config: ServerConfig = {
    limits,
    gemini,
    billing,
    driveApiBase: address('DRIVE_API_BASE', DEFAULT_DRIVE_API_BASE)!,
    miroApiBase: address('MIRO_API_BASE', DEFAULT_MIRO_API_BASE)!,
    uploadVia,
    storageAvailable,
    emulated,
    recordingsDir: text('RECORDINGS_DIR') ?? defaultRecordingsDir(),
  };
  if (problems.length > 0) throw new Error(`Invalid server configuration: ${problems.join('; ')}.`);
  return config;
}

/** The recordings folder the emulated functions and the tests share when `RECORDINGS_DIR` is not set. */
export function defaultRecordingsDir(): string {
  return join(tmpdir(), 'verbatim-recordings');
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

let current: ServerConfig | undefined;

/**
 * The process's configuration, read once: the environment, with secrets and parameters through
 * their `defineSecret`/`defineString` values (on the emulators, from the environment as well).
 */
export function serverConfig(): ServerConfig {
  current ??= readServerConfig({
    ...process.env,
    GEMINI_API_KEY: secretValue(secrets.geminiApiKey),
    STRIPE_SECRET_KEY: secretValue(secrets.stripeSecretKey),
    STRIPE_WEBHOOK_SECRET: secretValue(secrets.stripeWebhookSecret),
    GEMINI_MODEL: process.env.GEMINI_MODEL || params.geminiModel.value(),
    STRIPE_SOLO_PRICE_ID: process.env.STRIPE_SOLO_PRICE_ID || params.stripeSoloPriceId.value(),
    APP_BASE_URL: process.env.APP_BASE_URL || params.appBaseUrl.value(),
  });
  return current;
}

/** A secret's value; an unset one is simply absent (the feature it enables is then off). */
function secretValue(secret: { name: string; value(): string }): string | undefined {
  return process.env[secret.name] === undefined ? undefined : secret.value();
}

/**
 * The secrets a function declares. The emulator would ask Secret Manager for a declared secret missing from
 * functions/.secret.local, so there they come from the environment instead (tests point at local stand-ins).
 */
export function functionSecrets(...names: (keyof typeof secrets)[]) {
  return process.env.FUNCTIONS_EMULATOR === 'true' ? [] : names.map((name) => secrets[name]);
}
