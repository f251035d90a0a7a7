import type { ExportModel } from '../export-model';
import { INSIGHT_WORDING_FIELDS, type InsightWordingField } from '@verbatim/contract/insight-schema';
import { csvDocument, type CsvValue } from './csv-format';

/** A column for each of an insight's words, in the contract's order. */
const WORDING_COLUMNS = { title: 'Insight', description: 'Description', tag: 'Tag' } as const satisfies Record<InsightWordingField, string>;

const QUOTE_COLUMNS = ['Quote', 'Speaker', 'Interview', 'Timestamp', 'Start', 'End'] as const;

export const INSIGHTS_CSV_HEADER: readonly string[] = ['Theme', 'Insight ID', ...INSIGHT_WORDING_FIELDS.map((field) => WORDING_COLUMNS[field]), ...QUOTE_COLUMNS];

/**
 * Every insight with its evidence, for a spreadsheet: one row per quote (an insight without quotes still gets
 * a row), themes and insights in board order. Start and End are the quote's offsets in the interview's stored
 * text (UTF-16 code units, as the app counts them); Timestamp is empty when the source has none.
 */
export function renderInsightsCsv(model: ExportModel): string {
  const rows: CsvValue[][] = [];
  for (const theme of model.themes) {
    for (const insight of theme.insights) {
      const about = [theme.name, insight.id, ...INSIGHT_WORDING_FIELDS.map((field) => insight[field])];
      if (insight.quotes.length === 0) rows.push([...about, ...QUOTE_COLUMNS.map(() => '')]);
      for (const quote of insight.quotes) {
        rows.push([...about, quote.text, quote.speaker, quote.documentName, quote.time ?? '', quote.start, quote.end]);
      }
    }
  }
  return csvDocument(INSIGHTS_CSV_HEADER, rows);
}
