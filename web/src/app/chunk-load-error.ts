import { ChunkLoadTimeoutError } from '../lib/lazy-with-timeout';

/**
 * What each browser says when a lazily loaded piece of the app cannot be fetched (offline, or the
 * file is gone because a new version was deployed), and Vite's own message for a stylesheet.
 */
const CHUNK_LOAD_FAILURES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS for/i, // Vite's preload of a piece's stylesheet
];

/** Whether a route error is a piece of the app that failed to load or timed out: a reload may fix it. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadTimeoutError) return true;
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadTimeoutError') return true;
  return CHUNK_LOAD_FAILURES.some((pattern) => pattern.test(error.message));
}
