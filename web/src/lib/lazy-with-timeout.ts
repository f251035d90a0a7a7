import { lazy, type ComponentType } from 'react';

/** Screens load as lazily fetched pieces; a piece that takes longer than this fails visibly. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A screen's piece did not arrive within CHUNK_LOAD_TIMEOUT_MS (the route error offers a retry). */
export class ChunkLoadTimeoutError extends Error {
  override name = 'ChunkLoadTimeoutError';
  constructor() {
    super('This page took too long to load. Please reload.');
  }
}

/** `load()`, or a ChunkLoadTimeoutError when it has not settled within `timeoutMs`. */
export function loadWithTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

export function lazyWithTimeout<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS) {
  return lazy(() => loadWithTimeout(load, timeoutMs));
}
