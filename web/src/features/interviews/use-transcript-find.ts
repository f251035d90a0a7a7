import { turnIndexAt } from '@verbatim/contract/transcript-lookup';
import type { TranscriptContent } from '@verbatim/contract/transcript-parts';
import { useCallback, useDeferredValue, useEffect, useMemo, useState, type RefObject } from 'react';
import { findMatches, foldForFind, MAX_FIND_MATCHES, type FindMark } from './transcript-segments';

/** Find in a transcript: what is typed, the matches by turn, and the one looked at. */
export interface TranscriptFindState {
  query: string;
  setQuery: (query: string) => void;
  count: number;
  /** True when the search stopped counting (too many matches). */
  capped: boolean;
  findsByTurn: ReadonlyMap<number, readonly FindMark[]>;
  /** 0-based index of the match looked at, -1 when none. */
  current: number;
  step: (step: 1 | -1) => void;
}

/** Matches inside turns; the one looked at is scrolled to within `listRef`. */
export function useTranscriptFind(content: TranscriptContent | undefined, listRef: RefObject<HTMLOListElement | null>): TranscriptFindState {
  const [findQuery, setFindQuery] = useState('');
  const [findIndex, setFindIndex] = useState(0);
  const query = useDeferredValue(findQuery);
  const folded = useMemo(() => (content ? foldForFind(content.text) : ''), [content]);
  const matches = useMemo(() => (content ? findMatches(folded, content.turns, query) : []), [folded, content, query]);
  const findsByTurn = useMemo(() => {
    const byTurn = new Map<number, FindMark[]>();
    if (!content) return byTurn;
    matches.forEach((m, index) => {
      const turn = content.turns[turnIndexAt(content.turns, m.start)];
      if (!turn) return;
      const list = byTurn.get(turn.start) ?? [];
      list.push({ ...m, index });
      byTurn.set(turn.start, list);
    });
    return byTurn;
  }, [matches, content]);
  const currentFind = matches.length === 0 ? -1 : Math.min(findIndex, matches.length - 1);
  useEffect(() => setFindIndex(0), [query]);
  useEffect(() => {
    if (currentFind < 0) return;
    // Turns off screen are laid out lazily (content-visibility): settle the position again once they are drawn.
    const reveal = () => listRef.current?.querySelector(`[data-find="${currentFind}"]`)?.scrollIntoView({ block: 'center' });
    reveal();
    const frame = requestAnimationFrame(reveal);
    const again = window.setTimeout(reveal, 200);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(again);
    };
  }, [currentFind, matches, listRef]);
  const step = useCallback(
    (step: 1 | -1) => setFindIndex((i) => (matches.length === 0 ? 0 : (Math.min(i, matches.length - 1) + step + matches.length) % matches.length)),
    [matches.length],
  );
  return {
    query: findQuery,
    setQuery: setFindQuery,
    count: matches.length,
    capped: matches.length >= MAX_FIND_MATCHES,
    findsByTurn,
    current: currentFind,
    step,
  };
}
