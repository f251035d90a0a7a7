import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** Cards rendered at once: more than a first screenful. */
export const FIRST_BATCH = 12;
/** Cards added per later step, each a short task so the page stays responsive while a long list fills in. */
export const NEXT_BATCH = 24;

/**
 * How many of `total` items to render: a first screenful at once, then the rest in small steps, one
 * task each, so a 1,000-insight page never blocks the main thread for long. `showAll` renders
 * everything synchronously (before a jump to a section further down).
 */
export function useProgressiveCount(total: number): { shown: number; showAll: () => void } {
  const [shown, setShown] = useState(() => Math.min(total, FIRST_BATCH));
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => setShown((n) => Math.min(total, n + NEXT_BATCH)), 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  const showAll = useCallback(() => {
    if (shown < total) flushSync(() => setShown(total));
  }, [shown, total]);
  return { shown: Math.min(shown, total), showAll };
}
