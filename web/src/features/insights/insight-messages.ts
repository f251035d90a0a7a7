import { insightTitle } from './quote-format';

/**
 * What the board says about an insight it changed. Quotation marks mean a participant's words, so an insight's
 * title (and a theme's name) is never put in them: it follows a colon, as it is written.
 */

/** A sentence ends with the title; a title that already ends one (".", "?", a closing mark) gets no full stop. */
function ending(title: string): string {
  const shown = insightTitle(title);
  return /[.!?…:;”’»"')]$/.test(shown) ? shown : `${shown}.`;
}

/** "Deleted the insight: Onboarding takes too long." */
export const insightMessage = (what: string, title: string): string => `${what}: ${ending(title)}`;

/** Where a move puts an insight: the theme's name as it is written, or "the theme of its tag" (null). */
export const themeLabel = (theme: string | null): string => theme ?? 'the theme of its tag';

/** The merge checkbox's accessible name. */
export const selectToMergeLabel = (title: string): string => `Select to merge: ${insightTitle(title)}`;
