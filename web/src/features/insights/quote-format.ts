import type { Quote } from '@verbatim/contract/insight';

/** A quote as the pages show it; `docName` is set where the source already carries the name (public pages). */
export type ShownQuote = Quote & { docName?: string };

export { citationText, insightTitle, quoteTime, sourceName, uniqueSourceCount, uniqueSourcesTooltip } from '../../lib/citation';
