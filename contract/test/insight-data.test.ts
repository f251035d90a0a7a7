import { describe, expect, it } from 'vitest';
import type { Insight, Quote } from '../src/insight';
import { insightFromData, synthesisFromData, type StoredSynthesis } from '../src/insight-data';
import type { EveryField } from './support/every-field';
import { insightSchema, quoteSchema } from '../src/insight-schema';
import { PUBLIC_INSIGHT_FIELDS, PUBLIC_QUOTE_FIELDS } from '../src/share';
import { pickFields } from '../src/pick-fields';
import { z } from '../src/zod';

/** Each SDK passes its own Timestamp reading; here a `Stamp` stands for a stored timestamp. */
class Stamp {
  constructor(readonly date: Date) {}
}
const toDate = (value: unknown) => (value instanceof Stamp ? value.date : null);

/** The document as Firestore holds it: dates as stored timestamps, the id in the path. */
function stored(value: unknown): unknown {
  if (value instanceof Date) return new Stamp(value);
  if (Array.isArray(value)) return value.map(stored);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stored(v)]));
  return value;
}
const storedData = (value: object) => stored(value) as Record<string, unknown>;

const quote = {
  text: 'I keep a spreadsheet',
  documentId: 'd2',
  speaker: 'P1',
  start: 10,
  end: 30,
  ts: 62,
  match: 'fuzzy',
  proposedText: 'I keep spreadsheets',
} satisfies EveryField<Quote>;

// Every field set, and none to what an empty document reads as.
const insight = {
  id: 'i1',
  title: 'Spreadsheets fill the gaps',
  description: 'Participants keep their own lists.',
  tag: 'spreadsheet',
  documentId: 'd1',
  quotes: [quote],
  source: 'manual',
  createdAt: new Date('2026-03-03T10:00:00Z'),
  theme: 'Workarounds',
  editedAt: new Date('2026-03-04T10:00:00Z'),
  deletedAt: new Date('2026-03-05T10:00:00Z'),
  mergedInto: 'i9',
  mergedFrom: ['i4', 'i5'],
  quotesRemovedAt: new Date('2026-03-06T10:00:00Z'),
} satisfies EveryField<Insight>;

const synthesis = {
  summarySentence: 'Across 2 interviews, spreadsheets fill the gaps.',
  consolidatedInsights: [
    {
      id: 'consolidated-abc',
      title: 'Spreadsheets everywhere',
      description: 'Both interviews.',
      tag: 'spreadsheet',
      quotes: [quote, { ...quote, documentId: 'd3' }],
      sourceInsightIds: ['i1', 'i2'],
      documentIds: ['d3', 'd2'],
    },
  ],
  consolidatedGroupedTags: [{ groupLabel: 'Workarounds', tags: [{ originalTag: 'spreadsheet', refinedTag: 'spreadsheets' }] }],
  writer: {
    analyser: 'gemini',
    model: 'gemini-3.8-flash',
    fallback: 'Gemini did not answer',
    droppedIds: 2,
    usage: { promptTokens: 100, outputTokens: 40, totalTokens: 140, calls: 1 },
  },
  generation: 3,
  documentCount: 2,
  updatedAt: new Date('2026-03-06T10:00:00Z'),
} satisfies EveryField<StoredSynthesis>;

describe('reading stored insights and syntheses the same way on both sides', () => {
  it('reads every field of an insight as it was stored', () => {
    const { id, ...fields } = insight;
    const read = insightFromData(id, storedData(fields), toDate);
    expect(read).toEqual(insight);
    const empty = insightFromData('', {}, toDate);
    for (const key of Object.keys(insight) as (keyof Insight)[]) expect(read[key], key).not.toEqual(empty[key]);
  });

  it('reads every field of the synthesis as it was stored', () => {
    const read = synthesisFromData(storedData(synthesis), toDate);
    expect(read).toEqual(synthesis);
    const empty = synthesisFromData({}, toDate);
    for (const key of Object.keys(synthesis) as (keyof StoredSynthesis)[]) expect(read[key], key).not.toEqual(empty[key]);
  });

  it('reads how a quote matched, and leaves it unset where it was not recorded rather than claiming an exact match', () => {
    const { match: _match, proposedText: _proposed, ...older } = quote;
    const read = (extra: object) => insightFromData('i3', storedData({ documentId: 'd2', quotes: [{ ...older, ...extra }] }), toDate).quotes[0];
    expect(read({})).toEqual(older);
    expect(read({}).match).toBeUndefined();
    expect(read({ match: 'exact' })).toEqual({ ...older, match: 'exact' });
    expect(read({ match: 'normalised', proposedText: 'I keep a spreadsheet' })).toEqual({ ...older, match: 'normalised' });
    expect(read({ match: 'fuzzy', proposedText: 'I keep spreadsheets' })).toEqual({ ...older, match: 'fuzzy', proposedText: 'I keep spreadsheets' });
    expect(read({ match: 'close', proposedText: 7 })).toEqual(older);
  });

  it('reads a missing or malformed field as empty, and a synthesis from before its writer was recorded as the built-in one', () => {
    expect(insightFromData('i2', { theme: '   ', mergedInto: '', source: 'other', editedAt: '2026-03-04', quotes: 'none' }, toDate)).toEqual({
      id: 'i2',
      title: '',
      description: '',
      tag: '',
      documentId: '',
      quotes: [],
      source: 'local',
      createdAt: new Date(0),
      theme: null,
      editedAt: null,
      deletedAt: null,
      mergedInto: null,
      mergedFrom: [],
      quotesRemovedAt: null,
    });
    expect(synthesisFromData({ writer: { model: '', droppedIds: -1, usage: 'lots' } }, toDate).writer).toEqual({
      analyser: 'local',
      model: null,
      fallback: null,
      droppedIds: 0,
      usage: null,
    });
  });

  it('reads exactly the fields the insight schema declares, each of the type the schema says', () => {
    const { id, ...fields } = insight;
    const read = insightFromData(id, storedData({ ...fields, unknownField: 'x' }), toDate);
    // Strict: a field the reading returned but the schema lacks (or the reverse, of a wrong type) fails here.
    expect(z.strictObject(insightSchema.shape).parse(read)).toEqual(insight);
    expect(z.strictObject(quoteSchema.shape).parse(read.quotes[0])).toEqual(quote);
    expect(Object.keys(read).sort()).toEqual(Object.keys(insightSchema.shape).sort());
  });
});

describe("what of an insight reaches a public page, by the contract's table", () => {
  it('sends the words, the quotes and their places, and nothing of how the analyser matched or the board history', () => {
    const shown = pickFields(insight, PUBLIC_INSIGHT_FIELDS);
    expect(Object.keys(shown).sort()).toEqual(['description', 'documentId', 'id', 'quotes', 'tag', 'title']);
    expect(pickFields(quote, PUBLIC_QUOTE_FIELDS)).toEqual({ text: quote.text, documentId: 'd2', speaker: 'P1', start: 10, end: 30, ts: 62 });
  });

  it('decides on every field of the schema', () => {
    expect(Object.keys(PUBLIC_INSIGHT_FIELDS).sort()).toEqual(Object.keys(insightSchema.shape).sort());
    expect(Object.keys(PUBLIC_QUOTE_FIELDS).sort()).toEqual(Object.keys(quoteSchema.shape).sort());
  });
});
