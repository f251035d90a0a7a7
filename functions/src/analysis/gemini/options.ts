/**
 * Options of the Gemini analyser and their defaults.
 *
 * Default model: `gemini-3.8-flash`, the newest generally available (stable) Flash model of the Gemini API when this
 * was written (released 2026-09-02, no shutdown date announced). `gemini-2.5-flash` — the usual example — is past its
 * announced shutdown (June–October 2026 on Google's deprecations page), and `*-preview` models can change or
 * disappear at short notice. The wiring passes the model from a param, so switching needs no code change.
 */
import { AnalysisError } from '@verbatim/contract/insight';

export const DEFAULT_GEMINI_MODEL = 'gemini-3.8-flash';
export const DEFAULT_TIMEOUT_MS = 180_000;
export const DEFAULT_MAX_CONCURRENCY = 3;
export const DEFAULT_MAX_RETRIES = 3;
/** An interview up to this many words goes in one call (server-limits.ts: GEMINI_SINGLE_CALL_WORDS). */
export const DEFAULT_CHUNK_WORDS = 100_000;
/** Tokens the model may think (server-limits.ts: GEMINI_THINKING_BUDGET). */
export const DEFAULT_THINKING_BUDGET = 4_096;
/** Tokens of one answer, thinking included (server-limits.ts: GEMINI_MAX_OUTPUT_TOKENS). */
export const DEFAULT_MAX_OUTPUT_TOKENS = 32_768;

export interface GeminiAnalyserOptions {
  /** The Gemini API key (from `defineSecret` in the wiring; sent only as the `x-goog-api-key` header). */
  apiKey: string;
  /** Model id, e.g. `gemini-3.8-flash` (default `DEFAULT_GEMINI_MODEL`). */
  model?: string;
  /** Base URL of the Gemini API (a local stand-in in tests); the SDK's default endpoint when absent. */
  baseUrl?: string;
  /** Time allowed for one generateContent call, in ms (default 180 s); a timed-out call is asked once more. */
  timeoutMs?: number;
  /** Chunks analysed at the same time (default 3). */
  maxConcurrency?: number;
  /** Retries of one call on HTTP 429/500/502/503/504 or a network error (default 3). */
  maxRetries?: number;
  /** Words up to which an interview is sent in one call; a longer one goes in parts of about this size (default 100,000). */
  chunkWords?: number;
  /** Thinking budget of each call, in tokens (default 4,096; 0 turns thinking off). */
  thinkingBudget?: number;
  /** Tokens one answer may have, thinking included (default 32,768). */
  maxOutputTokens?: number;
  /** Replace emails, phone numbers and names before anything is sent (default false). */
  redactPii?: boolean;
  /** Waits between retries; injectable so tests run fast. */
  sleep?: (ms: number) => Promise<void>;
  /** Source of jitter in [0, 1); injectable for deterministic tests. */
  random?: () => number;
}

export interface ResolvedGeminiOptions {
  apiKey: string;
  model: string;
  baseUrl: string | undefined;
  timeoutMs: number;
  maxConcurrency: number;
  maxRetries: number;
  chunkWords: number;
  thinkingBudget: number;
  maxOutputTokens: number;
  redactPii: boolean;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function positiveInteger(name: string, value: number | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) {
    throw new AnalysisError('internal', `The Gemini analyser option ${name} must be an integer of at least ${min}, got ${value}.`);
  }
  return value;
}

export function resolveOptions(options: GeminiAnalyserOptions): ResolvedGeminiOptions {
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') {
    throw new AnalysisError('internal', 'The Gemini API key is missing; set the GEMINI_API_KEY secret.');
  }
  const model = options.model?.trim() || DEFAULT_GEMINI_MODEL;
  if (!/^[\w.-]+$/.test(model)) throw new AnalysisError('internal', `The Gemini model id "${model}" is not valid.`);
  return {
    apiKey: options.apiKey.trim(),
    model,
    baseUrl: options.baseUrl,
    timeoutMs: positiveInteger('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS),
    maxConcurrency: positiveInteger('maxConcurrency', options.maxConcurrency, DEFAULT_MAX_CONCURRENCY),
    maxRetries: positiveInteger('maxRetries', options.maxRetries, DEFAULT_MAX_RETRIES, 0),
    chunkWords: positiveInteger('chunkWords', options.chunkWords, DEFAULT_CHUNK_WORDS, 50),
    thinkingBudget: positiveInteger('thinkingBudget', options.thinkingBudget, DEFAULT_THINKING_BUDGET, 0),
    maxOutputTokens: positiveInteger('maxOutputTokens', options.maxOutputTokens, DEFAULT_MAX_OUTPUT_TOKENS),
    redactPii: options.redactPii ?? false,
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
  };
}
