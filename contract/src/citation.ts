/**
 * How a quote is cited and an insight is titled, in the workspace and on the public pages alike.
 * Pure (no SDK): the public pages and the server's exports use it too.
 */
export interface CitableQuote {
  documentId: string;
  docName?: string;
  speaker?: string;
  ts?: number;
}

export const UNTITLED_INSIGHT = 'Untitled Insight';

/**
 * The name a quote is cited under: its own `docName` first, otherwise the interview's name when it is
 * known, otherwise 'Doc ' and the first 6 characters of the document id.
 */
export function sourceName(quote: Pick<CitableQuote, 'documentId' | 'docName'>, names: ReadonlyMap<string, string>): string {
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

/**
 * "— Jack Dorsey, Founders Talk · 11:50"; without a speaker or a timestamp, those parts are left out. An interview
 * named after its participant (as proposed at upload: "Dana Whitfield · 12 Mar 2024") is not preceded by the same name
 * again: "— Dana Whitfield · 12 Mar 2024 · 11:50".
 */
export function citationText(quote: CitableQuote, names: ReadonlyMap<string, string>): string {
  const speaker = quote.speaker?.trim();
  const time = typeof quote.ts === 'number' && Number.isFinite(quote.ts) ? ` · ${quoteTime(quote.ts)}` : '';
  const source = sourceName(quote, names);
  const saysSpeaker = speaker && source.toLowerCase().startsWith(speaker.toLowerCase()) && /^($|\s*[·,(—-])/.test(source.slice(speaker.length));
  return `— ${speaker && !saysSpeaker ? `${speaker}, ` : ''}${source}${time}`;
}

/** How many different interviews an insight's quotes come from. */
export function uniqueSourceCount(quotes: readonly Pick<CitableQuote, 'documentId'>[]): number {
  return new Set(quotes.map((q) => q.documentId)).size;
}

/** The badge's tooltip: '{n} unique quote sources'. */
export function uniqueSourcesTooltip(n: number): string {
  return `${n} unique quote sources`;
}

/** The title shown for an insight: its own, or 'Untitled Insight' when blank. */
export function insightTitle(title: string | undefined | null): string {
  return (typeof title === 'string' && title.trim()) || UNTITLED_INSIGHT;
}
