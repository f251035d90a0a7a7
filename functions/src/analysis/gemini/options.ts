/**
 * Options of the Gemini analyser and their defaults.
 *
 * Default model: `gemini-3.8-flash`, the newest generally available (stable) Flash model of the Gemini API when this
 * was written (released 2026-09-02, no shutdown date announced). `gemini-2.5-flash` — the usual example — is past its
 * announced shutdown (June–October 2026 on Google's deprecations page), and `*-preview` models can change or
 * disappear at short notice. The wiring passes the model from a param, so switching needs no code change.
 */
import { AnalysisError } from '@verbatim/contract/insight';
import type { GeminiSettings } from '../../config/server-config';
import type { GeminiLimits } from '../../config/server-limits';
import { thinkingProblem } from './model-thinking';

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

/** How any of the server's Gemini calls is made: an analysis's, a synthesis's or a transcription's. */
export interface GeminiCallOptions {
  /** The Gemini API key (from `defineSecret` in the wiring; sent only as the `x-goog-api-key` header). */
  apiKey: string;
  /** Model id, e.g. `gemini-3.8-flash` (default `DEFAULT_GEMINI_MODEL`). */
  model?: string;
  /** Base URL of the Gemini API (a local stand-in in tests); the SDK's default endpoint when absent. */
  baseUrl?: string;
  /** Time allowed for one generateContent call, in ms (default 180 s); a timed-out call is asked once more. */
  timeoutMs?: number;
  /** Calls made at the same time (default 3). */
  maxConcurrency?: number;
  /** Retries of one call on HTTP 429/500/502/503/504 or a network error (default 3). */
  maxRetries?: number;
  /**
   * Thinking budget of each call, in tokens (default 4,096; 0 turns thinking off); a Gemini 3 model is sent the level it
   * stands for (model-thinking.ts). One the model cannot honour is refused when the options are read.
   */
  thinkingBudget?: number;
  /** Tokens one answer may have, thinking included (default 32,768). */
  maxOutputTokens?: number;
  /** Waits between retries; injectable so tests run fast. */
  sleep?: (ms: number) => Promise<void>;
  /** Source of jitter in [0, 1); injectable for deterministic tests. */
  random?: () => number;
}

export interface GeminiAnalyserOptions extends GeminiCallOptions {
  /** Words up to which an interview is sent in one call; a longer one goes in parts of about this size (default 100,000). */
  chunkWords?: number;
  /** Replace emails, phone numbers and names before anything is sent (default false). */
  redactPii?: boolean;
}

export type GeminiCallSettings = Required<Omit<GeminiCallOptions, 'baseUrl'>> & { baseUrl: string | undefined };

export interface ResolvedGeminiOptions extends GeminiCallSettings {
  chunkWords: number;
  redactPii: boolean;
}

/**
 * The server's Gemini settings as the options of a call: its key, model and address, and the token limits every call
 * keeps to. Each use adds its own time allowance (an analysis, a synthesis and a transcription have one each).
 */
export function serverCallOptions(gemini: GeminiSettings, limits: GeminiLimits): GeminiCallOptions {
  return { apiKey: gemini.apiKey, model: gemini.model, baseUrl: gemini.baseUrl, thinkingBudget: limits.thinkingBudget, maxOutputTokens: limits.maxOutputTokens };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function positiveInteger(name: string, value: number | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) {
    throw new AnalysisError('internal', `The Gemini option ${name} must be an integer of at least ${min}, got ${value}.`);
  }
  return value;
}

/** A call's options checked, with the defaults for what they leave out. */
export function resolveCallSettings(options: GeminiCallOptions): GeminiCallSettings {
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') {
    throw new AnalysisError('internal', 'The Gemini API key is missing; set the GEMINI_API_KEY secret.');
  }
  const model = options.model?.trim() || DEFAULT_GEMINI_MODEL;
  if (!/^[\w.-]+$/.test(model)) throw new AnalysisError('internal', `The Gemini model id "${model}" is not valid.`);
  const thinkingBudget = positiveInteger('thinkingBudget', options.thinkingBudget, DEFAULT_THINKING_BUDGET, 0);
  // A setting the model cannot honour is refused before anything is sent, with its reason (model-thinking.ts).
  const problem = thinkingProblem(model, thinkingBudget);
  if (problem) throw new AnalysisError('misconfigured', problem);
  return {
    apiKey: options.apiKey.trim(),
    model,
    baseUrl: options.baseUrl,
    timeoutMs: positiveInteger('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS),
    maxConcurrency: positiveInteger('maxConcurrency', options.maxConcurrency, DEFAULT_MAX_CONCURRENCY),
    maxRetries: positiveInteger('maxRetries', options.maxRetries, DEFAULT_MAX_RETRIES, 0),
    thinkingBudget,
    maxOutputTokens: positiveInteger('maxOutputTokens', options.maxOutputTokens, DEFAULT_MAX_OUTPUT_TOKENS),
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
  };
}

export function resolveOptions(options: GeminiAnalyserOptions): ResolvedGeminiOptions {
  return {
    ...resolveCallSettings(options),
    chunkWords: positiveInteger('chunkWords', options.chunkWords, DEFAULT_CHUNK_WORDS, 50),
    redactPii: options.redactPii ?? false,
  };
}
