import { useCallback, useEffect, useMemo, useState } from 'react';
import type { BoardInsight } from './board';

/**
 * The cards chosen for a merge, in the order chosen. Only cards still on the researcher's board count; the choice
 * is let go when the view or the project changes.
 */
export function useMergeSelection(perInterview: readonly BoardInsight[], resetKey: string) {
  const [selected, setSelected] = useState<string[]>([]);
  const live = useMemo(() => new Map(perInterview.map((i) => [i.id, i])), [perInterview]);
  const chosen = useMemo(() => selected.filter((id) => live.has(id)), [selected, live]);
  const chosenSet = useMemo(() => new Set(chosen), [chosen]);
  const onSelect = useCallback((id: string, on: boolean) => setSelected((current) => (on ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id))), []);
  const clear = useCallback(() => setSelected([]), []);
  useEffect(() => setSelected([]), [resetKey]);
  const chosenInsights = useMemo(() => chosen.map((id) => live.get(id)!), [chosen, live]);
  return { chosen: chosenInsights, chosenSet, onSelect, clear };
}
