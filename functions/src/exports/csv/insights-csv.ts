import type { ExportModel } from '../export-model';
import { csvDocument, type CsvValue } from './csv-format';

/**
 * Every insight with its evidence, for a spreadsheet: one row per quote (an insight without quotes still gets
 * a row), themes and insights in board order. Start and End are the quote's offsets in the interview's stored
 * text (UTF-16 code units, as the app counts them); Timestamp is empty when the source has none.
 */
export const INSIGHTS_CSV_HEADER = [
  'Theme',
  'Insight ID',
  'Insight',
  'Description',
  'Tag',
  'Quote',
  'Speaker',
  'Interview',
  'Timestamp',
  'Start',
  'End',
] as const;

export function renderInsightsCsv(model: ExportModel): string {
  const rows: CsvValue[][] = [];
  for (const theme of model.themes) {
    for (const insight of theme.insights) {
      const about = [theme.name, insight.id, insight.title, insight.description, insight.tag];
      if (insight.quotes.length === 0) rows.push([...about, '', '', '', '', '', '']);
      for (const quote of insight.quotes) {
        rows.push([...about, quote.text, quote.speaker, quote.documentName, quote.time ?? '', quote.start, quote.end]);
      }
    }
  }
  return csvDocument(INSIGHTS_CSV_HEADER, rows);
}
