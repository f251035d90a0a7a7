import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToastInput } from '../../lib/toast-store';
import { deleteInsight, editInsight, mergeIntoTarget, moveInsight } from './insight-actions';
import { insightMessage, selectToMergeLabel, themeLabel } from './insight-messages';

const toasts = vi.hoisted((): ToastInput[] => []);
vi.mock('../../lib/toast-store', () => ({ showToast: (input: ToastInput) => toasts.push(input) }));
vi.mock('./api/update-insight', () => ({ updateInsight: async () => undefined }));
vi.mock('./api/merge-insights', () => ({ mergeInsights: async () => undefined }));
vi.mock('./api/unmerge-insight', () => ({ unmergeInsight: async () => undefined }));

/** Quotation marks mean a participant's words: what a message shows in them once `own` (a title's text) is taken out. */
const addedMarks = (message: string, ...own: string[]) => own.reduce((rest, text) => rest.split(text).join(''), message).match(/[“”‘«»"]/g) ?? [];

// An insight's title and a theme are the analyser's or the researcher's words, never a participant's.
const title = 'Exports are hard to find, so people copy tables by hand';
const quotedTitle = '“We never open the dashboard on Fridays”';
const theme = 'Getting data out';

beforeEach(() => {
  toasts.length = 0;
});

describe('what the board says about an insight', () => {
  it('names the insight after a colon, as written, with a full stop unless its title ends a sentence', () => {
    expect(insightMessage('Deleted the insight', title)).toBe(`Deleted the insight: ${title}.`);
    expect(insightMessage('Created the insight', 'Why export at all?')).toBe('Created the insight: Why export at all?');
    // A title that is a participant's sentence in marks keeps its own marks, and gets none added.
    expect(insightMessage('Created the insight', quotedTitle)).toBe(`Created the insight: ${quotedTitle}`);
    expect(insightMessage('Saved the insight', '  ')).toBe('Saved the insight: Untitled Insight.');
    expect(themeLabel(theme)).toBe(theme);
    expect(themeLabel(null)).toBe('the theme of its tag');
    expect(selectToMergeLabel(title)).toBe(`Select to merge: ${title}`);
  });

  it('never puts a title or a theme in quotation marks: delete, move, edit and merge, and their undos', async () => {
    const insight = { id: 'i1', title, description: 'A hidden export button.', tag: 'workarounds', theme: null };
    await deleteInsight('p', insight);
    await moveInsight('p', insight, theme, themeLabel(theme));
    await moveInsight('p', insight, null, themeLabel(null));
    await editInsight('p', insight, { title: quotedTitle, description: '', tag: 'rhythm' });
    await mergeIntoTarget('p', { id: 'i2', title: quotedTitle }, [insight]);
    const said = toasts.flatMap((t) => [t.message, t.undoneMessage ?? '']);
    expect(said).toEqual([
      `Deleted the insight: ${title}.`,
      `Restored the insight: ${title}.`,
      `Moved to ${theme}: ${title}.`,
      `Back where it was: ${title}.`,
      `Moved to the theme of its tag: ${title}.`,
      `Back where it was: ${title}.`,
      `Saved the insight: ${quotedTitle}`,
      `Undid the edit of the insight: ${title}.`,
      `Merged 2 insights into one: ${quotedTitle}`,
      'Unmerged: the 2 insights are separate again.',
    ]);
    for (const message of said) expect(addedMarks(message, quotedTitle), message).toEqual([]);
  });
});
