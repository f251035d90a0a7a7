import type { TagGroup } from '../insight';
import { OTHER_THEME, tagKey } from './tag-key';

/**
 * The theme (group label) an insight's tag belongs to: the first group with a tag whose original or refined
 * spelling matches (case-insensitive, trimmed); 'Other' when none does, when the tag is blank, or when the
 * matching group has a blank label.
 */
export function themeOf(tag: string, groups: readonly TagGroup[]): string {
  const key = tagKey(tag);
  if (key === '') return OTHER_THEME;
  for (const group of groups) {
    const label = group.groupLabel.trim();
    if (label === '') continue;
    if (group.tags.some((ref) => tagKey(ref.originalTag) === key || tagKey(ref.refinedTag) === key)) return label;
  }
  return OTHER_THEME;
}

export interface ThemeSection<T> {
  theme: string;
  insights: T[];
}

/**
 * Insights grouped under their themes, in the order the groups are listed, with 'Other' last. Labels that differ
 * only in case or surrounding spaces are one theme (shown as first spelled); a group literally labelled "Other"
 * shares the 'Other' section. Themes without insights are left out; insights keep their order within a theme.
 */
export function groupInsightsByTheme<T extends { tag: string }>(
  insights: readonly T[],
  groups: readonly TagGroup[],
): ThemeSection<T>[] {
  const sections = new Map<string, ThemeSection<T>>();
  for (const group of groups) {
    const label = group.groupLabel.trim();
    const key = tagKey(label);
    if (key === '' || key === tagKey(OTHER_THEME) || sections.has(key)) continue;
    sections.set(key, { theme: label, insights: [] });
  }
  const other: ThemeSection<T> = { theme: OTHER_THEME, insights: [] };
  for (const insight of insights) {
    const theme = themeOf(insight.tag, groups);
    (sections.get(tagKey(theme)) ?? other).insights.push(insight);
  }
  const ordered = [...sections.values()].filter((section) => section.insights.length > 0);
  return other.insights.length > 0 ? [...ordered, other] : ordered;
}
