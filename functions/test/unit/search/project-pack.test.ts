import { beforeAll, describe, expect, it } from 'vitest';
import { loadWordVectors, type WordVectors } from '../../../src/analysis/meaning';
import { decodePack, interviewsKey, encodePack, type PackedInterview } from '../../../src/search/project-pack';
import { passageEntries } from '../../../src/search/search-entries';
import { SearchIndex } from '../../../src/search/search-index';
import { decodePassages, encodePassages, packIndex, preparePassages, STORED_FORMAT, unpackIndex } from '../../../src/search/stored-passages';
import { syntheticInterview } from './synthetic-interview';

let vectors: WordVectors;
beforeAll(async () => {
  vectors = await loadWordVectors();
});

/** Interview k, `rounds` answers long, with its passages. */
function interview(k: number, rounds = 10) {
  const { text, turns, labels } = syntheticInterview(k, rounds);
  const entries = passageEntries({ projectId: 'p1', documentId: `d${k}`, text, turns, timeMarks: [], participants: new Set([labels[1]]) });
  return { text, labels, entries };
}

const speakersOf = (labels: readonly string[]) => labels.map((label, i) => ({ label, role: i === 0 ? 'interviewer' : 'participant' }));

/** Interview k as a pack holds it, its chunks cut small so that it has several. */
function packed(k: number, chunkBytes = 3_000): PackedInterview {
  const { text, labels, entries } = interview(k);
  const chunks = encodePassages(preparePassages(`p1:doc:d${k}`, entries, vectors), text, labels, `src-${k}`, vectors, chunkBytes);
  return { id: `d${k}`, name: `Interview ${k}`, stamp: `src-${k}|speakers`, groupedTags: [{ groupLabel: 'Trust', tags: [{ originalTag: 'totals', refinedTag: 'Totals' }] }], speakers: speakersOf(labels), source: `src-${k}`, chunks };
}

const decoded = (p: PackedInterview) => decodePassages(`p1:doc:${p.id}`, p.chunks, { projectId: 'p1', documentId: p.id, speakers: p.speakers, dims: vectors.dims });
const QUERIES = ['trust the totals', 'spreadsheet', 'onboarding wizard', 'slow exports to excel', 'arguing about numbers in meetings', 'expensive seats'];

describe('a chunk index packed in one piece', () => {
  it('comes back exactly: passages, scales, postings, lengths and terms', () => {
    const part = {
      passages: Float64Array.of(0, 12, 1, NaN, 14, 40, 0, 75.5),
      scales: Float32Array.of(0.25, 0),
      postings: Uint16Array.of(2, 0, 1, 1, 3, 1, 2, 1),
      lengths: Uint16Array.of(7, 0, 3, 0),
      terms: ['onboard', 'wizard', 'été'],
    };
    const back = unpackIndex(packIndex(part));
    expect([...back.passages]).toEqual([...part.passages]);
    expect([...back.scales]).toEqual([...part.scales]);
    expect([...back.postings]).toEqual([...part.postings]);
    expect([...back.lengths]).toEqual([...part.lengths]);
    expect(back.terms).toEqual(part.terms);
    expect(unpackIndex(packIndex({ ...part, terms: [] })).terms).toEqual([]);
  });

  it('refuses parts that do not fit together, and bytes that are not a packed index', () => {
    const part = { passages: new Float64Array(8), scales: new Float32Array(2), postings: new Uint16Array(0), lengths: new Uint16Array(2), terms: [] };
    expect(() => packIndex(part)).toThrow('A chunk index needs 4 passage numbers and 2 lengths per scale.');
    const good = packIndex({ ...part, lengths: new Uint16Array(4) });
    const inflated = unpackIndex(good);
    expect(inflated.scales.length).toBe(2);
    expect(() => unpackIndex(new Uint8Array([1, 2, 3]))).toThrow();
  });
});

describe('project search pack', () => {
  it('gives back every interview with its chunks, names, speakers and themes, across several parts', () => {
    const interviews = [packed(0), packed(1), { ...packed(2), stamp: 'none', chunks: [] }];
    const parts = encodePack(interviewsKey(3, 1234), 'pack-a', interviews, 5_000);
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.every((p) => p.parts === parts.length && p.pack === 'pack-a' && p.format === STORED_FORMAT && p.bytes.byteLength <= 5_000)).toBe(true);
    const back = decodePack([...parts].reverse(), '3|1234');
    expect(back).not.toBeNull();
    expect(back!.map(({ chunks: _c, ...rest }) => rest)).toEqual(interviews.map(({ chunks: _c, ...rest }) => rest));
    back!.forEach((p, k) => {
      expect(p.chunks.length).toBe(interviews[k].chunks.length);
      p.chunks.forEach((c, j) => {
        const original = interviews[k].chunks[j];
        expect({ ...c, text: [...c.text], index: [...c.index], meanings: [...c.meanings] }).toEqual({ ...original, text: [...original.text], index: [...original.index], meanings: [...original.meanings] });
      });
    });
    expect(decoded(back![0])).toEqual(decoded(interviews[0]));
  });

  it('is not used when made for other interviews, incomplete, mixed with another pack or of another format', () => {
    const parts = encodePack('2|99', 'pack-a', [packed(0), packed(1)], 4_000);
    const other = encodePack('2|99', 'pack-b', [packed(0), packed(1)], 4_000);
    expect(decodePack(parts, '2|99')).not.toBeNull();
    expect(decodePack(parts, '3|99')).toBeNull();
    expect(decodePack(parts, '2|100')).toBeNull();
    expect(decodePack(parts.slice(1), '2|99')).toBeNull();
    expect(decodePack(parts.slice(0, -1), '2|99')).toBeNull();
    expect(decodePack([other[0], ...parts.slice(1)], '2|99')).toBeNull();
    expect(decodePack(parts.map((p) => ({ ...p, format: p.format + 1 })), '2|99')).toBeNull();
    expect(decodePack([], '2|99')).toBeNull();
  });

  it('an index loaded from a pack ranks every query as one loaded from the chunks themselves, and by words as one built from the transcripts', () => {
    const interviews = [0, 1, 2, 3].map((k) => packed(k));
    const fromPack = decodePack(encodePack('4|1', 'pack-a', interviews), '4|1')!;
    const direct = new SearchIndex(vectors);
    direct.replacePrepared(interviews.map((p) => decoded(p).prepared));
    const loaded = new SearchIndex(vectors);
    loaded.replacePrepared(fromPack.map((p) => decoded(p).prepared));
    const row = (m: ReturnType<SearchIndex['search']>[number]) => [m.id, m.matchedBy, m.score, m.meaning, m.entry.text, m.entry.speaker, m.entry.ts];
    for (const q of QUERIES) {
      const a = direct.search(q);
      expect(a.length).toBeGreaterThan(0);
      expect(loaded.search(q).map(row)).toEqual(a.map(row));
    }
    // By words alone (the stored meanings are 8-bit, so ties by meaning may fall otherwise than with full vectors).
    const built = new SearchIndex(null);
    for (let k = 0; k < 4; k++) built.replaceGroup(`p1:doc:d${k}`, interview(k).entries);
    const words = new SearchIndex(null);
    words.replacePrepared(fromPack.map((p) => decoded(p).prepared));
    expect(words.size).toBe(built.size);
    for (const q of QUERIES) expect(words.search(q).map((m) => [m.id, m.score])).toEqual(built.search(q).map((m) => [m.id, m.score]));
  });
});
