import type { TagGroup } from '@verbatim/contract/insight';
import { groupInsightsByTheme, type ThemeSection } from '@verbatim/contract/themes';

/**
 * The public pages' layout of insights: theme sections from the tag groups (matching ignores case and
 * surrounding spaces, on both the original and the refined tag; what matches nothing goes under
 * 'Other'), or one flat list when the page has no themes.
 */
export type PublicLayout<T> = { kind: 'flat'; insights: T[] } | { kind: 'themes'; sections: ThemeSection<T>[] };

export function hasThemes(groups: readonly TagGroup[] | undefined): boolean {
  return (groups ?? []).some((g) => g.groupLabel.trim() !== '' && g.tags.length > 0);
}

/** `flatWithoutThemes`: the summary page lists its insights flat when there are no theme groups. */
export function publicLayout<T extends { tag: string }>(
  insights: readonly T[],
  groups: readonly TagGroup[] | undefined,
  { flatWithoutThemes }: { flatWithoutThemes: boolean },
): PublicLayout<T> {
  if (flatWithoutThemes && !hasThemes(groups)) return { kind: 'flat', insights: [...insights] };
  return { kind: 'themes', sections: groupInsightsByTheme(insights.map(withTag), groups ?? []) as ThemeSection<T>[] };
}

/** A missing tag reads as blank (and so as 'Other'), never as a crash. */
function withTag<T extends { tag: string }>(insight: T): T {
  return typeof insight.tag === 'string' ? insight : { ...insight, tag: '' };
}

