import type { TagGroup } from '../insight';
import { OTHER_THEME, tagKey } from './tag-key';
import { groupInsightsByTheme, themeOf, type ThemeSection } from './theme-of';

/**
 * Insights under their themes: `groupInsightsByTheme` for the tags, with a researcher's own theme choice taking
 * precedence. Themes chosen by hand that no group has come after the groups' themes; 'Other' stays last.
 */
export function sectionsByTheme<T extends { tag: string; theme?: string | null }>(insights: readonly T[], groups: readonly TagGroup[]): ThemeSection<T>[] {
  const chosen = insights.filter((i) => i.theme?.trim());
  if (chosen.length === 0) return groupInsightsByTheme(insights, groups);
  const labels = new Map<string, string>();
  for (const group of groups) {
    const key = tagKey(group.groupLabel);
    if (key && !labels.has(key)) labels.set(key, group.groupLabel.trim());
  }
  for (const insight of chosen) {
    const key = tagKey(insight.theme!);
    if (!labels.has(key)) labels.set(key, insight.theme!.trim());
  }
  const sections = new Map<string, ThemeSection<T>>();
  for (const [key, label] of labels) if (key !== tagKey(OTHER_THEME)) sections.set(key, { theme: label, insights: [] });
  const other: ThemeSection<T> = { theme: OTHER_THEME, insights: [] };
  for (const insight of insights) {
    const theme = insight.theme?.trim() || themeOf(insight.tag, groups);
    (sections.get(tagKey(theme)) ?? other).insights.push(insight);
  }
  const ordered = [...sections.values()].filter((s) => s.insights.length > 0);
  return other.insights.length > 0 ? [...ordered, other] : ordered;
}
