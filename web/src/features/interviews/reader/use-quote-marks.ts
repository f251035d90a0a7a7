import type { Insight } from '@verbatim/contract/insight';
import type { Interview } from '@verbatim/contract/project';
import { turnIndexAt } from '@verbatim/contract/transcript-lookup';
import type { TranscriptContent } from '@verbatim/contract/transcript-parts';
import { useMemo } from 'react';
import type { TranscriptQuote } from '..';
import { boardInsights, insightsQuoting, type BoardInsight } from '../../insights';

/** The insights beside one interview's transcript, and its quotes placed in the turns that hold them. */
export interface QuoteMarks {
  /** The insights quoting this interview. */
  quoting: BoardInsight[];
  /** Every insight of the project, for adding a passage to one. */
  everyInsight: BoardInsight[];
  /** This interview's quotes, by the start of the turn holding each. */
  quotesByTurn: ReadonlyMap<number, readonly TranscriptQuote[]>;
  /** The themes a new insight may join: the interview's own groups and every insight's theme. */
  themes: string[];
}

export function useQuoteMarks(
  insights: readonly Insight[] | undefined,
  doc: Interview | null | undefined,
  documentId: string,
  content: TranscriptContent | undefined,
): QuoteMarks {
  const quoting = useMemo(() => insightsQuoting(insights ?? [], documentId), [insights, documentId]);
  const everyInsight = useMemo(() => boardInsights(insights ?? []), [insights]);
  const quotesByTurn = useMemo(() => {
    const byTurn = new Map<number, TranscriptQuote[]>();
    if (!content) return byTurn;
    for (const insight of quoting) {
      for (const q of insight.quotes) {
        // Only a quote that is the words shown (a correction's quotes and transcript may arrive a moment apart).
        if (q.documentId !== documentId || content.text.slice(q.start, q.end) !== q.text) continue;
        const turn = content.turns[turnIndexAt(content.turns, q.start)];
        if (!turn) continue;
        const list = byTurn.get(turn.start) ?? [];
        list.push({ key: `${insight.id}|${q.start}-${q.end}`, insightId: insight.id, title: insight.title || 'Untitled Insight', start: q.start, end: q.end });
        byTurn.set(turn.start, list);
      }
    }
    return byTurn;
  }, [quoting, content, documentId]);
  const groupedTags = doc?.analysis?.groupedTags;
  const themes = useMemo(() => {
    const labels = new Map<string, string>();
    for (const g of groupedTags ?? []) if (g.groupLabel.trim()) labels.set(g.groupLabel.trim().toLowerCase(), g.groupLabel.trim());
    for (const i of everyInsight) if (i.theme?.trim()) labels.set(i.theme.trim().toLowerCase(), i.theme.trim());
    return [...labels.values()];
  }, [groupedTags, everyInsight]);
  return { quoting, everyInsight, quotesByTurn, themes };
}
