import { useEffect, useRef } from 'react';
import { isFiltered, type BoardFilters, type BoardIndex } from './board-index';

/** The URL parameters the filters live in (so a filtered board can be linked to and survives a reload). */
export const FILTER_PARAMS = ['q', 'theme', 'tag', 'interview', 'speaker'] as const;

interface Props {
  filters: BoardFilters;
  index: Pick<BoardIndex, 'tags' | 'speakers'>;
  /** Themes with insights under the other filters. */
  themes: readonly string[];
  interviews: readonly { id: string; name: string }[];
  onChange: (changes: Record<string, string | null>) => void;
  onClear: () => void;
}

/** Search, then theme, tag, interview and speaker. "/" focuses the search; Escape in it clears it. */
export function BoardFiltersBar({ filters, index, themes, interviews, onChange, onClear }: Props) {
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      // On the board, "/" searches the board: handled before the navbar's search-everything box sees it.
      event.preventDefault();
      event.stopPropagation();
      searchRef.current?.focus();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);

  const option = (value: string | null | undefined, known: boolean) => value && !known && <option value={value}>{value}</option>;

  return (
    <div className="filters" role="search">
      <label className="filters__search">
        <span className="visually-hidden">Search insights and quotes</span>
        <input
          ref={searchRef}
          type="search"
          placeholder="Search insights and quotes  ( / )"
          value={filters.search}
          onChange={(event) => onChange({ q: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && filters.search) {
              event.preventDefault();
              onChange({ q: null });
            }
          }}
        />
      </label>
      <label className="filters__select">
        <span className="visually-hidden">Theme</span>
        <select value={filters.theme ?? ''} onChange={(event) => onChange({ theme: event.target.value || null })} aria-label="Theme">
          <option value="">All themes</option>
          {themes.map((theme) => (
            <option key={theme} value={theme}>
              {theme}
            </option>
          ))}
          {option(filters.theme, themes.includes(filters.theme ?? ''))}
        </select>
      </label>
      <label className="filters__select">
        <span className="visually-hidden">Tag</span>
        <select value={filters.tag ?? ''} onChange={(event) => onChange({ tag: event.target.value || null })} aria-label="Tag">
          <option value="">All tags</option>
          {index.tags.map((tag) => (
            <option key={tag.value} value={tag.value}>
              {tag.label} ({tag.count})
            </option>
          ))}
          {option(filters.tag, index.tags.some((t) => t.value === filters.tag))}
        </select>
      </label>
      <label className="filters__select">
        <span className="visually-hidden">Interview</span>
        <select value={filters.interview ?? ''} onChange={(event) => onChange({ interview: event.target.value || null })} aria-label="Interview">
          <option value="">All interviews</option>
          {interviews.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      <label className="filters__select">
        <span className="visually-hidden">Speaker</span>
        <select value={filters.speaker ?? ''} onChange={(event) => onChange({ speaker: event.target.value || null })} aria-label="Speaker">
          <option value="">All speakers</option>
          {index.speakers.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label} ({s.count})
            </option>
          ))}
          {option(filters.speaker, index.speakers.some((s) => s.value === filters.speaker))}
        </select>
      </label>
      {isFiltered(filters) && (
        <button type="button" className="button button--small filters__clear" onClick={onClear}>
          Clear filters
        </button>
      )}
    </div>
  );
}
