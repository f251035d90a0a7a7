/** The search page, optionally with a query and a project (and the Ask box open). */
export function searchPath(options: { q?: string; projectId?: string; ask?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (options.q) params.set('q', options.q);
  if (options.projectId) params.set('projectId', options.projectId);
  if (options.ask) params.set('ask', '1');
  const query = params.toString();
  return query ? `/search?${query}` : '/search';
}
