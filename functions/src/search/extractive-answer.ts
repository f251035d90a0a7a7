/**
 * The answer made without a model: the most relevant passages grouped by theme ("4 interviews mention Trust in AI
 * tools"), themes with more interviews first, passages in their rank order. Every word shown is a stored span. Pure.
 */
import type { AskGroup, AskPassage } from '@verbatim/contract/search';

export const OTHER_PASSAGES = 'Other passages';
/** Passages an extractive answer shows at most. */
export const EXTRACTIVE_PASSAGES = 8;

export function extractiveGroups(passages: readonly AskPassage[], limit = EXTRACTIVE_PASSAGES): AskGroup[] {
  const groups = new Map<string, { passages: AskPassage[]; firstRank: number }>();
  passages.slice(0, limit).forEach((p, rank) => {
    const theme = p.theme ?? OTHER_PASSAGES;
    const group = groups.get(theme) ?? { passages: [], firstRank: rank };
    group.passages.push(p);
    groups.set(theme, group);
  });
  return [...groups.entries()]
    .map(([theme, g]) => ({
      theme,
      interviewCount: new Set(g.passages.map((p) => `${p.projectId}/${p.documentId}`)).size,
      citations: g.passages.map((p) => p.id),
      firstRank: g.firstRank,
      other: theme === OTHER_PASSAGES,
    }))
    .sort((a, b) => Number(a.other) - Number(b.other) || b.interviewCount - a.interviewCount || a.firstRank - b.firstRank)
    .map(({ theme, interviewCount, citations }) => ({ theme, interviewCount, citations }));
}

/** "4 interviews mention …" / "1 interview mentions …". */
export function groupHeadline(group: AskGroup): string {
  return group.interviewCount === 1 ? `1 interview mentions ${group.theme}` : `${group.interviewCount} interviews mention ${group.theme}`;
}
