import type { FacetValue, SearchFilters, SearchHit, SearchKind } from '@verbatim/contract/search';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { useSearchResults } from './api/search-research';
import { AskPanel } from './ask-panel';
import { SearchHitCard } from './search-hit-card';
import './search.css';

const FILTERS = [
  { key: 'projectId', label: 'Project', facet: 'projects' },
  { key: 'documentId', label: 'Interview', facet: 'documents' },
  { key: 'speaker', label: 'Speaker', facet: 'speakers' },
  { key: 'theme', label: 'Theme', facet: 'themes' },
  { key: 'kind', label: 'Kind', facet: 'kinds' },
] as const;

function filtersFrom(params: URLSearchParams): SearchFilters {
  const filters: SearchFilters = {};
  for (const { key } of FILTERS) {
    const value = params.get(key);
    if (value) (filters as Record<string, string>)[key] = value;
  }
  return filters as SearchFilters & { kind?: SearchKind };
}

/** Hits grouped by project, projects in the order of their best hit. */
function byProject(hits: readonly SearchHit[]): Array<{ projectId: string; projectName: string; hits: SearchHit[] }> {
  const groups = new Map<string, { projectId: string; projectName: string; hits: SearchHit[] }>();
  for (const hit of hits) {
    const group = groups.get(hit.projectId) ?? { projectId: hit.projectId, projectName: hit.projectName, hits: [] };
    group.hits.push(hit);
    groups.set(hit.projectId, group);
  }
  return [...groups.values()];
}

function FilterSelect({ label, name, value, options, onChange }: { label: string; name: string; value: string; options: FacetValue[]; onChange: (v: string) => void }) {
  const listed = value && !options.some((o) => o.value === value) ? [{ value, label: value, count: 0 }, ...options] : options;
  return (
    <label className="search-filter">
      <span>{label}</span>
      <select name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {listed.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label || 'Untitled'} ({o.count})
          </option>
        ))}
      </select>
    </label>
  );
}

/** /search: every passage, quote and insight of the researcher's own projects, and "Ask your research". */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const filters = filtersFrom(params);
  const [draft, setDraft] = useState(query);
  useEffect(() => setDraft(query), [query]);
  const results = useSearchResults(query, filters);

  function update(changes: Record<string, string>) {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    update({ q: draft.trim() });
  }

  const facets = results.data?.facets;
  const projectName = filters.projectId ? facets?.projects.find((p) => p.value === filters.projectId)?.label : undefined;

  return (
    <section className="container search-page">
      <header className="page-header">
        <div>
          <h1>Search your research</h1>
          <p className="muted">Quotes, insights and full transcripts of all your projects, by their words and by their meaning.</p>
        </div>
      </header>
      <form className="search-form" role="search" onSubmit={submit}>
        <label className="visually-hidden" htmlFor="search-page-input">
          Search
        </label>
        <input id="search-page-input" type="search" value={draft} maxLength={300} placeholder="onboarding, trust in the numbers, …" onChange={(e) => setDraft(e.target.value)} />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>
      {query && (
        <div className="search-filters" aria-label="Filters">
          {FILTERS.map((f) => (
            <FilterSelect key={f.key} label={f.label} name={f.key} value={filters[f.key] ?? ''} options={facets?.[f.facet] ?? []} onChange={(v) => update({ [f.key]: v })} />
          ))}
        </div>
      )}
      {/* Asked from a project without a search: the answer takes the page's width. */}
      <div className={query ? 'search-layout' : 'search-layout search-layout--ask'}>
        <div className="search-results" aria-live="polite">
          {!query ? (
            <p className="muted">Type a word or a phrase; press / anywhere to search.</p>
          ) : results.isLoading ? (
            <Spinner label="Searching" />
          ) : results.error ? (
            <p className="form-error" role="alert">
              {results.error.message}
            </p>
          ) : results.data && results.data.hits.length > 0 ? (
            <>
              <p className="muted" data-testid="search-count">
                {results.data.total} {results.data.total === 1 ? 'result' : 'results'}
                {results.data.total > results.data.hits.length ? ` (the best ${results.data.hits.length} shown)` : ''}
              </p>
              {byProject(results.data.hits).map((group) => (
                <section key={group.projectId} className="search-group" aria-label={group.projectName}>
                  <h2>{group.projectName}</h2>
                  <ul className="search-hits">
                    {group.hits.map((hit) => (
                      <SearchHitCard key={hit.id} hit={hit} />
                    ))}
                  </ul>
                </section>
              ))}
            </>
          ) : (
            <p className="empty-state" data-testid="search-empty">
              Nothing in your projects matches <strong>{query}</strong>.
            </p>
          )}
        </div>
        <AskPanel key={filters.projectId ?? 'all'} projectId={filters.projectId} projectName={projectName} autoFocus={params.get('ask') === '1'} />
      </div>
    </section>
  );
}
