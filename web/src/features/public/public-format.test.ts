import { describe, expect, it } from 'vitest';
import {
  citationText,
  documentNames,
  insightTitle,
  interviewCount,
  quoteSourceName,
  quoteTime,
  uniqueSourceCount,
  uniqueSourcesTooltip,
} from './public-format';

const names = documentNames([
  { id: 'doc-aaaaaa-1', name: 'Interview with Ana' },
  { id: 'doc-bbbbbb-2', name: '   ' },
]);

describe('the name a quote is cited under', () => {
  it('is the quote’s own docName first (interview page)', () => {
    expect(quoteSourceName({ documentId: 'doc-aaaaaa-1', docName: 'Ana, session 2' }, names)).toBe('Ana, session 2');
  });
  it('is the document’s name when the quote has no docName (summary page)', () => {
    expect(quoteSourceName({ documentId: 'doc-aaaaaa-1' }, names)).toBe('Interview with Ana');
    expect(quoteSourceName({ documentId: 'doc-aaaaaa-1', docName: '  ' }, names)).toBe('Interview with Ana');
  });
  it("is 'Doc ' and the first 6 characters of the id when no name is known", () => {
    expect(quoteSourceName({ documentId: 'XyZ123456789' }, names)).toBe('Doc XyZ123');
    expect(quoteSourceName({ documentId: 'doc-bbbbbb-2' }, names)).toBe('Doc doc-bb');
    expect(quoteSourceName({ documentId: 'abc' }, new Map())).toBe('Doc abc');
  });
});

describe('citations', () => {
  it('name the speaker, the source and the timestamp when there is one', () => {
    expect(citationText({ speaker: 'Jack', documentId: 'doc-aaaaaa-1', ts: 710 }, names)).toBe('— Jack, Interview with Ana · 11:50');
    expect(citationText({ speaker: 'Jack', documentId: 'doc-aaaaaa-1', ts: 3725 }, names)).toBe('— Jack, Interview with Ana · 1:02:05');
    // An interview named after its participant is not preceded by the same name again; a longer name is a name.
    const named = new Map([['d1', 'Dana Whitfield · 12 Mar 2024']]);
    expect(citationText({ speaker: 'Dana Whitfield', documentId: 'd1', ts: 65 }, named)).toBe('— Dana Whitfield · 12 Mar 2024 · 01:05');
    expect(citationText({ speaker: 'Dana', documentId: 'd1' }, named)).toBe('— Dana, Dana Whitfield · 12 Mar 2024');
    expect(citationText({ speaker: 'User', documentId: 'QQQQQQQQ' }, names)).toBe('— User, Doc QQQQQQ');
    expect(citationText({ speaker: ' ', documentId: 'QQQQQQQQ', docName: 'Notes' }, names)).toBe('— Notes');
  });
  it('format times as mm:ss under an hour', () => {
    expect(quoteTime(0)).toBe('00:00');
    expect(quoteTime(59.9)).toBe('00:59');
    expect(quoteTime(-3)).toBe('00:00');
  });
});

describe('the unique quote sources badge', () => {
  it('counts different documents, not quotes', () => {
    expect(uniqueSourceCount([{ documentId: 'a' }, { documentId: 'b' }, { documentId: 'a' }])).toBe(2);
    expect(uniqueSourceCount([])).toBe(0);
  });
  it("has the tooltip '{n} unique quote sources'", () => {
    expect(uniqueSourcesTooltip(3)).toBe('3 unique quote sources');
  });
  it('interview counts take the insights’ own documents and their quotes’', () => {
    expect(interviewCount([{ documentId: 'a', quotes: [{ documentId: 'b' }] }, { documentId: '', quotes: [{ documentId: 'a' }] }])).toBe(2);
  });
});

describe('texts', () => {
  it("an insight without a title reads 'Untitled Insight'", () => {
    expect(insightTitle('')).toBe('Untitled Insight');
    expect(insightTitle('   ')).toBe('Untitled Insight');
    expect(insightTitle(undefined)).toBe('Untitled Insight');
    expect(insightTitle('Checkout is slow')).toBe('Checkout is slow');
  });
});
