import { useEffect, useId, useState } from 'react';
import { mergeError } from './api/merge-insights';
import type { BoardInsight } from './board';
import { mergeIntoTarget } from './insight-actions';
import { insightTitle } from './quote-format';

/**
 * Shown while insights are selected: which one keeps its title and description, and Merge. The quotes of all are
 * combined (each keeps its interview and place); the others are hidden, and Undo in the toast brings them back.
 */
export function MergeBar({ projectId, selected, onClear, onMerged }: { projectId: string; selected: BoardInsight[]; onClear: () => void; onMerged: () => void }) {
  const [targetId, setTargetId] = useState(selected[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const target = selected.find((i) => i.id === targetId) ?? selected[0];

  useEffect(() => {
    if (!selected.some((i) => i.id === targetId)) setTargetId(selected[0]?.id ?? '');
  }, [selected, targetId]);

  async function merge() {
    const others = selected.filter((i) => i.id !== target.id);
    const invalid = mergeError([target.id, ...others.map((o) => o.id)]);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await mergeIntoTarget(projectId, target, others);
      onMerged();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  const quotes = new Set(selected.flatMap((i) => i.quotes.map((q) => `${q.documentId}:${q.start}:${q.end}`))).size;
  return (
    <div
      className="merge-bar"
      role="region"
      aria-label="Merge insights"
      data-testid="merge-bar"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClear();
      }}
    >
      <p className="merge-bar__count" aria-live="polite">
        {selected.length === 1 ? '1 insight selected. Select another to merge them.' : `${selected.length} insights selected · ${quotes} quotes together`}
      </p>
      {selected.length > 1 && (
        <label className="merge-bar__target" htmlFor={`${id}-target`}>
          <span>Keep the title of</span>
          <select id={`${id}-target`} value={target.id} onChange={(e) => setTargetId(e.target.value)}>
            {selected.map((i) => (
              <option key={i.id} value={i.id}>
                {insightTitle(i.title)}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="merge-bar__actions">
        <button type="button" className="button button--primary button--small" onClick={() => void merge()} disabled={busy || selected.length < 2}>
          {busy ? 'Merging…' : selected.length > 1 ? `Merge ${selected.length} insights` : 'Merge insights'}
        </button>
        <button type="button" className="button button--small" onClick={onClear} disabled={busy}>
          Clear selection
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
