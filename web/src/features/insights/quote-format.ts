import type { Quote } from '@verbatim/contract/insight';

/** A quote as the pages show it; `docName` is set where the source already carries the name (public pages). */
export type ShownQuote = Quote & { docName?: string };

export { citationText, insightTitle, quoteTime, sourceName, uniqueSourceCount, uniqueSourcesTooltip } from '../../lib/citation';

/** Said of an insight whose quotes a transcript correction removed. */
export const QUOTES_REMOVED_NOTE =
  'Its quoted words were deleted when the transcript was corrected. Select a passage of the transcript to add as its quote, or delete the insight.';
