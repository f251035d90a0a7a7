import { fallbackTextWidthPt } from './fallback-text-width';

/**
 * A column of a report table: short values (dates, counts) whose every word stays whole, or wrapped text that takes a
 * share of the width the short columns leave.
 */
export type TableColumn = { kind: 'short' } | { kind: 'wrapped'; share: number };

export interface TableMeasure {
  /** The table's width, in twips. */
  width: number;
  /** Size of the cells' text, in points; the header row is bold. */
  sizePt: number;
  /** A cell's inner margin on each side, in twips. */
  padding: number;
}

const TWIPS_PER_PT = 20;
/** Room for rounding and hinting, in twips (1 pt). */
const SLACK = 20;

/**
 * Column widths in twips, adding up to the table's width. No word of a header, nor of a short column, can break
 * across lines: each column is at least as wide as those words set in the widest font a reader's software falls back
 * to (fallback-text-width). The wrapped columns are at least as wide as their header's words and share the rest.
 */
export function tableColumnWidths(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  columns: readonly TableColumn[],
  measure: TableMeasure,
): number[] {
  const widest = (texts: readonly string[], bold: boolean) =>
    Math.max(0, ...texts.flatMap((text) => text.split(/\s+/)).map((word) => fallbackTextWidthPt(word, measure.sizePt, bold)));
  const needs = columns.map((column, i) => {
    const words = Math.max(widest([header[i]], true), column.kind === 'short' ? widest(rows.map((row) => row[i]), false) : 0);
    return Math.ceil(words * TWIPS_PER_PT) + 2 * measure.padding + SLACK;
  });
  const spare = Math.max(0, measure.width - needs.reduce((a, b) => a + b, 0));
  const shares = columns.map((column) => (column.kind === 'wrapped' ? column.share : 0));
  const totalShare = shares.reduce((a, b) => a + b, 0);
  const widths = needs.map((need, i) => need + (totalShare > 0 ? Math.floor((spare * shares[i]) / totalShare) : 0));
  // What rounding left goes to the widest wrapped column (or the last column), so the widths add up exactly.
  const left = measure.width - widths.reduce((a, b) => a + b, 0);
  if (left > 0) {
    const target = totalShare > 0 ? shares.indexOf(Math.max(...shares)) : widths.length - 1;
    widths[target] += left;
  }
  return widths;
}
