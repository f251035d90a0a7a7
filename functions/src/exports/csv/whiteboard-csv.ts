import type { ExportInsight, ExportModel, ExportQuote } from '../export-model';
import { csvDocument, type CsvValue } from './csv-format';

/**
 * The board as sticky notes for Miro and FigJam: theme by theme, each insight's title, then each of its quotes
 * verbatim with its citation. `renderWhiteboardCsv` is the file to import; `renderWhiteboardText` the same
 * stickies as plain text for the clipboard.
 */
export const WHITEBOARD_CSV_HEADER = ['Theme', 'Sticky', 'Type', 'Source', 'Insight'] as const;

export type StickyType = 'Insight' | 'Quote';

/** A quote sticky: “verbatim” — Speaker, Interview · 12:34 */
export function quoteSticky(quote: ExportQuote): string {
  return `“${quote.text}” ${quote.citation}`;
}

export function renderWhiteboardCsv(model: ExportModel): string {
  const rows: CsvValue[][] = [];
  for (const theme of model.themes) {
    for (const insight of theme.insights) {
      rows.push(stickyRow(theme.name, insight.title, 'Insight', insightSources(model, insight), insight.title));
      for (const quote of insight.quotes) rows.push(stickyRow(theme.name, quoteSticky(quote), 'Quote', quote.documentName, insight.title));
    }
  }
  return csvDocument(WHITEBOARD_CSV_HEADER, rows);
}

/**
 * One sticky per line under a line naming its theme, a blank line between themes. Line breaks inside a quote
 * become spaces here (a line is a sticky); the CSV keeps them.
 */
export function renderWhiteboardText(model: ExportModel): string {
  const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  return model.themes
    .map((theme) =>
      [
        `${theme.name}:`,
        ...theme.insights.flatMap((insight) => [insight.title, ...insight.quotes.map(quoteSticky)]).map(oneLine),
      ].join('\n'),
    )
    .join('\n\n')
    .concat(model.themes.length ? '\n' : '');
}

function stickyRow(theme: string, sticky: string, type: StickyType, source: string, insight: string): CsvValue[] {
  return [theme, sticky, type, source, insight];
}

function insightSources(model: ExportModel, insight: ExportInsight): string {
  return insight.documentIds.map((id) => model.interviews.find((i) => i.id === id)?.name ?? id).join('; ');
}
