import { lazy, type ComponentType } from 'react';

/** Screens load as lazily fetched pieces; a piece that takes longer than this fails visibly. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export function lazyWithTimeout<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('This page took too long to load. Please reload.')), timeoutMs);
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
      }),
  );
}
