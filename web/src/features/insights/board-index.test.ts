import type { Quote, TagGroup } from '@verbatim/contract/insight';
import { describe, expect, it } from 'vitest';
import type { BoardInsight } from './board';
import { filterBoard, indexBoard, isFiltered, NO_FILTERS, sectionsByTheme } from './board';
import { filterBoard as filterIndexed, indexBoard as indexDirect } from './board-index';

const q = (documentId: string, speaker: string, text: string, start = 0): Quote => ({ text, documentId, speaker, start, end: start + text.length });
const card = (id: string, tag: string, quotes: Quote[], extra: Partial<BoardInsight> = {}): BoardInsight => ({
  id,
  title: id,
  description: '',
  tag,
  quotes,
  documentIds: [...new Set(quotes.map((x) => x.documentId))],
  ...extra,
});
const groups: TagGroup[] = [
  { groupLabel: 'Pain points', tags: [{ originalTag: 'export', refinedTag: 'exports' }] },
  { groupLabel: '  ', tags: [{ originalTag: 'billing', refinedTag: 'billing' }] },
  { groupLabel: 'pain POINTS', tags: [{ originalTag: 'slow', refinedTag: 'slow' }] },
  { groupLabel: 'Money', tags: [{ originalTag: 'billing', refinedTag: 'invoices' }] },
];
const insights = [
  card('a', 'Export', [q('d1', 'Ann', 'Exporting takes forever')]),
  card('b', 'invoices', [q('d1', 'Ann', 'The invoice was wrong'), q('d2', 'Bo', 'Billing is a mess', 50)]),
  card('c', 'slow', [q('d2', 'Bo', 'Everything is slow')]),
  card('d', 'weather', [q('d3', 'Cy', 'It rained')]),
  card('e', 'export', [q('d3', 'Cy', 'Export again')], { theme: 'Onboarding' }),
];

describe('the indexed board', () => {
  it('places insights as the public pages do, with the researcher’s theme first', () => {
    const index = indexBoard(insights, groups);
    expect(index.themes).toEqual(['Pain points', 'Money', 'Onboarding', 'Other']);
    expect(Object.fromEntries(index.entries.map((e) => [e.insight.id, e.theme]))).toEqual({
      a: 'Pain points',
      b: 'Money',
      c: 'Pain points',
      d: 'Other',
      e: 'Onboarding',
    });
    // The same sections as the unindexed grouping.
    const sections = filterBoard(index, NO_FILTERS).sections.map((s) => [s.theme, s.insights.map((i) => i.id).sort()]);
    expect(sections).toEqual(sectionsByTheme(insights, groups).map((s) => [s.theme, s.insights.map((i) => i.id).sort()]));
  });

  it('lists tags and speakers for the filters, most used first', () => {
    const index = indexBoard(insights, groups);
    expect(index.tags.map((t) => [t.label, t.count])).toEqual([
      ['Export', 2],
      ['invoices', 1],
      ['slow', 1],
      ['weather', 1],
    ]);
    expect(index.speakers.map((s) => [s.label, s.count])).toEqual([
      ['Ann', 2],
      ['Bo', 2],
      ['Cy', 2],
    ]);
  });

  it('filters by tag, speaker, interview, theme and words together', () => {
    const index = indexBoard(insights, groups);
    const ids = (f: Partial<typeof NO_FILTERS>) => filterBoard(index, { ...NO_FILTERS, ...f }).sections.flatMap((s) => s.insights.map((i) => i.id));
    expect(ids({ tag: ' EXPORT ' })).toEqual(['a', 'e']);
    expect(ids({ speaker: 'Bo' })).toEqual(['c', 'b']);
    // Speaker within an interview: Ann is quoted in d1 only.
    expect(ids({ speaker: 'Ann', interview: 'd2' })).toEqual([]);
    expect(ids({ speaker: 'Bo', interview: 'd2' })).toEqual(['c', 'b']);
    expect(ids({ interview: 'd3', theme: 'onboarding' })).toEqual(['e']);
    expect(ids({ search: 'billing MESS' })).toEqual(['b']);
    expect(ids({ search: 'billing rained' })).toEqual([]);
    const board = filterBoard(index, { ...NO_FILTERS, interview: 'd3', theme: 'Other' });
    expect(board.count).toBe(1);
    // Themes offered after the other filters, before the theme filter.
    expect(board.themes).toEqual(['Onboarding', 'Other']);
  });

  it('is the same index whichever module it is reached through', () => {
    expect(filterIndexed(indexDirect(insights, groups), NO_FILTERS).count).toBe(5);
  });

  it('knows when a filter is set', () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, search: '  ' })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, tag: 'x' })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, speaker: 'Bo' })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, interview: 'd1' })).toBe(true);
  });
});
