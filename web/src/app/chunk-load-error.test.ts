import { describe, expect, it } from 'vitest';
import { ChunkLoadTimeoutError, loadWithTimeout } from '../lib/lazy-with-timeout';
import { isChunkLoadError } from './chunk-load-error';

describe('isChunkLoadError', () => {
  it('recognises a failed dynamic import in Chromium, Firefox and Safari', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:5000/assets/pricing-page-DDCcEtGm.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://verbatim.app/assets/pricing-page-DDCcEtGm.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  });

  it("recognises Vite's failed stylesheet preload", () => {
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/deliverable-page-C9t_IDyR.css'))).toBe(true);
  });

  it('recognises our load timeout', () => {
    expect(isChunkLoadError(new ChunkLoadTimeoutError())).toBe(true);
  });

  it('leaves every other error to "Something went wrong"', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError(new Error('Failed to fetch'))).toBe(false); // an API call, not a piece of the app
    expect(isChunkLoadError(new Error('This page took too long to load. Please reload.'))).toBe(false); // only our class counts
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError({ status: 404, statusText: 'Not Found' })).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('loadWithTimeout', () => {
  it('a piece that never arrives fails with ChunkLoadTimeoutError, which counts as a failed load', async () => {
    const error = await loadWithTimeout(() => new Promise<never>(() => {}), 10).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ChunkLoadTimeoutError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it("a failed import keeps the browser's error", async () => {
    const failed = new TypeError('Failed to fetch dynamically imported module: /assets/pricing-page-x.js');
    await expect(loadWithTimeout(() => Promise.reject(failed), 1_000)).rejects.toBe(failed);
  });
});
