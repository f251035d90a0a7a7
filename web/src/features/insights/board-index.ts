import type { TagGroup } from '@verbatim/contract/insight';
import { OTHER_THEME, tagKey, type ThemeSection } from '@verbatim/contract/themes';
import type { BoardInsight } from './board';

/**
 * The board's work split in two: `indexBoard` does everything that depends only on the insights and the themes
 * (theme of each insight, evidence order, a normalised search text) once per snapshot; `filterBoard` then only
 * filters and groups, so a keystroke in the search box costs a few string searches per insight, not a regrouping.
 */

export interface BoardEntry {
  insight: BoardInsight;
  /** The theme's label as shown, and its key (tagKey of the label). */
  theme: string;
  themeKey: string;
  tagKey: string;
  /** Normalised title, description, tag and quotes, for the search. */
  haystack: string;
}

export interface FilterOption {
  value: string;
  label: string;
  count: number;
}

export interface BoardIndex {
  /** Strongest first (see `byEvidence`). */
  entries: BoardEntry[];
  /** Every theme with an insight, in board order ('Other' last). */
  themes: string[];
  /** Every tag used, as first spelled, most used first. */
  tags: FilterOption[];
  /** Every speaker quoted, most quoted first. */
  speakers: FilterOption[];
}

export interface BoardFilters {
  /** Only insights with a quote from this interview (document id); null: all. */
  interview: string | null;
  /** Only this theme (compared like tags: case and surrounding spaces ignored); null: all. */
  theme: string | null;
  /** Words that must all appear in the title, description, tag or a quote. */
  search: string;
  /** Only insights with this tag (case and surrounding spaces ignored); null or absent: all. */
  tag?: string | null;
  /** Only insights quoting this speaker (in the chosen interview, when one is chosen); null or absent: all. */
  speaker?: string | null;
}

export const NO_FILTERS: BoardFilters = { interview: null, theme: null, search: '', tag: null, speaker: null };

export interface Board {
  /** Theme sections after the filters, 'Other' last. */
  sections: ThemeSection<BoardInsight>[];
  /** Every theme with insights before the theme filter (after the others). */
  themes: string[];
  /** Cards shown. */
  count: number;
}

/** Lower case, accents and curly apostrophes folded: what search compares. */
export function normalise(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[’‘]/g, "'").toLowerCase();
}

/** The words of a search, normalised; none for a blank search. */
export function searchTerms(search: string): string[] {
  return normalise(search).split(/\s+/).filter(Boolean);
}

const sourcesOf = (i: Pick<BoardInsight, 'quotes'>) => new Set(i.quotes.map((q) => q.documentId)).size;

/**
 * Strongest first: heard in more interviews, then backed by more quotes, then by title, so the board does not
 * reshuffle between visits.
 */
export function byEvidence(a: BoardInsight, b: BoardInsight): number {
  return sourcesOf(b) - sourcesOf(a) || b.quotes.length - a.quotes.length || a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
}

const OTHER_KEY = tagKey(OTHER_THEME);

/**
 * Themes as the public pages place them (`themeOf`: the first group with a non-blank label holding the tag;
 * labels compared like tags and shown as first spelled; 'Other' when none), with a researcher's own theme
 * choice taking precedence. Themes chosen by hand that no group has come after the groups' themes.
 */
export function indexBoard(insights: readonly BoardInsight[], groups: readonly TagGroup[]): BoardIndex {
  // Group labels by key, as first spelled; then each tag's theme: the first group holding it.
  const labels = new Map<string, string>();
  const tagTheme = new Map<string, string>();
  for (const group of groups) {
    const label = group.groupLabel.trim();
    const key = tagKey(label);
    if (key === '') continue;
    if (!labels.has(key)) labels.set(key, label);
    for (const ref of group.tags) {
      for (const spelling of [ref.originalTag, ref.refinedTag]) {
        const k = tagKey(spelling);
        if (k !== '' && !tagTheme.has(k)) tagTheme.set(k, key);
      }
    }
  }
  const chosenLabels = new Map<string, string>();
  const sorted = [...insights].sort(byEvidence);
  const tags = new Map<string, FilterOption>();
  const speakers = new Map<string, FilterOption>();
  const entries = sorted.map((insight): BoardEntry => {
    let themeKey: string;
    const chosen = insight.theme?.trim();
    if (chosen) {
      themeKey = tagKey(chosen);
      if (!labels.has(themeKey) && !chosenLabels.has(themeKey)) chosenLabels.set(themeKey, chosen);
    } else {
      themeKey = tagTheme.get(tagKey(insight.tag)) ?? OTHER_KEY;
    }
    const theme = themeKey === OTHER_KEY ? OTHER_THEME : (labels.get(themeKey) ?? chosenLabels.get(themeKey) ?? OTHER_THEME);
    const key = tagKey(insight.tag);
    if (key) {
      const option = tags.get(key) ?? { value: insight.tag.trim(), label: insight.tag.trim(), count: 0 };
      option.count++;
      tags.set(key, option);
    }
    for (const speaker of new Set(insight.quotes.map((q) => q.speaker))) {
      const option = speakers.get(speaker) ?? { value: speaker, label: speaker, count: 0 };
      option.count++;
      speakers.set(speaker, option);
    }
    const haystack = normalise([insight.title, insight.description, insight.tag, ...insight.quotes.map((q) => q.text)].join('\n'));
    return { insight, theme, themeKey, tagKey: key, haystack };
  });
  const used = new Set(entries.map((e) => e.themeKey));
  const order = [...labels.keys(), ...chosenLabels.keys()].filter((k) => k !== OTHER_KEY && used.has(k));
  const themes = [...order.map((k) => labels.get(k) ?? chosenLabels.get(k)!), ...(used.has(OTHER_KEY) ? [OTHER_THEME] : [])];
  const byCount = (a: FilterOption, b: FilterOption) => b.count - a.count || a.label.localeCompare(b.label);
  return { entries, themes, tags: [...tags.values()].sort(byCount), speakers: [...speakers.values()].sort(byCount) };
}

/** Whether an entry passes every filter but the theme. */
function passes(entry: BoardEntry, filters: BoardFilters, terms: readonly string[], tag: string | null): boolean {
  const { insight } = entry;
  const { interview } = filters;
  const speaker = filters.speaker ?? null;
  if (tag !== null && entry.tagKey !== tag) return false;
  if (speaker !== null) {
    if (!insight.quotes.some((q) => q.speaker === speaker && (interview === null || q.documentId === interview))) return false;
  } else if (interview !== null && !insight.documentIds.includes(interview) && !insight.quotes.some((q) => q.documentId === interview)) {
    return false;
  }
  for (const term of terms) if (!entry.haystack.includes(term)) return false;
  return true;
}

/** The board after the filters: theme sections in index order, each strongest first. */
export function filterBoard(index: BoardIndex, filters: BoardFilters): Board {
  const terms = searchTerms(filters.search);
  const tag = filters.tag?.trim() ? tagKey(filters.tag) : null;
  const wanted = filters.theme === null ? null : tagKey(filters.theme);
  const sections = new Map<string, ThemeSection<BoardInsight>>();
  const present = new Set<string>();
  for (const entry of index.entries) {
    if (!passes(entry, filters, terms, tag)) continue;
    present.add(entry.themeKey);
    if (wanted !== null && entry.themeKey !== wanted) continue;
    let section = sections.get(entry.themeKey);
    if (!section) sections.set(entry.themeKey, (section = { theme: entry.theme, insights: [] }));
    section.insights.push(entry.insight);
  }
  const themes = index.themes.filter((t) => present.has(tagKey(t)));
  const ordered = index.themes.map((t) => sections.get(tagKey(t))).filter((s): s is ThemeSection<BoardInsight> => s !== undefined);
  return { sections: ordered, themes, count: ordered.reduce((n, s) => n + s.insights.length, 0) };
}

/** Whether any filter is set. */
export function isFiltered(filters: BoardFilters): boolean {
  return filters.interview !== null || filters.theme !== null || Boolean(filters.tag) || Boolean(filters.speaker) || filters.search.trim() !== '';
}
