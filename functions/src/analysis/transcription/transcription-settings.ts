/** How a transcription runs: the server's Gemini settings and limits, and what tests may change. Pure. */
import type { GeminiSettings } from '../../config/server-config';
import type { GeminiLimits } from '../../config/server-limits';
import { DEFAULT_MAX_CONCURRENCY, DEFAULT_MAX_RETRIES } from '../gemini/options';

/** Between two reads of an uploaded file's state. */
export const PROCESSING_POLL_MS = 2_000;
/** An uploaded file still processing after this fails the transcription (audio takes seconds; an hour of video, minutes). */
export const PROCESSING_MAX_MS = 10 * 60_000;
/** An upload's deadline: a minute, and a second for each 2 MB of the recording (1 GB: about 9.5 minutes). */
export const UPLOAD_GRACE_MS = 60_000;
export const UPLOAD_MIN_BYTES_PER_SECOND = 2 * 1024 * 1024;
/** An upload that failed for the service's sake is sent again this many times (from its start). */
export const UPLOAD_RETRIES = 1;

export interface TranscriptionSettings {
  apiKey: string;
  model: string;
  baseUrl: string | undefined;
  windowSeconds: number;
  /** Parts transcribed at once (after the first, which is transcribed alone). */
  maxConcurrency: number;
  maxRetries: number;
  timeoutMs: number;
  thinkingBudget: number;
  maxOutputTokens: number;
  pollMs: number;
  maxProcessingMs: number;
  uploadGraceMs: number;
  uploadMinBytesPerSecond: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function transcriptionSettings(gemini: GeminiSettings, limits: GeminiLimits, overrides: Partial<TranscriptionSettings> = {}): TranscriptionSettings {
  return {
    apiKey: gemini.apiKey,
    model: gemini.model,
    baseUrl: gemini.baseUrl,
    windowSeconds: limits.transcriptionWindowMinutes * 60,
    maxConcurrency: DEFAULT_MAX_CONCURRENCY,
    maxRetries: DEFAULT_MAX_RETRIES,
    timeoutMs: limits.transcriptionTimeoutSeconds * 1000,
    thinkingBudget: limits.thinkingBudget,
    maxOutputTokens: limits.maxOutputTokens,
    pollMs: PROCESSING_POLL_MS,
    maxProcessingMs: PROCESSING_MAX_MS,
    uploadGraceMs: UPLOAD_GRACE_MS,
    uploadMinBytesPerSecond: UPLOAD_MIN_BYTES_PER_SECOND,
    sleep: defaultSleep,
    random: Math.random,
    ...overrides,
  };
}
