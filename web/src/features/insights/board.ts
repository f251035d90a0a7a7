import { isVisibleInsight, type ConsolidatedInsight, type Insight, type Quote, type TagGroup } from '@verbatim/contract/insight';
import type { Interview } from '@verbatim/contract/project';
import { plural } from '@verbatim/contract/plural';
import { sectionsByTheme } from '@verbatim/contract/themes';
import { wordingOf, type InsightWording } from '@verbatim/contract/insight-fields';
import { filterBoard, indexBoard, normalise, searchTerms, type Board, type BoardFilters } from './board-index';

/** One card on the board: an interview's insight or a cross-interview one, with the interviews its quotes come from. */
export interface BoardInsight extends InsightWording {
  id: string;
  quotes: Quote[];
  documentIds: string[];
  /** The researcher's choice of theme, over the one the tag implies. */
  theme?: string | null;
  /** A transcript correction deleted the words of its last quote: it waits for a new one. */
  quotesRemoved?: boolean;
}

/** The insights a board shows: not deleted, not merged into another, as cards. */
export function boardInsights(insights: readonly Insight[]): BoardInsight[] {
  return insights.filter(isVisibleInsight).map(fromInsight);
}

export function fromInsight(insight: Insight): BoardInsight {
  const { id, quotes, documentId } = insight;
  const documentIds = [...new Set([documentId, ...quotes.map((q) => q.documentId)])].filter(Boolean);
  const card: BoardInsight = { id, ...wordingOf(insight), quotes, documentIds, theme: insight.theme?.trim() || null };
  if (insight.quotesRemovedAt && quotes.length === 0) card.quotesRemoved = true;
  return card;
}

export function fromConsolidated(insight: ConsolidatedInsight): BoardInsight {
  const { id, quotes } = insight;
  const documentIds = insight.documentIds.length > 0 ? insight.documentIds : [...new Set(quotes.map((q) => q.documentId))];
  return { id, ...wordingOf(insight), quotes, documentIds };
}

/** The themes of every analysed interview, in the order the interviews are listed. */
export function unionGroupedTags(documents: readonly Pick<Interview, 'analysis'>[]): TagGroup[] {
  return documents.flatMap((d) => d.analysis?.groupedTags ?? []);
}

export { sectionsByTheme };
export { byEvidence, filterBoard, indexBoard, isFiltered, NO_FILTERS, normalise, type Board, type BoardFilters, type BoardIndex } from './board-index';

/** True when every word of `search` appears in the insight's title, description, tag or one of its quotes. */
export function matchesSearch(insight: Pick<BoardInsight, 'title' | 'description' | 'tag' | 'quotes'>, search: string): boolean {
  const terms = searchTerms(search);
  if (terms.length === 0) return true;
  const haystack = normalise([insight.title, insight.description, insight.tag, ...insight.quotes.map((q) => q.text)].join('\n'));
  return terms.every((term) => haystack.includes(term));
}

/** The board: insights filtered, sorted by evidence, grouped into themes. */
export function buildBoard(insights: readonly BoardInsight[], groups: readonly TagGroup[], filters: BoardFilters): Board {
  return filterBoard(indexBoard(insights, groups), filters);
}

/** "18 insights from 3 interviews" */
export function countsSentence(insights: number, interviews: number): string {
  return `${plural(insights, 'insight', 'insights')} from ${plural(interviews, 'interview', 'interviews')}`;
}

