/**
 * Themes: tags grouped under labels, and insights placed under the theme of their tag. Pure and deterministic;
 * used by the local analyser, project synthesis and the pages that show insights by theme.
 */
export { groupTags, type GroupTagsOptions } from './group-tags';
export { OTHER_THEME, tagKey } from './tag-key';
export { groupInsightsByTheme, themeOf, type ThemeSection } from './theme-of';
export { sectionsByTheme } from './sections-by-theme';
