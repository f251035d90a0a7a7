import { useSyncExternalStore } from 'react';

/** The width under which the reader is one column (styles.css, `.doc-layout`): a phone, a narrow window. */
export const ONE_COLUMN_QUERY = '(max-width: 860px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(ONE_COLUMN_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const isNarrow = () => window.matchMedia?.(ONE_COLUMN_QUERY).matches ?? false;

/** True while the screen is narrow enough for the reader to be one column; follows a resize or a turned phone. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
