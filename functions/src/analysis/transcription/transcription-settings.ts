/** How a transcription runs: the server's Gemini settings and limits, and what tests may change. Pure. */
import type { GeminiSettings } from '../../config/server-config';
import type { GeminiLimits } from '../../config/server-limits';
import { resolveCallSettings, serverCallOptions, type GeminiCallSettings } from '../gemini/options';

/** Between two reads of an uploaded file's state. */
export const PROCESSING_POLL_MS = 2_000;
/** An uploaded file still processing after this fails the transcription (audio takes seconds; an hour of video, minutes). */
export const PROCESSING_MAX_MS = 10 * 60_000;
/** An upload's deadline: a minute, and a second for each 2 MB of the recording (1 GB: about 9.5 minutes). */
export const UPLOAD_GRACE_MS = 60_000;
export const UPLOAD_MIN_BYTES_PER_SECOND = 2 * 1024 * 1024;
/**
 * A part cut from a recording's sound (gemini-transcriber.ts) begins this much before its window, so its first words
 * are heard whole, and ends this much after it, so a turn that begins in it is heard to its end.
 */
export const PART_LEAD_SECONDS = 5;
export const PART_TAIL_SECONDS = 60;
/** An upload that failed for the service's sake is sent again this many times (from its start). */
export const UPLOAD_RETRIES = 1;

/**
 * A transcription's calls are made as every Gemini call (gemini/options.ts; `maxConcurrency`: parts transcribed at once,
 * after the first, which is transcribed alone); the rest is its own.
 */
export interface TranscriptionSettings extends GeminiCallSettings {
  /** Seconds of the recording each call transcribes. */
  windowSeconds: number;
  pollMs: number;
  maxProcessingMs: number;
  uploadGraceMs: number;
  uploadMinBytesPerSecond: number;
  partLeadSeconds: number;
  partTailSeconds: number;
}

/**
 * The server's Gemini settings with what a transcription does differently: its own time allowance for a call and
 * the length of its parts; the file upload's waits. `overrides` are the tests' (the defaults' checks apply to them).
 */
export function transcriptionSettings(gemini: GeminiSettings, limits: GeminiLimits, overrides: Partial<TranscriptionSettings> = {}): TranscriptionSettings {
  return {
    ...resolveCallSettings({ ...serverCallOptions(gemini, limits), timeoutMs: limits.transcriptionTimeoutSeconds * 1000, ...overrides }),
    windowSeconds: overrides.windowSeconds ?? limits.transcriptionWindowMinutes * 60,
    pollMs: overrides.pollMs ?? PROCESSING_POLL_MS,
    maxProcessingMs: overrides.maxProcessingMs ?? PROCESSING_MAX_MS,
    uploadGraceMs: overrides.uploadGraceMs ?? UPLOAD_GRACE_MS,
    uploadMinBytesPerSecond: overrides.uploadMinBytesPerSecond ?? UPLOAD_MIN_BYTES_PER_SECOND,
    partLeadSeconds: overrides.partLeadSeconds ?? PART_LEAD_SECONDS,
    partTailSeconds: overrides.partTailSeconds ?? PART_TAIL_SECONDS,
  };
}
