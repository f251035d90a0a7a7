import type { PublicDocument, PublicQuote } from '@domain/share';

/** What the public pages say and how they name things. Pure. */

export const UNTITLED_INSIGHT = 'Untitled Insight';
export const SUPPORTING_QUOTES = 'Supporting Quotes';
export const SUMMARY_HEADING = 'Project-Level Summary Insights';
export const INTERVIEWS_HEADING = 'Interview-Level Detailed Insights';
export const SUMMARY_LOAD_ERROR = 'Unable to load summary.';
export const INTERVIEWS_LOAD_ERROR = 'Unable to load detailed insights.';

/** Document id → name, from a response's `documents`. */
export function documentNames(documents: readonly PublicDocument[] | undefined): ReadonlyMap<string, string> {
  return new Map((documents ?? []).map((d) => [d.id, d.name]));
}

/**
 * The name a quote's source is cited under: the quote's own docName (interview page) first, otherwise
 * the document's name when it is known, otherwise 'Doc ' and the first 6 characters of the document id.
 */
export function quoteSourceName(quote: Pick<PublicQuote, 'documentId' | 'docName'>, names: ReadonlyMap<string, string>): string {
  const own = quote.docName?.trim();
  if (own) return own;
  const known = names.get(quote.documentId)?.trim();
  if (known) return known;
  return `Doc ${quote.documentId.slice(0, 6)}`;
}

/** A source timestamp in seconds as "mm:ss", or "h:mm:ss" from one hour. */
export function quoteTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** "— Jack Dorsey, Founders Talk · 11:50"; without a speaker or a timestamp, those parts are left out. */
export function citationText(quote: Pick<PublicQuote, 'speaker' | 'ts' | 'documentId' | 'docName'>, names: ReadonlyMap<string, string>): string {
  const speaker = quote.speaker?.trim();
  const time = typeof quote.ts === 'number' && Number.isFinite(quote.ts) ? ` · ${quoteTime(quote.ts)}` : '';
  return `— ${speaker ? `${speaker}, ` : ''}${quoteSourceName(quote, names)}${time}`;
}

/** How many different sources an insight's quotes come from. */
export function uniqueSourceCount(quotes: readonly Pick<PublicQuote, 'documentId'>[]): number {
  return new Set(quotes.map((q) => q.documentId)).size;
}

/** The badge's tooltip. */
export function uniqueSourcesTooltip(n: number): string {
  return `${n} unique quote sources`;
}

/** The title shown for an insight: its own, or 'Untitled Insight' when blank. */
export function insightTitle(title: string | undefined | null): string {
  return (typeof title === 'string' && title.trim()) || UNTITLED_INSIGHT;
}

/** "12 insights. Jump to theme:" (one insight: "1 insight. Jump to theme:"). */
export function jumpHeading(count: number): string {
  return `${count} ${count === 1 ? 'insight' : 'insights'}. Jump to theme:`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** How many different interviews a list of insights draws its quotes from. */
export function interviewCount(insights: readonly { documentId: string; quotes: readonly Pick<PublicQuote, 'documentId'>[] }[]): number {
  const ids = new Set<string>();
  for (const insight of insights) {
    if (insight.documentId) ids.add(insight.documentId);
    for (const quote of insight.quotes) ids.add(quote.documentId);
  }
  return ids.size;
}
