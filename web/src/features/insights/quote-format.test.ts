import { describe, expect, it } from 'vitest';
import { citationText, insightTitle, quoteTime, sourceName, uniqueSourceCount, uniqueSourcesTooltip } from './quote-format';

const names = new Map([
  ['abcdef123456', 'Founders talk'],
  ['blank', '   '],
]);

describe('quote source name', () => {
  it('prefers the quote’s own docName, then the interview’s name', () => {
    expect(sourceName({ documentId: 'abcdef123456', docName: 'P2 — onboarding' }, names)).toBe('P2 — onboarding');
    expect(sourceName({ documentId: 'abcdef123456' }, names)).toBe('Founders talk');
    expect(sourceName({ documentId: 'abcdef123456', docName: '  ' }, names)).toBe('Founders talk');
  });

  it("falls back to 'Doc ' and the first 6 characters of the id", () => {
    expect(sourceName({ documentId: 'Zx9QwErTy' }, names)).toBe('Doc Zx9QwE');
    expect(sourceName({ documentId: 'blank' }, names)).toBe('Doc blank');
    expect(sourceName({ documentId: 'Zx9QwErTy' }, new Map())).toBe('Doc Zx9QwE');
  });
});

describe('citation', () => {
  it('names the speaker, the interview and the moment when the source has one', () => {
    expect(citationText({ speaker: 'Jack Dorsey', documentId: 'abcdef123456', ts: 710 }, names)).toBe('— Jack Dorsey, Founders talk · 11:50');
    expect(citationText({ speaker: 'User', documentId: 'abcdef123456' }, names)).toBe('— User, Founders talk');
    expect(citationText({ speaker: 'P1', documentId: 'qwertyuiop', ts: 0 }, names)).toBe('— P1, Doc qwerty · 00:00');
  });

  it('writes times as mm:ss, and h:mm:ss from an hour', () => {
    expect(quoteTime(5)).toBe('00:05');
    expect(quoteTime(59.9)).toBe('00:59');
    expect(quoteTime(754)).toBe('12:34');
    expect(quoteTime(3600 + 62)).toBe('1:01:02');
  });
});

describe('unique quote sources', () => {
  it('counts the different interviews the quotes come from', () => {
    expect(uniqueSourceCount([])).toBe(0);
    expect(uniqueSourceCount([{ documentId: 'a' }, { documentId: 'a' }])).toBe(1);
    expect(uniqueSourceCount([{ documentId: 'a' }, { documentId: 'b' }, { documentId: 'a' }, { documentId: 'c' }])).toBe(3);
    expect(uniqueSourcesTooltip(3)).toBe('3 unique quote sources');
  });

  it("titles an insight 'Untitled Insight' when it has none", () => {
    expect(insightTitle('')).toBe('Untitled Insight');
    expect(insightTitle('  ')).toBe('Untitled Insight');
    expect(insightTitle(undefined)).toBe('Untitled Insight');
    expect(insightTitle('Slow exports')).toBe('Slow exports');
  });
});
