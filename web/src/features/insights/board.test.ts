import type { Quote, TagGroup } from '@verbatim/contract/insight';
import { describe, expect, it } from 'vitest';
import { boardInsights, buildBoard, countsSentence, fromConsolidated, matchesSearch, NO_FILTERS, sectionsByTheme, unionGroupedTags, type BoardInsight } from './board';

const q = (documentId: string, text: string, start = 0): Quote => ({ text, documentId, speaker: 'P', start, end: start + text.length });
const card = (id: string, tag: string, quotes: Quote[], title = id): BoardInsight => ({
  id,
  title,
  description: `About ${tag}`,
  tag,
  quotes,
  documentIds: [...new Set(quotes.map((x) => x.documentId))],
});

const groups: TagGroup[] = [
  { groupLabel: 'Pain points', tags: [{ originalTag: 'export', refinedTag: 'exports' }] },
  { groupLabel: 'Workarounds', tags: [{ originalTag: 'spreadsheet', refinedTag: 'spreadsheet' }] },
];

const insights = [
  card('a', 'Export', [q('d1', 'Exporting takes forever')], 'Slow exports'),
  card('b', 'spreadsheet', [q('d1', 'I keep a spreadsheet'), q('d2', 'We paste it into Excel', 40)], 'Spreadsheets on the side'),
  card('c', 'weather', [q('d2', 'It rained all week')], 'Small talk'),
  card('d', ' EXPORTS ', [q('d2', 'The export button is hidden'), q('d2', 'I could not find export', 90)], 'Hidden export'),
];

describe('the insights board', () => {
  it('groups by theme in the groups’ order, with Other last, strongest first', () => {
    const board = buildBoard(insights, groups, NO_FILTERS);
    expect(board.sections.map((s) => [s.theme, s.insights.map((i) => i.id)])).toEqual([
      ['Pain points', ['d', 'a']],
      ['Workarounds', ['b']],
      ['Other', ['c']],
    ]);
    expect(board.count).toBe(4);
    expect(board.themes).toEqual(['Pain points', 'Workarounds', 'Other']);
  });

  it('filters by interview, theme and words, and counts only what is shown', () => {
    expect(buildBoard(insights, groups, { ...NO_FILTERS, interview: 'd1' }).sections.flatMap((s) => s.insights.map((i) => i.id))).toEqual(['a', 'b']);
    const pain = buildBoard(insights, groups, { ...NO_FILTERS, theme: ' pain POINTS' });
    expect(pain.sections.map((s) => s.theme)).toEqual(['Pain points']);
    expect(pain.count).toBe(2);
    expect(pain.themes).toEqual(['Pain points', 'Workarounds', 'Other']);
    const excel = buildBoard(insights, groups, { ...NO_FILTERS, search: 'excel' });
    expect(excel.sections.flatMap((s) => s.insights.map((i) => i.id))).toEqual(['b']);
    expect(buildBoard(insights, groups, { interview: 'd2', theme: 'Other', search: '' }).count).toBe(1);
    expect(buildBoard(insights, groups, { ...NO_FILTERS, search: 'nothing like this' })).toEqual({ sections: [], themes: [], count: 0 });
  });

  it('searches titles, descriptions, tags and quotes; every word must match', () => {
    expect(matchesSearch(insights[0], 'slow')).toBe(true);
    expect(matchesSearch(insights[0], 'about export')).toBe(true);
    expect(matchesSearch(insights[0], 'FOREVER exporting')).toBe(true);
    expect(matchesSearch(insights[0], 'forever excel')).toBe(false);
    expect(matchesSearch(card('x', 't', [q('d', 'I can’t café')]), "can't cafe")).toBe(true);
    expect(matchesSearch(insights[0], '   ')).toBe(true);
  });

  it('puts an insight heard in more interviews first', () => {
    const one = card('one', 'export', [q('d1', 'a'), q('d1', 'b', 5), q('d1', 'c', 9)], 'A');
    const two = card('two', 'export', [q('d1', 'a'), q('d2', 'b')], 'B');
    expect(buildBoard([one, two], groups, NO_FILTERS).sections[0].insights.map((i) => i.id)).toEqual(['two', 'one']);
  });

  it('merges the themes of every interview and keeps a synthesis insight’s interviews', () => {
    expect(unionGroupedTags([{ analysis: undefined }, { analysis: { groupedTags: groups } as never }])).toEqual(groups);
    const merged = fromConsolidated({ id: 'c1', title: 't', description: '', tag: 'x', quotes: [q('d1', 'a'), q('d3', 'b')], sourceInsightIds: [], documentIds: [] });
    expect(merged.documentIds).toEqual(['d1', 'd3']);
  });

  it('puts an insight under the theme the researcher chose, over its tag’s', () => {
    const moved = { ...insights[2], theme: 'Workarounds' };
    const own = { ...insights[0], id: 'e', theme: '  Onboarding ' };
    expect(sectionsByTheme([insights[0], moved, own, insights[3]], groups).map((s) => [s.theme, s.insights.map((i) => i.id)])).toEqual([
      ['Pain points', ['a', 'd']],
      ['Workarounds', ['c']],
      ['Onboarding', ['e']],
    ]);
    expect(sectionsByTheme([{ ...insights[1], theme: 'other' }], groups).map((s) => s.theme)).toEqual(['Other']);
  });

  it('leaves out deleted and merged-away insights, and keeps every interview a merged insight quotes', () => {
    const base = { title: 't', description: '', tag: 'export', source: 'local' as const, createdAt: new Date(0) };
    const shown = boardInsights([
      { ...base, id: 'kept', documentId: 'd1', quotes: [q('d1', 'a'), q('d2', 'b')], mergedFrom: ['gone'] },
      { ...base, id: 'gone', documentId: 'd2', quotes: [q('d2', 'b')], mergedInto: 'kept' },
      { ...base, id: 'deleted', documentId: 'd1', quotes: [q('d1', 'c')], deletedAt: new Date(1) },
    ]);
    expect(shown.map((i) => [i.id, i.documentIds])).toEqual([['kept', ['d1', 'd2']]]);
  });

  it('words the heading and counts', () => {
    expect(countsSentence(18, 3)).toBe('18 insights from 3 interviews');
    expect(countsSentence(1, 1)).toBe('1 insight from 1 interview');
  });
});
