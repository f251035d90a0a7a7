import { describe, expect, it } from 'vitest';
import { findMatches, foldForFind, segmentTurn } from './transcript-segments';

describe('cutting a turn into segments', () => {
  it('covers the turn exactly, cut at every edge, each segment knowing what covers it', () => {
    // Turn [10, 40): quote a [12, 20), quote b [15, 30) overlapping it, a find match [25, 28), the linked passage = b.
    const segments = segmentTurn(
      10,
      40,
      [
        { key: 'a', start: 12, end: 20 },
        { key: 'b', start: 15, end: 30 },
      ],
      [{ index: 4, start: 25, end: 28 }],
      { start: 15, end: 30 },
    );
    expect(segments.map((s) => [s.start, s.end, s.quotes.join('+'), s.find, s.linked])).toEqual([
      [10, 12, '', null, false],
      [12, 15, 'a', null, false],
      [15, 20, 'a+b', null, true],
      [20, 25, 'b', null, true],
      [25, 28, 'b', 4, true],
      [28, 30, 'b', null, true],
      [30, 40, '', null, false],
    ]);
    // Consecutive and complete: what is rendered is exactly the turn's text.
    for (let i = 1; i < segments.length; i++) expect(segments[i].start).toBe(segments[i - 1].end);
  });

  it('clips ranges to the turn and ignores the ones outside it', () => {
    const segments = segmentTurn(100, 120, [
      { key: 'before', start: 80, end: 105 },
      { key: 'after', start: 120, end: 130 },
      { key: 'empty', start: 110, end: 110 },
    ]);
    expect(segments.map((s) => [s.start, s.end, s.quotes])).toEqual([
      [100, 105, ['before']],
      [105, 120, []],
    ]);
    expect(segmentTurn(5, 5, [])).toEqual([]);
    expect(segmentTurn(0, 7, []).map((s) => [s.start, s.end])).toEqual([[0, 7]]);
  });
});

describe('find in transcript', () => {
  const text = 'A: Café prices went up.\nB: The CAFE was closed; café again.';
  const turns = [
    { start: 3, end: 23 },
    { start: 27, end: text.length },
  ];
  const folded = foldForFind(text);

  it('ignores case and accents, keeps offsets of the stored text, and stays inside turns', () => {
    expect(folded.length).toBe(text.length);
    const matches = findMatches(folded, turns, ' cafe ');
    expect(matches.map((m) => text.slice(m.start, m.end))).toEqual(['Café', 'CAFE', 'café']);
    // "up.\nB" crosses from one turn into the next: not a match.
    expect(findMatches(folded, turns, 'up.\nB')).toEqual([]);
    expect(findMatches(folded, turns, '   ')).toEqual([]);
    expect(findMatches(foldForFind('I don’t know'), [{ start: 0, end: 12 }], "don't")).toEqual([{ start: 2, end: 7 }]);
  });
});
