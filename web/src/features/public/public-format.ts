import type { PublicInterview, PublicQuote } from '@verbatim/contract/share';

/** What the public pages say and how they name things. Pure. */

export { UNTITLED_INSIGHT } from '../../lib/citation';
export const SUPPORTING_QUOTES = 'Supporting Quotes';
export const SUMMARY_HEADING = 'Project-Level Summary Insights';
export const INTERVIEWS_HEADING = 'Interview-Level Detailed Insights';
export const SUMMARY_LOAD_ERROR = 'Unable to load summary.';
export const INTERVIEWS_LOAD_ERROR = 'Unable to load detailed insights.';

/** Document id → name, from a response's `documents`. */
export function documentNames(documents: readonly PublicInterview[] | undefined): ReadonlyMap<string, string> {
  return new Map((documents ?? []).map((d) => [d.id, d.name]));
}

export {
  citationText,
  insightTitle,
  quoteTime,
  sourceName as quoteSourceName,
  uniqueSourceCount,
  uniqueSourcesTooltip,
} from '../../lib/citation';


/** How many different interviews a list of insights draws its quotes from. */
export function interviewCount(insights: readonly { documentId: string; quotes: readonly Pick<PublicQuote, 'documentId'>[] }[]): number {
  const ids = new Set<string>();
  for (const insight of insights) {
    if (insight.documentId) ids.add(insight.documentId);
    for (const quote of insight.quotes) ids.add(quote.documentId);
  }
  return ids.size;
}
