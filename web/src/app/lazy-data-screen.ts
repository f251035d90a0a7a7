import { createElement, type ComponentType } from 'react';
import { lazyWithTimeout } from '../lib/lazy-with-timeout';

/**
 * A screen that calls the API through queries and mutations: loaded together with the shared query client, so the
 * query library stays out of the first page a visitor loads (the landing and auth pages need none of it).
 */
export function lazyDataScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazyWithTimeout<P>(async () => {
    const [{ default: Screen }, { QueryProvider }] = await Promise.all([load(), import('./query-provider')]);
    const WithQueries = (props: P) => createElement(QueryProvider, null, createElement(Screen, props));
    return { default: WithQueries };
  });
}
