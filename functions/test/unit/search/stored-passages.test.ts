import { beforeAll, describe, expect, it } from 'vitest';
import { loadWordVectors, type WordVectors } from '../../../src/analysis/meaning';
import { passageEntries, type SearchEntry } from '../../../src/search/search-entries';
import { DeferredPostings, SearchIndex } from '../../../src/search/search-index';
import { decodePassages, encodePassages, isCurrent, preparePassages, type StoredChunk } from '../../../src/search/stored-passages';
import { syntheticInterview as interview } from './synthetic-interview';

let vectors: WordVectors;
beforeAll(async () => {
  vectors = await loadWordVectors();
});


function entriesOf(k: number, rounds = 12): { entries: SearchEntry[]; text: string; labels: string[] } {
  const iv = interview(k, rounds);
  const entries = passageEntries({ projectId: 'p1', documentId: `d${k}`, text: iv.text, turns: iv.turns, timeMarks: [], participants: new Set([`Participant ${k}`]) });
  return { entries, text: iv.text, labels: iv.labels };
}

function speakersOf(labels: readonly string[]) {
  return labels.map((label, i) => ({ label, role: i === 0 ? 'interviewer' : 'participant' }));
}

/** Interview k through storage and back, as a cold instance reads it. */
function roundTrip(k: number, rounds = 12, chunkBytes?: number) {
  const { entries, text, labels } = entriesOf(k, rounds);
  const chunks = encodePassages(preparePassages(`p1:doc:d${k}`, entries, vectors), text, labels, 'src', vectors, chunkBytes);
  return { chunks, entries, labels, ...decodePassages(`p1:doc:d${k}`, chunks, { projectId: 'p1', documentId: `d${k}`, speakers: speakersOf(labels), dims: vectors.dims }) };
}

const QUERIES = ['trust the totals', 'spreadsheet', 'onboarding wizard', 'slow exports to excel', 'arguing about numbers in meetings', 'expensive seats'];

describe('stored passages', () => {
  it('come back as the same passages: offsets, exact text, speaker, participant, timestamp', () => {
    const { entries, prepared, text } = roundTrip(1);
    expect(text).toBe(interview(1, 12).text);
    expect(prepared.entries).toEqual(entries);
  });

  it('a long interview is cut into chunks whose texts join back into the whole transcript', () => {
    const { chunks, entries, prepared, text } = roundTrip(2, 60, 4_000);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.map((c) => c.chunk)).toEqual(chunks.map((_, k) => k));
    expect(chunks.every((c) => c.chunks === chunks.length)).toBe(true);
    expect(text).toBe(interview(2, 60).text);
    expect(prepared.entries).toEqual(entries);
    const built = new SearchIndex(vectors);
    built.replaceGroup('p1:doc:d2', entries);
    const loaded = new SearchIndex(vectors);
    loaded.replacePrepared([prepared]);
    for (const q of QUERIES) expect(loaded.search(q).map((m) => m.id)).toEqual(built.search(q).map((m) => m.id));
  });

  it('an index merged from stored data ranks every query like one built from the transcripts', () => {
    const built = new SearchIndex(vectors);
    const groups = [];
    for (let k = 0; k < 4; k++) {
      const { entries } = entriesOf(k);
      built.replaceGroup(`p1:doc:d${k}`, entries);
      groups.push(roundTrip(k).prepared);
    }
    const loaded = new SearchIndex(vectors);
    loaded.replacePrepared(groups);
    expect(loaded.size).toBe(built.size);
    for (const q of QUERIES) {
      const a = built.search(q);
      const b = loaded.search(q);
      expect(a.length).toBeGreaterThan(0);
      expect(b.map((m) => [m.id, m.matchedBy])).toEqual(a.map((m) => [m.id, m.matchedBy]));
      b.forEach((m, i) => expect(m.meaning).toBeCloseTo(a[i].meaning, 2));
    }
  });

  it('a group stored anew replaces the old passages in a warm index', () => {
    const index = new SearchIndex(vectors);
    index.replacePrepared([roundTrip(0).prepared, roundTrip(1).prepared]);
    const before = index.search('spreadsheet').filter((m) => m.entry.documentId === 'd1').length;
    expect(before).toBeGreaterThan(0);
    const other = entriesOf(5);
    const renamed = other.entries.map((e) => ({ ...e, id: e.id.replace(':d5:', ':d1:'), documentId: 'd1', text: 'Nothing about sheets here at all, only coffee and biscuits.' }));
    index.replacePrepared([preparePassages('p1:doc:d1', renamed, vectors)]);
    expect(index.search('spreadsheet').filter((m) => m.entry.documentId === 'd1')).toEqual([]);
    expect(index.search('biscuits').filter((m) => m.entry.documentId === 'd1').length).toBeGreaterThan(0);
  });

  it('take the speakers as they are now: a renamed speaker or a changed role needs no new data', () => {
    const { chunks } = roundTrip(3);
    const { prepared } = decodePassages('p1:doc:d3', chunks, {
      projectId: 'p1',
      documentId: 'd3',
      speakers: [{ label: 'Moderator', role: 'interviewer' }, { label: 'Ravi', role: 'unknown' }],
      dims: vectors.dims,
    });
    expect(new Set(prepared.entries.map((e) => e.speaker))).toEqual(new Set(['Moderator', 'Ravi']));
    expect(prepared.entries.some((e) => e.participant)).toBe(false);
  });

  it('are used only when complete and made from the same transcript, format and word vectors', () => {
    const { chunks } = roundTrip(4, 40, 4_000);
    expect(isCurrent(chunks, 'src', vectors)).toBe(true);
    expect(isCurrent(chunks, 'another transcript', vectors)).toBe(false);
    expect(isCurrent(chunks, 'src', null)).toBe(false);
    expect(isCurrent(chunks.slice(1), 'src', vectors)).toBe(false);
    expect(isCurrent(chunks.slice(0, -1), 'src', vectors)).toBe(false);
    expect(isCurrent([], 'src', vectors)).toBe(false);
    expect(isCurrent(chunks.map((c): StoredChunk => ({ ...c, format: c.format + 1 })), 'src', vectors)).toBe(false);
  });

  it('an interview without a word-vector table still stores and finds its words', () => {
    const { entries, text, labels } = entriesOf(6);
    const chunks = encodePassages(preparePassages('p1:doc:d6', entries, null), text, labels, 'src', null);
    expect(isCurrent(chunks, 'src', null)).toBe(true);
    const { prepared } = decodePassages('p1:doc:d6', chunks, { projectId: 'p1', documentId: 'd6', speakers: speakersOf(labels), dims: 0 });
    const index = new SearchIndex(null);
    index.replacePrepared([prepared]);
    expect(index.search('spreadsheet').length).toBeGreaterThan(0);
  });
});

describe('a word index loaded at once', () => {
  it('fills a term’s documents only when it is searched, and stays right through updates and removals', () => {
    // Words alone: the meanings of stored passages are 8-bit, so an index built from full vectors may order ties otherwise.
    // Thirty interviews, so that replacing and removing one leaves MiniSearch no reason to vacuum (which fills every term).
    const interviews = Array.from({ length: 30 }, (_, k) => k);
    const index = new SearchIndex(null);
    index.replacePrepared(interviews.map((k) => roundTrip(k).prepared));
    const termIndex = (index as unknown as { words: { _index: { get(term: string): Map<number, Map<number, number>> } } }).words._index;
    const docsOf = (term: string) => termIndex.get(term).get(0) as DeferredPostings;
    expect(docsOf('spreadsheet')).toBeInstanceOf(DeferredPostings);
    expect(docsOf('spreadsheet').filled).toBe(false);
    expect(docsOf('wizard').filled).toBe(false);
    expect(index.search('spreadsheet').length).toBeGreaterThan(0);
    expect(docsOf('spreadsheet').filled).toBe(true);
    expect(docsOf('wizard').filled).toBe(false);

    // The same answers as an index built entry by entry, after an interview is replaced and another removed.
    const built = new SearchIndex(null);
    for (const k of interviews) built.replaceGroup(`p1:doc:d${k}`, entriesOf(k).entries);
    for (const target of [index, built]) {
      target.replaceGroup('p1:doc:d1', entriesOf(5).entries.map((e) => ({ ...e, id: e.id.replace(':d5:', ':d1:'), documentId: 'd1' })));
      target.removeGroup('p1:doc:d2');
    }
    // An update adds to a term's documents without filling them; a search then sees both.
    expect(docsOf('wizard').filled).toBe(false);
    for (const q of [...QUERIES, 'wizard', 'coffee']) expect(index.search(q).map((m) => [m.id, m.score])).toEqual(built.search(q).map((m) => [m.id, m.score]));
    expect(index.search('wizard').some((m) => m.entry.documentId === 'd2')).toBe(false);
    expect(index.search('wizard').some((m) => m.entry.documentId === 'd1')).toBe(true);
  });
});
