import type { SearchFilters, SearchResponse } from '@verbatim/contract/search';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /search?q=…&filters: the caller's own quotes, insights and transcript passages, best first. */
export function searchResearch(query: string, filters: SearchFilters, signal?: AbortSignal): Promise<SearchResponse> {
  const params = new URLSearchParams({ q: query });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return apiRequest<SearchResponse>(`/search?${params}`, { signal });
}

export function useSearchResults(query: string, filters: SearchFilters) {
  return useQuery({
    queryKey: ['search', query, filters],
    queryFn: ({ signal }) => searchResearch(query, filters, signal),
    enabled: query.trim() !== '',
    staleTime: 0,
    retry: false,
  });
}
