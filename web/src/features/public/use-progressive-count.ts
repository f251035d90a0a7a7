import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** Cards rendered at once: more than a first screenful. */
export const FIRST_BATCH = 12;
/**
 * Cards added per later step. Each step is one short task in the browser's idle time, so a 1,000-insight
 * page stays responsive (and Lighthouse sees no long task) while the list fills in.
 */
export const NEXT_BATCH = 12;

type Idle = (callback: () => void, options?: { timeout: number }) => number;

function whenIdle(callback: () => void): () => void {
  const ric = (globalThis as { requestIdleCallback?: Idle }).requestIdleCallback;
  if (ric) {
    const id = ric(callback, { timeout: 500 });
    return () => (globalThis as unknown as { cancelIdleCallback: (id: number) => void }).cancelIdleCallback(id);
  }
  const timer = setTimeout(callback, 16);
  return () => clearTimeout(timer);
}

/**
 * How many of `total` items to render: a first screenful at once, then the rest in small steps.
 * `showAll` renders everything synchronously (before a jump to a section further down, so the jump
 * lands exactly).
 */
export function useProgressiveCount(total: number): { shown: number; showAll: () => void } {
  const [shown, setShown] = useState(() => Math.min(total, FIRST_BATCH));
  useEffect(() => {
    if (shown >= total) return;
    return whenIdle(() => setShown((n) => Math.min(total, n + NEXT_BATCH)));
  }, [shown, total]);
  const showAll = useCallback(() => {
    if (shown < total) flushSync(() => setShown(total));
  }, [shown, total]);
  return { shown: Math.min(shown, total), showAll };
}

/** Items split into runs of `size` (each rendered as its own grid, so adding one lays out only that one). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
