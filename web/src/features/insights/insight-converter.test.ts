import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { quoteFromData } from '@verbatim/contract/insight-data';
import { insightFromData, synthesisFromData } from './insight-converter';

const quote = { text: 'I keep a spreadsheet', documentId: 'd1', speaker: 'P1', start: 10, end: 30, ts: 62 };

describe('insight converter', () => {
  it('reads an insight as the server stores it', () => {
    const at = new Date('2026-03-03T10:00:00Z');
    expect(
      insightFromData('i1', { title: 'T', description: 'D', tag: 'spreadsheet', documentId: 'd1', quotes: [quote], source: 'gemini', createdAt: Timestamp.fromDate(at) }),
    ).toEqual({
      id: 'i1',
      title: 'T',
      description: 'D',
      tag: 'spreadsheet',
      documentId: 'd1',
      quotes: [quote],
      source: 'gemini',
      createdAt: at,
      theme: null,
      editedAt: null,
      deletedAt: null,
      mergedInto: null,
      mergedFrom: [],
      quotesRemovedAt: null,
    });
    const edited = insightFromData('i3', { theme: 'Workarounds', editedAt: Timestamp.fromDate(at), deletedAt: Timestamp.fromDate(at), mergedInto: 'i1', mergedFrom: ['i4', 5] });
    expect([edited.theme, edited.editedAt, edited.deletedAt, edited.mergedInto, edited.mergedFrom]).toEqual(['Workarounds', at, at, 'i1', ['i4']]);
  });

  it('leaves out a quote without its anchor rather than showing it', () => {
    expect(quoteFromData(quote)).toEqual(quote);
    expect(quoteFromData({ ...quote, ts: undefined })).toEqual({ text: quote.text, documentId: 'd1', speaker: 'P1', start: 10, end: 30 });
    expect(quoteFromData('just words')).toBeNull();
    expect(quoteFromData({ ...quote, start: undefined })).toBeNull();
    expect(quoteFromData({ ...quote, end: 10 })).toBeNull();
    expect(quoteFromData({ ...quote, start: -1 })).toBeNull();
    expect(quoteFromData({ ...quote, speaker: '' })).toBeNull();
    expect(quoteFromData({ ...quote, text: '' })).toBeNull();
    expect(quoteFromData({ ...quote, documentId: undefined }, 'd9')).toEqual({ ...quote, documentId: 'd9' });
    const insight = insightFromData('i2', { documentId: 'd1', quotes: [quote, { text: 'unanchored' }] });
    expect(insight.quotes).toEqual([quote]);
    expect(insight.title).toBe('');
    expect(insight.source).toBe('local');
  });

  it('reads the synthesis, keeping each quote’s own interview', () => {
    const s = synthesisFromData({
      summarySentence: 'Across 2 interviews…',
      consolidatedInsights: [{ id: 'c1', title: 'T', description: '', tag: 'x', quotes: [quote, { ...quote, documentId: 'd2' }], sourceInsightIds: ['i1', 'i2'] }],
      consolidatedGroupedTags: [{ groupLabel: 'Workarounds', tags: [{ originalTag: 'x' }] }],
      generation: 3,
      documentCount: 2,
    });
    expect(s.summarySentence).toBe('Across 2 interviews…');
    expect(s.consolidatedInsights[0].documentIds).toEqual(['d1', 'd2']);
    expect(s.consolidatedInsights[0].quotes.map((q) => q.documentId)).toEqual(['d1', 'd2']);
    expect(s.consolidatedGroupedTags).toEqual([{ groupLabel: 'Workarounds', tags: [{ originalTag: 'x', refinedTag: 'x' }] }]);
    expect(s.generation).toBe(3);
    expect(synthesisFromData({}).consolidatedInsights).toEqual([]);
  });
});
