/**
 * Ranked matches as the researcher sees them: names looked up at answer time (so a renamed project or interview
 * shows its new name), the query's words highlighted, the filter choices counted before the filters apply. Pure.
 */
import type { FacetValue, SearchFilters, SearchHit, SearchKind, SearchResponse } from '@verbatim/contract/search';
import { MAX_SEARCH_RESULTS } from '@verbatim/contract/search';
import type { SearchEntry } from './search-entries';
import type { IndexedMatch } from './search-index';
import { highlightRanges, queryTerms } from './text-terms';

export interface Names {
  project(projectId: string): string;
  document(projectId: string, documentId: string): string;
}

const KIND_LABELS: Record<SearchKind, string> = { quote: 'Quotes', insight: 'Insights', passage: 'Transcript passages' };

export function matchesFilters(entry: SearchEntry, filters: SearchFilters): boolean {
  return (
    (!filters.projectId || entry.projectId === filters.projectId) &&
    (!filters.documentId || entry.documentId === filters.documentId) &&
    (!filters.speaker || entry.speaker === filters.speaker) &&
    (!filters.theme || entry.theme === filters.theme) &&
    (!filters.kind || entry.kind === filters.kind)
  );
}

function facet(matches: readonly IndexedMatch[], key: (e: SearchEntry) => string | null, label: (value: string, e: SearchEntry) => string): FacetValue[] {
  const counted = new Map<string, FacetValue>();
  for (const { entry } of matches) {
    const value = key(entry);
    if (value === null || value === '') continue;
    const found = counted.get(value);
    if (found) found.count++;
    else counted.set(value, { value, label: label(value, entry), count: 1 });
  }
  return [...counted.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

export function toSearchHit(match: IndexedMatch, names: Names, terms: readonly string[]): SearchHit {
  const e = match.entry;
  return {
    id: e.id,
    kind: e.kind,
    projectId: e.projectId,
    projectName: names.project(e.projectId),
    documentId: e.documentId,
    documentName: names.document(e.projectId, e.documentId),
    speaker: e.speaker,
    start: e.start,
    end: e.end,
    ts: e.ts,
    insightId: e.insightId,
    insightTitle: e.insightTitle,
    theme: e.theme,
    text: e.text,
    highlights: highlightRanges(e.text, terms),
    matchedBy: match.matchedBy,
    score: Math.round(match.score * 1e6) / 1e6,
  };
}

export function searchResponse(query: string, matches: readonly IndexedMatch[], filters: SearchFilters, names: Names): SearchResponse {
  const terms = queryTerms(query);
  const filtered = matches.filter((m) => matchesFilters(m.entry, filters));
  return {
    query,
    hits: filtered.slice(0, MAX_SEARCH_RESULTS).map((m) => toSearchHit(m, names, terms)),
    total: filtered.length,
    facets: {
      projects: facet(matches, (e) => e.projectId, (v) => names.project(v)),
      documents: facet(matches, (e) => e.documentId, (v, e) => names.document(e.projectId, v)),
      speakers: facet(matches, (e) => e.speaker, (v) => v),
      themes: facet(matches, (e) => e.theme, (v) => v),
      kinds: facet(matches, (e) => e.kind, (v) => KIND_LABELS[v as SearchKind]),
    },
  };
}
