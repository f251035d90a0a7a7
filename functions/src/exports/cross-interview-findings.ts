import type { ConsolidatedInsight } from '@verbatim/contract/insight';
import type { ExportInsight, ExportInterview, ExportQuote, ExportTheme } from './export-model';

/**
 * A finding across interviews: the project synthesis's consolidated insight, as the board curates it. Its quotes are
 * those of the board's own (visible, verbatim-checked) insights it merges, so a quote the researcher removed, or one
 * that no longer matches its transcript, is never shown.
 */
export type ExportFinding = Pick<ExportInsight, 'id' | 'title' | 'description' | 'theme' | 'quotes' | 'documentIds'>;

/**
 * The synthesis's findings that still rest on the board: each kept when at least one insight it merges is exported,
 * filed under that insight's theme, with the quotes of its exported insights (and a researcher's own title when it
 * merges one insight only). In the synthesis's order. Pure.
 */
export function crossInterviewFindings(consolidated: readonly ConsolidatedInsight[], themes: readonly ExportTheme[], interviews: readonly ExportInterview[]): ExportFinding[] {
  const placed = new Map(themes.flatMap((theme) => theme.insights.map((insight) => [insight.id, insight] as const)));
  const order = new Map(interviews.map((interview, i) => [interview.id, i]));
  const quoteKey = (q: Pick<ExportQuote, 'documentId' | 'start' | 'end'>) => `${q.documentId}:${q.start}:${q.end}`;
  return consolidated.flatMap((finding): ExportFinding[] => {
    const sources = finding.sourceInsightIds.flatMap((id) => placed.get(id) ?? []);
    if (sources.length === 0) return [];
    const shown = new Map(sources.flatMap((insight) => insight.quotes.map((q) => [quoteKey(q), q] as const)));
    // The synthesis's choice and order of quotes, among those the board shows; then the board's others.
    const chosen = finding.quotes.flatMap((q) => shown.get(quoteKey(q)) ?? []);
    const quotes = [...new Set([...chosen, ...shown.values()])];
    if (quotes.length === 0) return [];
    const documentIds = [...new Set([...sources.flatMap((s) => s.documentIds), ...quotes.map((q) => q.documentId)])]
      .filter((id) => order.has(id))
      .sort((a, b) => order.get(a)! - order.get(b)!);
    const single = sources.length === 1 && finding.sourceInsightIds.length === 1;
    return [
      {
        id: finding.id,
        title: single ? sources[0].title : finding.title.trim() || sources[0].title,
        description: single ? sources[0].description : finding.description.trim(),
        theme: sources[0].theme,
        quotes,
        documentIds,
      },
    ];
  });
}
