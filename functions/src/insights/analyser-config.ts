import { defineSecret, defineString } from 'firebase-functions/params';

/** The Gemini API key: a Secret Manager secret, bound only to the functions that analyse. */
export const geminiApiKey = defineSecret('GEMINI_API_KEY');

/** The Gemini model; a current Flash model unless configured. */
export const geminiModel = defineString('GEMINI_MODEL', { default: 'gemini-3.8-flash' });

/**
 * The secrets an analysing function declares. The emulator would try Secret Manager for a
 * declared secret missing from functions/.secret.local, so there the key comes from the
 * environment instead (tests point it at a local Gemini stand-in).
 */
export function analysisSecrets() {
  return process.env.FUNCTIONS_EMULATOR === 'true' ? [] : [geminiApiKey];
}

export interface GeminiSettings {
  apiKey: string;
  model: string;
  baseUrl?: string;
}

/** Gemini settings when a key is configured; null otherwise (projects then use the local analyser). */
export function readGeminiSettings(): GeminiSettings | null {
  const apiKey = (process.env.GEMINI_API_KEY ?? '').trim();
  if (!apiKey) return null;
  const baseUrl = process.env.GEMINI_BASE_URL?.trim() || undefined;
  return { apiKey, model: process.env.GEMINI_MODEL?.trim() || geminiModel.value() || 'gemini-3.8-flash', baseUrl };
}
