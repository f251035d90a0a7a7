/** Themes: tags grouped under labels; an insight whose tag matches no group goes under 'Other'. */
import { describe, expect, it } from 'vitest';
import { groupInsightsByTheme, groupTags, OTHER_THEME, themeOf } from '../src/themes';
import type { TagGroup } from '../src/insight';

const GROUPS: TagGroup[] = [
  { groupLabel: 'Pain points', tags: [{ originalTag: 'slow export', refinedTag: 'Export speed' }] },
  { groupLabel: 'Needs', tags: [{ originalTag: 'colour', refinedTag: 'colour' }, { originalTag: 'Export speed', refinedTag: 'x' }] },
  { groupLabel: '  ', tags: [{ originalTag: 'orphan', refinedTag: 'orphan' }] },
];

describe('themeOf', () => {
  it('matches the original tag ignoring case and surrounding spaces', () => {
    expect(themeOf('  SLOW Export ', GROUPS)).toBe('Pain points');
  });

  it('matches the refined tag too', () => {
    expect(themeOf('export speed', GROUPS)).toBe('Pain points');
  });

  it('takes the first group that matches', () => {
    expect(themeOf('Export speed', GROUPS)).toBe('Pain points');
    expect(themeOf('colour', GROUPS)).toBe('Needs');
  });

  it("is 'Other' for a tag no group holds, a blank tag, or a group without a label", () => {
    expect(themeOf('pricing', GROUPS)).toBe(OTHER_THEME);
    expect(OTHER_THEME).toBe('Other');
    expect(themeOf('   ', GROUPS)).toBe('Other');
    expect(themeOf('orphan', GROUPS)).toBe('Other');
    expect(themeOf('slow  export', GROUPS)).toBe('Other'); // inner spaces are part of the tag
    expect(themeOf('colour', [])).toBe('Other');
  });
});

describe('groupInsightsByTheme', () => {
  it('orders themes as the groups are listed, with Other last, and keeps insight order within a theme', () => {
    const insights = [
      { id: 1, tag: 'pricing' },
      { id: 2, tag: 'Colour' },
      { id: 3, tag: 'slow export' },
      { id: 4, tag: 'colour ' },
      { id: 5, tag: '' },
    ];
    expect(groupInsightsByTheme(insights, GROUPS)).toEqual([
      { theme: 'Pain points', insights: [{ id: 3, tag: 'slow export' }] },
      { theme: 'Needs', insights: [{ id: 2, tag: 'Colour' }, { id: 4, tag: 'colour ' }] },
      { theme: 'Other', insights: [{ id: 1, tag: 'pricing' }, { id: 5, tag: '' }] },
    ]);
  });

  it('merges groups labelled alike, puts a group labelled "Other" with the fallback, and leaves out empty themes', () => {
    const groups: TagGroup[] = [
      { groupLabel: 'other', tags: [{ originalTag: 'misc', refinedTag: 'misc' }] },
      { groupLabel: 'Needs', tags: [{ originalTag: 'a', refinedTag: 'a' }] },
      { groupLabel: ' needs ', tags: [{ originalTag: 'b', refinedTag: 'b' }] },
      { groupLabel: 'Unused', tags: [{ originalTag: 'z', refinedTag: 'z' }] },
    ];
    const sections = groupInsightsByTheme([{ tag: 'b' }, { tag: 'misc' }, { tag: 'a' }, { tag: 'nothing' }], groups);
    expect(sections).toEqual([
      { theme: 'Needs', insights: [{ tag: 'b' }, { tag: 'a' }] },
      { theme: 'Other', insights: [{ tag: 'misc' }, { tag: 'nothing' }] },
    ]);
  });

  it('has no Other section when every tag has a theme', () => {
    expect(groupInsightsByTheme([{ tag: 'colour' }], GROUPS).map((section) => section.theme)).toEqual(['Needs']);
  });
});

describe('groupTags', () => {
  it('groups by the label the caller gives, in order of first appearance', () => {
    const kinds: Record<string, string> = { export: 'Pain points', colour: 'Needs', speed: 'Pain points' };
    expect(groupTags(['export', 'colour', 'speed'], { labelOf: (tag) => kinds[tag] })).toEqual([
      {
        groupLabel: 'Pain points',
        tags: [
          { originalTag: 'export', refinedTag: 'export' },
          { originalTag: 'speed', refinedTag: 'speed' },
        ],
      },
      { groupLabel: 'Needs', tags: [{ originalTag: 'colour', refinedTag: 'colour' }] },
    ]);
  });

  it('groups unlabelled tags by a shared word, named after it; a tag sharing nothing is its own theme', () => {
    const groups = groupTags(['ICE plots', 'scatter plot', 'AI', 'AI tools', 'pricing', 'rain cloud plot']);
    expect(groups.map((group) => [group.groupLabel, group.tags.map((tag) => tag.originalTag)])).toEqual([
      ['Plots', ['ICE plots', 'scatter plot', 'rain cloud plot']],
      ['AI', ['AI', 'AI tools']],
      ['Pricing', ['pricing']],
    ]);
  });

  it('keeps a tag once (ignoring case and spaces), drops blank tags, and covers every tag', () => {
    const tags = [' Export ', 'export', '', 'EXPORT', 'colour'];
    const groups = groupTags(tags);
    expect(groups.flatMap((group) => group.tags.map((tag) => tag.originalTag))).toEqual(['Export', 'colour']);
    for (const tag of tags.filter((t) => t.trim() !== '')) expect(themeOf(tag, groups)).not.toBe('Other');
  });

  it('is deterministic', () => {
    const tags = ['model score', 'feature importance', 'feature', 'model', 'tool'];
    expect(groupTags(tags)).toEqual(groupTags([...tags]));
    expect(groupTags(tags).map((group) => group.groupLabel)).toEqual(['Model', 'Feature', 'Tool']);
  });
});
