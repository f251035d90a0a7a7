import type { Quote, TagGroup } from '@verbatim/contract/insight';
import { describe, expect, it } from 'vitest';
import type { BoardInsight } from './board';
import { indexBoard } from './board-index';
import { cellLabel, shortName, themeInterviewHeatmap, themeTotals } from './heatmap-data';

const q = (documentId: string, start: number): Quote => ({ text: 'words', documentId, speaker: 'P', start, end: start + 5 });
const card = (id: string, tag: string, quotes: Quote[]): BoardInsight => ({ id, title: id, description: '', tag, quotes, documentIds: [...new Set(quotes.map((x) => x.documentId))] });
const groups: TagGroup[] = [
  { groupLabel: 'Pain', tags: [{ originalTag: 'export', refinedTag: 'export' }] },
  { groupLabel: 'Money', tags: [{ originalTag: 'billing', refinedTag: 'billing' }] },
];
const index = indexBoard(
  [
    card('a', 'export', [q('d1', 0), q('d1', 10), q('d2', 0)]),
    card('b', 'export', [q('d2', 20)]),
    card('c', 'billing', [q('d1', 30)]),
    card('d', 'other thing', [q('gone', 0)]),
  ],
  groups,
);
const interviews = [
  { id: 'd1', name: 'One.txt' },
  { id: 'd2', name: 'Two.txt' },
];

describe('the theme × interview heatmap', () => {
  it('counts each interview’s quotes and insights under each theme', () => {
    const map = themeInterviewHeatmap(index, interviews);
    expect(map.themes).toEqual(['Pain', 'Money', 'Other']);
    expect(map.cells.map((row) => row.map((c) => [c.quotes, c.insights]))).toEqual([
      [
        [2, 1],
        [2, 2],
      ],
      [
        [1, 1],
        [0, 0],
      ],
      // Quotes of an interview not listed (deleted) are not drawn.
      [
        [0, 0],
        [0, 0],
      ],
    ]);
    expect(map.max).toBe(2);
    expect(themeInterviewHeatmap(indexBoard([], groups), interviews)).toEqual({ themes: [], interviews, cells: [], max: 0 });
  });

  it('totals insights, quotes and interviews per theme', () => {
    expect(themeTotals(index)).toEqual([
      { theme: 'Pain', insights: 2, quotes: 4, interviews: 2 },
      { theme: 'Money', insights: 1, quotes: 1, interviews: 1 },
      { theme: 'Other', insights: 1, quotes: 1, interviews: 1 },
    ]);
  });

  it('names cells and columns for people', () => {
    expect(cellLabel('Pain', 'One.txt', { quotes: 3, insights: 1 })).toBe('Pain: 3 quotes from One.txt (1 insight)');
    expect(cellLabel('Pain', 'One.txt', { quotes: 1, insights: 1 })).toBe('Pain: 1 quote from One.txt (1 insight)');
    expect(cellLabel('Pain', 'One.txt', { quotes: 0, insights: 0 })).toBe('Pain: no quotes from One.txt');
    expect(shortName('04_anthropic-interviewer_science_0012.txt')).toBe('04 anthropic-intervie…');
    expect(shortName('Interview 2.docx')).toBe('Interview 2');
    expect(shortName('.txt')).toBe('.txt');
  });
});
