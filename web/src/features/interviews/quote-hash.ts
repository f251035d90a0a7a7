/** Quote links inside an interview's page: the `#q-<start>-<end>` hash, and how a turn shows the quote it names. */

/** A quoted span of a transcript, as character offsets [start, end) into the stored text. */
export interface QuoteRange {
  start: number;
  end: number;
}

/** The URL hash (without '#') naming a quote's passage: `q-<start>-<end>`. */
export function quoteHash(range: QuoteRange): string {
  return `q-${range.start}-${range.end}`;
}

/**
 * The quote range a URL hash names (`#q-12-40` or `q-12-40`), or null when the hash is anything else:
 * offsets must be whole non-negative numbers with start before end.
 */
export function parseQuoteHash(hash: string): QuoteRange | null {
  const match = /^#?q-(\d{1,9})-(\d{1,9})$/.exec(hash);
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  return start < end ? { start, end } : null;
}

/** A span of one turn: the text before the quote, the quote, the text after it (offsets into the stored text). */
export interface TurnHighlight {
  before: QuoteRange;
  mark: QuoteRange;
  after: QuoteRange;
}

/**
 * How a turn [turnStart, turnEnd) shows a quote: null when the quote does not start inside this turn; otherwise
 * the turn cut into before / quote / after. A quote is a span of one turn, so its end is held to the turn's end.
 */
export function highlightInTurn(turnStart: number, turnEnd: number, range: QuoteRange | null): TurnHighlight | null {
  if (!range || range.start < turnStart || range.start >= turnEnd) return null;
  const end = Math.min(range.end, turnEnd);
  return {
    before: { start: turnStart, end: range.start },
    mark: { start: range.start, end },
    after: { start: end, end: turnEnd },
  };
}
