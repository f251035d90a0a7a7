import type { BoardIndex } from './board-index';

/**
 * What the pictures draw, computed from the board's index (so they agree with the board): for each theme and
 * interview, how many quotes from that interview support the theme's insights; and per theme, its insights and
 * quotes.
 */

export interface HeatmapInterview {
  id: string;
  name: string;
}

export interface HeatmapCell {
  /** Quotes from this interview among the theme's insights. */
  quotes: number;
  /** The theme's insights with at least one quote from this interview. */
  insights: number;
}

export interface Heatmap {
  themes: string[];
  interviews: HeatmapInterview[];
  /** cells[theme][interview] */
  cells: HeatmapCell[][];
  /** The largest quote count of any cell (0 when empty). */
  max: number;
}

export interface ThemeTotal {
  theme: string;
  insights: number;
  quotes: number;
  /** Interviews with a quote under this theme. */
  interviews: number;
}

/**
 * Theme × interview: rows in board order, columns in the order given. Quotes from interviews not listed (deleted,
 * or not analysed yet) are not drawn.
 */
export function themeInterviewHeatmap(index: Pick<BoardIndex, 'entries' | 'themes'>, interviews: readonly HeatmapInterview[]): Heatmap {
  const column = new Map(interviews.map((d, i) => [d.id, i]));
  const row = new Map(index.themes.map((t, i) => [t, i]));
  const cells = index.themes.map(() => interviews.map((): HeatmapCell => ({ quotes: 0, insights: 0 })));
  for (const entry of index.entries) {
    const r = row.get(entry.theme);
    if (r === undefined) continue;
    const seen = new Set<number>();
    for (const quote of entry.insight.quotes) {
      const c = column.get(quote.documentId);
      if (c === undefined) continue;
      cells[r][c].quotes++;
      if (!seen.has(c)) {
        seen.add(c);
        cells[r][c].insights++;
      }
    }
  }
  let max = 0;
  for (const line of cells) for (const cell of line) max = Math.max(max, cell.quotes);
  return { themes: [...index.themes], interviews: [...interviews], cells, max };
}

/** Insights and quotes per theme, in board order. */
export function themeTotals(index: Pick<BoardIndex, 'entries' | 'themes'>): ThemeTotal[] {
  const totals = new Map(index.themes.map((theme) => [theme, { theme, insights: 0, quotes: 0, documents: new Set<string>() }]));
  for (const entry of index.entries) {
    const total = totals.get(entry.theme);
    if (!total) continue;
    total.insights++;
    total.quotes += entry.insight.quotes.length;
    for (const q of entry.insight.quotes) total.documents.add(q.documentId);
  }
  return [...totals.values()].map(({ theme, insights, quotes, documents }) => ({ theme, insights, quotes, interviews: documents.size }));
}

/**
 * "Pain points: 3 quotes from Interview 2 (2 insights)"; the cell's accessible name. The theme's name leads, never
 * in quotation marks (they mean a participant's words).
 */
export function cellLabel(theme: string, interview: string, cell: HeatmapCell): string {
  if (cell.quotes === 0) return `${theme}: no quotes from ${interview}`;
  const quotes = `${cell.quotes} ${cell.quotes === 1 ? 'quote' : 'quotes'}`;
  const insights = `${cell.insights} ${cell.insights === 1 ? 'insight' : 'insights'}`;
  return `${theme}: ${quotes} from ${interview} (${insights})`;
}

/** A short column label for an interview name: without its extension, cut to `max` characters. */
export function shortName(name: string, max = 22): string {
  const bare = name.replace(/\.(txt|md|docx|pdf|vtt|srt|sub)$/i, '').replace(/[_]+/g, ' ').trim() || name;
  return bare.length <= max ? bare : `${bare.slice(0, max - 1).trimEnd()}…`;
}
