import type { ConsolidatedInsight, Insight, Quote, TagGroup } from '@domain/insight';
import type { TranscriptDocument } from '@domain/project';
import { groupInsightsByTheme, tagKey, themeOf, type ThemeSection } from '@themes';

/** One card on the board: an interview's insight or a cross-interview one, with the interviews its quotes come from. */
export interface BoardInsight {
  id: string;
  title: string;
  description: string;
  tag: string;
  quotes: Quote[];
  documentIds: string[];
}

export function fromInsight(insight: Insight): BoardInsight {
  const { id, title, description, tag, quotes, documentId } = insight;
  return { id, title, description, tag, quotes, documentIds: [documentId] };
}

export function fromConsolidated(insight: ConsolidatedInsight): BoardInsight {
  const { id, title, description, tag, quotes } = insight;
  const documentIds = insight.documentIds.length > 0 ? insight.documentIds : [...new Set(quotes.map((q) => q.documentId))];
  return { id, title, description, tag, quotes, documentIds };
}

/** The themes of every analysed interview, in the order the interviews are listed. */
export function unionGroupedTags(documents: readonly Pick<TranscriptDocument, 'analysis'>[]): TagGroup[] {
  return documents.flatMap((d) => d.analysis?.groupedTags ?? []);
}

export interface BoardFilters {
  /** Only insights with a quote from this interview (document id); null: all. */
  interview: string | null;
  /** Only this theme (compared like tags: case and surrounding spaces ignored); null: all. */
  theme: string | null;
  /** Words that must all appear in the title, description, tag or a quote. */
  search: string;
}

export const NO_FILTERS: BoardFilters = { interview: null, theme: null, search: '' };

function normalise(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[’‘]/g, "'").toLowerCase();
}

/** True when every word of `search` appears in the insight's title, description, tag or one of its quotes. */
export function matchesSearch(insight: Pick<BoardInsight, 'title' | 'description' | 'tag' | 'quotes'>, search: string): boolean {
  const terms = normalise(search).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = normalise([insight.title, insight.description, insight.tag, ...insight.quotes.map((q) => q.text)].join('\n'));
  return terms.every((term) => haystack.includes(term));
}

/** Strongest first: more quotes, then the title, so the board does not reshuffle between visits. */
export function byEvidence(a: BoardInsight, b: BoardInsight): number {
  return b.quotes.length - a.quotes.length || a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
}

export interface Board {
  /** Theme sections after the filters, 'Other' last. */
  sections: ThemeSection<BoardInsight>[];
  /** Every theme with insights before the theme filter (for the theme picker). */
  themes: string[];
  /** Cards shown. */
  count: number;
}

/** The board: insights filtered, sorted by evidence, grouped into themes. */
export function buildBoard(insights: readonly BoardInsight[], groups: readonly TagGroup[], filters: BoardFilters): Board {
  const kept = insights
    .filter((i) => filters.interview === null || i.documentIds.includes(filters.interview) || i.quotes.some((q) => q.documentId === filters.interview))
    .filter((i) => matchesSearch(i, filters.search))
    .sort(byEvidence);
  const all = groupInsightsByTheme(kept, groups);
  const themes = all.map((s) => s.theme);
  const wanted = filters.theme === null ? null : tagKey(filters.theme);
  const sections = wanted === null ? all : all.filter((s) => tagKey(s.theme) === wanted);
  return { sections, themes, count: sections.reduce((n, s) => n + s.insights.length, 0) };
}

/** The theme an insight sits under on the board. */
export function boardThemeOf(insight: Pick<BoardInsight, 'tag'>, groups: readonly TagGroup[]): string {
  return themeOf(insight.tag, groups);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 insights. Jump to theme:" */
export function jumpHeading(count: number): string {
  return `${plural(count, 'insight', 'insights')}. Jump to theme:`;
}

/** "18 insights from 3 interviews" */
export function countsSentence(insights: number, interviews: number): string {
  return `${plural(insights, 'insight', 'insights')} from ${plural(interviews, 'interview', 'interviews')}`;
}

/** A stable element id for a theme section. */
export function themeSectionId(theme: string, index: number): string {
  const slug = tagKey(theme)
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `theme-${index}${slug ? `-${slug}` : ''}`;
}
