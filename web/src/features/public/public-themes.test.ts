import type { TagGroup } from '@verbatim/contract/insight';
import { describe, expect, it } from 'vitest';
import { hasThemes, publicLayout } from './public-themes';

const groups: TagGroup[] = [
  { groupLabel: 'Pain points', tags: [{ originalTag: 'slow checkout', refinedTag: 'Checkout speed' }] },
  { groupLabel: 'Needs', tags: [{ originalTag: 'Export', refinedTag: 'exports' }] },
];
const insight = (id: string, tag: string) => ({ id, tag });

describe('public pages group insights into themes', () => {
  it('matching ignores case and surrounding spaces, on the original and on the refined tag', () => {
    const layout = publicLayout(
      [insight('1', '  SLOW checkout '), insight('2', 'checkout speed'), insight('3', 'EXPORTS'), insight('4', ' export')],
      groups,
      { flatWithoutThemes: true },
    );
    expect(layout).toEqual({
      kind: 'themes',
      sections: [
        { theme: 'Pain points', insights: [insight('1', '  SLOW checkout '), insight('2', 'checkout speed')] },
        { theme: 'Needs', insights: [insight('3', 'EXPORTS'), insight('4', ' export')] },
      ],
    });
  });

  it("an insight whose tag matches no group goes under 'Other', last", () => {
    const layout = publicLayout([insight('1', 'pricing'), insight('2', 'Export'), insight('3', '')], groups, { flatWithoutThemes: true });
    expect(layout.kind === 'themes' && layout.sections.map((s) => [s.theme, s.insights.map((i) => i.id)])).toEqual([
      ['Needs', ['2']],
      ['Other', ['1', '3']],
    ]);
  });

  it('a missing tag reads as blank rather than failing', () => {
    const layout = publicLayout([{ id: '1' } as unknown as { id: string; tag: string }], groups, { flatWithoutThemes: false });
    expect(layout.kind === 'themes' && layout.sections.map((s) => s.theme)).toEqual(['Other']);
  });

  it('the summary page lists its insights flat when it has no themes', () => {
    const items = [insight('1', 'a'), insight('2', 'b')];
    expect(publicLayout(items, [], { flatWithoutThemes: true })).toEqual({ kind: 'flat', insights: items });
    expect(publicLayout(items, undefined, { flatWithoutThemes: true })).toEqual({ kind: 'flat', insights: items });
    expect(publicLayout(items, [{ groupLabel: '  ', tags: [{ originalTag: 'a', refinedTag: 'a' }] }], { flatWithoutThemes: true }).kind).toBe('flat');
  });

  it("the interview page keeps sections without themes (all under 'Other')", () => {
    const layout = publicLayout([insight('1', 'a')], [], { flatWithoutThemes: false });
    expect(layout).toEqual({ kind: 'themes', sections: [{ theme: 'Other', insights: [insight('1', 'a')] }] });
  });

  it('knows when a page has themes', () => {
    expect(hasThemes(groups)).toBe(true);
    expect(hasThemes([])).toBe(false);
    expect(hasThemes([{ groupLabel: 'Empty', tags: [] }])).toBe(false);
  });
});
