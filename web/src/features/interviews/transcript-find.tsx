import { useEffect, useRef } from 'react';

interface Props {
  query: string;
  onQuery: (query: string) => void;
  count: number;
  /** 0-based index of the match being looked at, -1 when none. */
  current: number;
  onStep: (step: 1 | -1) => void;
  /** True when the search stopped counting (too many matches). */
  capped: boolean;
}

/**
 * Find in the transcript: matches are marked in the turns; Enter goes to the next, Shift+Enter to the previous,
 * Escape clears. Ctrl/⌘+F on the page comes here first (a second press opens the browser's own find).
 */
export function TranscriptFind({ query, onQuery, count, current, onStep, capped }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'f' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (document.activeElement === inputRef.current) return;
      event.preventDefault();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const status = query.trim() === '' ? '' : count === 0 ? 'No matches' : `${current + 1} of ${count}${capped ? '+' : ''}`;
  return (
    <div className="find" role="search" aria-label="Find in transcript">
      <input
        ref={inputRef}
        type="search"
        className="find__input"
        placeholder="Find in transcript"
        aria-label="Find in transcript"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (count > 0) onStep(e.shiftKey ? -1 : 1);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onQuery('');
            inputRef.current?.blur();
          }
        }}
      />
      <span className="find__status" aria-live="polite" data-testid="find-status">
        {status}
      </span>
      <button type="button" className="find__step" onClick={() => onStep(-1)} disabled={count === 0} aria-label="Previous match" title="Previous match (Shift+Enter)">
        ↑
      </button>
      <button type="button" className="find__step" onClick={() => onStep(1)} disabled={count === 0} aria-label="Next match" title="Next match (Enter)">
        ↓
      </button>
    </div>
  );
}
