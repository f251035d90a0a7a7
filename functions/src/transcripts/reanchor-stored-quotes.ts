/**
 * Every place a quote of an interview is stored, re-anchored after a correction of its transcript: an insight's quotes
 * (and the quotes a merge would restore on undo), the synthesis's consolidated quotes, and the public views' quotes.
 * Quotes of other interviews are left as they are. Pure.
 */
import { quoteFromData } from '@verbatim/contract/insight-data';
import type { ConsolidatedInsight, Quote } from '@verbatim/contract/insight';
import type { QuoteCorrectionCounts } from '@verbatim/contract/transcript-correction';
import type { PublicInterviewsResponse, PublicSummaryResponse } from '@verbatim/contract/share';

/** A quote of the corrected interview at its new place, or null when it cannot be kept (see `applyCorrection`). */
export type Reanchor = <Q extends Quote>(quote: Q) => Q | null;

/** Counts of what re-anchoring did, added up over every stored copy. */
export class CorrectionTally {
  changed = 0;
  removed = 0;
  insightsWithoutQuotes = 0;

  counts(): QuoteCorrectionCounts {
    return { changed: this.changed, removed: this.removed, insightsWithoutQuotes: this.insightsWithoutQuotes };
  }
}

const sameQuote = (a: Quote, b: Quote) => a.start === b.start && a.end === b.end && a.text === b.text && a.speaker === b.speaker;

/** `quotes` with those of `documentId` re-anchored; null when none of them changed. */
export function reanchorQuoteList<Q extends Quote>(quotes: readonly Q[], documentId: string, reanchor: Reanchor, tally?: CorrectionTally): Q[] | null {
  let touched = false;
  const kept: Q[] = [];
  for (const quote of quotes) {
    if (quote.documentId !== documentId) {
      kept.push(quote);
      continue;
    }
    const moved = reanchor(quote);
    if (moved === null) {
      touched = true;
      if (tally) tally.removed++;
      continue;
    }
    if (!sameQuote(quote, moved)) {
      touched = true;
      if (tally) tally.changed++;
    }
    kept.push(moved);
  }
  return touched ? kept : null;
}

/** What to write on a stored insight (`projects/{p}/insights/{id}`, as stored), or null when it holds no quote that moved. */
export function reanchorInsightData(data: Record<string, unknown>, documentId: string, reanchor: Reanchor, at: Date, tally: CorrectionTally): Record<string, unknown> | null {
  const stored = (value: unknown) => (Array.isArray(value) ? value.map((q) => quoteFromData(q, String(data.documentId ?? ''))).filter((q): q is Quote => q !== null) : []);
  const update: Record<string, unknown> = {};
  const before = stored(data.quotes);
  const quotes = reanchorQuoteList(before, documentId, reanchor, tally);
  if (quotes) {
    update.quotes = quotes;
    if (quotes.length === 0 && before.length > 0) {
      update.quotesRemovedAt = at;
      tally.insightsWithoutQuotes++;
    }
  }
  // The quotes an undo of the latest merge puts back must be exact spans too (not counted: they are not shown).
  const lastMerge = data.lastMerge as { from?: unknown; quotesBefore?: unknown } | null | undefined;
  if (lastMerge && typeof lastMerge === 'object') {
    const quotesBefore = reanchorQuoteList(stored(lastMerge.quotesBefore), documentId, reanchor);
    if (quotesBefore) update.lastMerge = { ...lastMerge, quotesBefore };
  }
  return Object.keys(update).length > 0 ? update : null;
}

/** Items holding quotes, with the interview's quotes re-anchored in each; null when none moved. */
function reanchorEach<T extends { quotes: Quote[] }>(items: readonly T[], documentId: string, reanchor: Reanchor): T[] | null {
  let touched = false;
  const next = items.map((item) => {
    const quotes = reanchorQuoteList(item.quotes, documentId, reanchor);
    if (!quotes) return item;
    touched = true;
    return { ...item, quotes };
  });
  return touched ? next : null;
}

/** The synthesis's consolidated insights with the interview's quotes re-anchored; null when none moved. */
export function reanchorConsolidated(insights: readonly ConsolidatedInsight[], documentId: string, reanchor: Reanchor): ConsolidatedInsight[] | null {
  return reanchorEach(insights, documentId, reanchor);
}

/** The public summary with the interview's quotes re-anchored; null when none moved. */
export function reanchorSummaryView(view: PublicSummaryResponse, documentId: string, reanchor: Reanchor): PublicSummaryResponse | null {
  const consolidatedInsights = reanchorEach(view.consolidatedInsights, documentId, reanchor);
  return consolidatedInsights ? { ...view, consolidatedInsights } : null;
}

/**
 * The public interviews view with the interview's quotes re-anchored, an insight whose quotes were all removed taken off
 * it (as the view is built: only insights with a quote are public); null when no quote moved.
 */
export function reanchorInterviewsView(view: PublicInterviewsResponse, documentId: string, reanchor: Reanchor): PublicInterviewsResponse | null {
  let touched = false;
  const insights = view.insights.flatMap((insight) => {
    const quotes = reanchorQuoteList(insight.quotes, documentId, reanchor);
    if (!quotes) return [insight];
    touched = true;
    return quotes.length > 0 ? [{ ...insight, quotes }] : [];
  });
  return touched ? { ...view, insights } : null;
}
