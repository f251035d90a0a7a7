import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { BoardFilters } from './board';

const SEARCH_TO_URL_MS = 300;

export type BoardView = 'insights' | 'synthesis';

/** The board's view and filters, kept in the address so they can be linked and survive a reload. */
export interface BoardFilterState {
  view: BoardView;
  filters: BoardFilters;
  /** Sets (or, with null or '', removes) address parameters at once. */
  setFilters: (changes: Record<string, string | null>) => void;
  /** As setFilters, but the search (`q`) answers at once and reaches the address a moment later. */
  changeFilters: (changes: Record<string, string | null>) => void;
}

export function useBoardFilters(): BoardFilterState {
  const [params, setParams] = useSearchParams();
  const view: BoardView = params.get('view') === 'synthesis' ? 'synthesis' : 'insights';
  // The search answers each keystroke at once from local state, and reaches the URL (to link or reload) a moment later.
  const urlSearch = params.get('q') ?? '';
  const [search, setSearch] = useState(urlSearch);
  const pushed = useRef(urlSearch);
  const filters: BoardFilters = {
    interview: params.get('interview'),
    theme: params.get('theme'),
    search,
    tag: params.get('tag'),
    speaker: params.get('speaker'),
  };
  // The address as last asked for. react-router hands a functional update the parameters of the render that made
  // it, so two changes before the next render (a tab pressed as the search reaches the address) would keep only the
  // second. Each change starts from the one before it instead; a render (Back, a link) sets the start anew.
  const latest = useRef(params);
  latest.current = params;
  const setFilters = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(latest.current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(name);
        else next.set(name, value);
      }
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  useEffect(() => {
    // Changed from elsewhere (Clear filters, the back button): the box follows.
    if (urlSearch !== pushed.current) {
      pushed.current = urlSearch;
      setSearch(urlSearch);
    }
  }, [urlSearch]);
  useEffect(() => {
    if (search === pushed.current) return;
    const timer = window.setTimeout(() => {
      pushed.current = search;
      setFilters({ q: search });
    }, SEARCH_TO_URL_MS);
    return () => window.clearTimeout(timer);
  }, [search, setFilters]);
  const changeFilters = useCallback(
    ({ q, ...rest }: Record<string, string | null>) => {
      if (q !== undefined) setSearch(q ?? '');
      if (Object.keys(rest).length > 0) setFilters(rest);
    },
    [setFilters],
  );
  return { view, filters, setFilters, changeFilters };
}
