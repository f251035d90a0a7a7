import { useEffect, useState } from 'react';

// The pictures (and d3) are their own chunk, fetched as soon as the insights screen's code runs, alongside the
// board's data. The board waits for it a moment (CHARTS_WAIT_MS) so the pictures do not arrive later and push the
// board down under the reader; past that, the board shows and the pictures follow.
export type ChartsModule = typeof import('./insight-charts');
const CHARTS_WAIT_MS = 1_500;
let chartsModule: ChartsModule | null = null;
let chartsChunk: Promise<ChartsModule> | null = null;
function loadCharts(): Promise<ChartsModule> {
  chartsChunk ??= import('./insight-charts').then(
    (module) => (chartsModule = module),
    (err: unknown) => {
      chartsChunk = null; // a later visit tries again
      throw err;
    },
  );
  return chartsChunk;
}
void loadCharts().catch(() => undefined);

/** The pictures' module once loaded; `waiting` while it is worth holding the board for it. */
export function useCharts(): { charts: ChartsModule | null; waiting: boolean } {
  const [charts, setCharts] = useState(chartsModule);
  const [waiting, setWaiting] = useState(chartsModule === null);
  useEffect(() => {
    if (charts) return;
    let active = true;
    const timer = window.setTimeout(() => setWaiting(false), CHARTS_WAIT_MS);
    loadCharts().then(
      (module) => active && setCharts(module),
      (err) => console.error('Could not load the pictures', err),
    ).finally(() => active && setWaiting(false));
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [charts]);
  return { charts, waiting: waiting && charts === null };
}

const PICTURES_KEY = 'verbatim.pictures';

/** Whether the pictures are shown: the researcher's last choice, kept in this browser. */
export function usePicturesShown(): { shown: boolean; toggle: () => void } {
  const [shown, setShown] = useState(() => localStorage.getItem(PICTURES_KEY) !== 'hidden');
  const toggle = () =>
    setShown((was) => {
      localStorage.setItem(PICTURES_KEY, was ? 'hidden' : 'shown');
      return !was;
    });
  return { shown, toggle };
}
