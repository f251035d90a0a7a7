/**
 * The searchable entries of one account, in memory: a BM25 index of their words (MiniSearch, BM25+ scoring over
 * Porter2-stemmed terms; entries added and discarded one group at a time, so one interview changes without a
 * rebuild) and a sentence vector per entry (smooth-inverse-frequency weighted word vectors, ordinary English's
 * common component removed) for matching by meaning. Pure of Firebase.
 */
import MiniSearch, { type Options } from 'minisearch';
import { centre, cosine, plainWords, sentenceVector, type WordVectors } from '../analysis/meaning';
import { mergeRankings, type RankedMatch } from './ranking';
import type { SearchEntry } from './search-entries';
import type { PreparedGroup } from './stored-passages';
import { termOf } from './text-terms';

/** Matches by meaning count from this cosine on (query vs. entry, both centred). */
export const MEANING_MIN = 0.4;
/** Entries with fewer known words than this have no meaning vector ("No", "Sounds good" mean too little alone). */
export const MEANING_MIN_WORDS = 5;
/** Each list contributes at most this many entries to the merged ranking. */
export const LIST_LIMIT = 300;

export interface IndexedMatch extends RankedMatch {
  entry: SearchEntry;
  /** The stems the entry matched by (for highlighting). */
  terms: string[];
  /** Cosine of the entry's meaning with the query's. */
  meaning: number;
}

/** A meaning vector of a text, centred on ordinary English and of length 1; undefined without known words. */
export function meaningOf(vectors: WordVectors, text: string, minWords = 1): Float32Array | undefined {
  const words = plainWords(text).filter((w) => vectors.rankOf(w) !== undefined);
  if (words.length < minWords) return undefined;
  const v = sentenceVector(vectors, words);
  if (v) centre([v], vectors);
  return v;
}

const WORD_INDEX_OPTIONS: Options<SearchEntry> = {
  fields: ['text', 'extra'],
  storeFields: [],
  processTerm: (term: string) => termOf(term) ?? null,
  searchOptions: { boost: { text: 2 }, combineWith: 'OR' },
};

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/** The raw tokens of a field, as the word index cuts them (before `termOf`). */
export function tokensOf(text: string): string[] {
  return tokenize(text);
}

type WordIndexData = Parameters<typeof MiniSearch.loadJS>[0];

/** MiniSearch's term → field → document → frequency map (a radix tree; not in its public types). */
interface TermIndex {
  set(term: string, fields: Map<number, Map<number, number>>): unknown;
}

/** The one field the passages' postings are in ("text"; their "extra" field is empty). */
const TEXT_FIELD = 0;

/**
 * One term's documents in MiniSearch's term index (document → frequency), made from the packed postings on first
 * use: whatever a search, an update or a vacuum of MiniSearch reads or changes goes through one of these Map
 * methods, each of which first fills the map. One exception keeps an update cheap: a document added after the load
 * (a short id from `loaded` on) is written and read without filling, since the packed postings cannot hold it; when
 * the map is filled, such documents come after the packed ones, in the order MiniSearch would have them. A cold
 * instance thus fills the maps of the terms it is asked for, not the million postings of every term of an account.
 */
export class DeferredPostings extends Map<number, number> {
  private fill: ((add: (doc: number, frequency: number) => void) => void) | null;

  constructor(
    fill: (add: (doc: number, frequency: number) => void) => void,
    private readonly loaded: number,
  ) {
    super();
    this.fill = fill;
  }

  /** Whether the packed postings are in (tests). */
  get filled(): boolean {
    return this.fill === null;
  }

  private made(): this {
    const fill = this.fill;
    if (fill) {
      this.fill = null;
      const added = [...super.entries()];
      super.clear();
      fill((doc, frequency) => super.set(doc, frequency));
      for (const [doc, frequency] of added) super.set(doc, frequency);
    }
    return this;
  }

  override get size(): number {
    return this.made(), super.size;
  }
  override get(doc: number): number | undefined {
    return this.fill && doc >= this.loaded ? super.get(doc) : (this.made(), super.get(doc));
  }
  override set(doc: number, frequency: number): this {
    return this.fill && doc >= this.loaded ? super.set(doc, frequency) : (this.made(), super.set(doc, frequency));
  }
  override has(doc: number): boolean {
    return this.made(), super.has(doc);
  }
  override delete(doc: number): boolean {
    return this.made(), super.delete(doc);
  }
  override clear(): void {
    this.fill = null;
    super.clear();
  }
  override forEach(fn: (frequency: number, doc: number, map: Map<number, number>) => void, self?: unknown): void {
    this.made();
    super.forEach(fn, self);
  }
  override entries() {
    return this.made(), super.entries();
  }
  override keys() {
    return this.made(), super.keys();
  }
  override values() {
    return this.made(), super.values();
  }
  override [Symbol.iterator]() {
    return this.entries();
  }
}

/** One group's postings turned term-major: for term k, documents `docs[starts[k]..starts[k + 1]]` and their frequencies. */
interface TermMajor {
  starts: Uint32Array;
  docs: Uint32Array;
  frequencies: Uint16Array;
}

/** A prepared group's postings by term (a counting sort), its entries numbered from `first`. */
function termMajor(g: PreparedGroup, first: number): TermMajor {
  const starts = new Uint32Array(g.vocabulary.length + 1);
  let p = 0;
  for (let i = 0; i < g.entries.length; i++) for (let terms = g.postings[p++]; terms > 0; terms--, p += 2) starts[g.postings[p] + 1]++;
  for (let k = 0; k < g.vocabulary.length; k++) starts[k + 1] += starts[k];
  const fill = starts.slice(0, g.vocabulary.length);
  const docs = new Uint32Array(starts[g.vocabulary.length]);
  const frequencies = new Uint16Array(docs.length);
  p = 0;
  for (let i = 0; i < g.entries.length; i++) {
    for (let terms = g.postings[p++]; terms > 0; terms--, p += 2) {
      const at = fill[g.postings[p]]++;
      docs[at] = first + i;
      frequencies[at] = g.postings[p + 1];
    }
  }
  return { starts, docs, frequencies };
}

/**
 * Where each term of an account is, found once: `groupTerms[from[t]..from[t + 1]]` are (group, term index in that
 * group) pairs of term t, numbered in order of `terms`. Typed arrays rather than an array per term, which would make
 * a cold instance collect most of its own work as garbage.
 */
interface TermRefs {
  terms: string[];
  from: Uint32Array;
  groupTerms: Uint32Array;
}

function termRefs(groups: readonly PreparedGroup[]): TermRefs {
  const ids = new Map<string, number>();
  const perTerm: number[] = [];
  const globalIds = groups.map((g) => {
    const out = new Uint32Array(g.vocabulary.length);
    g.vocabulary.forEach((term, t) => {
      let id = ids.get(term);
      if (id === undefined) {
        ids.set(term, (id = perTerm.length));
        perTerm.push(0);
      }
      perTerm[id]++;
      out[t] = id;
    });
    return out;
  });
  const from = new Uint32Array(perTerm.length + 1);
  for (let t = 0; t < perTerm.length; t++) from[t + 1] = from[t] + perTerm[t] * 2;
  const fill = from.slice(0, perTerm.length);
  const groupTerms = new Uint32Array(from[perTerm.length]);
  globalIds.forEach((out, g) => {
    for (let t = 0; t < out.length; t++) {
      const at = fill[out[t]];
      groupTerms[at] = g;
      groupTerms[at + 1] = t;
      fill[out[t]] = at + 2;
    }
  });
  return { terms: [...ids.keys()], from, groupTerms };
}

/** Term `t`'s postings in each group that has it, one by one to `add`. */
function postingsOf(groups: readonly TermMajor[], refs: TermRefs, t: number, add: (doc: number, frequency: number) => void): void {
  for (let r = refs.from[t]; r < refs.from[t + 1]; r += 2) {
    const { starts, docs, frequencies } = groups[refs.groupTerms[r]];
    const k = refs.groupTerms[r + 1];
    for (let j = starts[k]; j < starts[k + 1]; j++) add(docs[j], frequencies[j]);
  }
}

/**
 * The word index of prepared groups, loaded at once: terms counted beforehand are merged here, so nothing is
 * tokenised or stemmed again. MiniSearch loads its own saved form (`loadJS`) for the documents and their lengths;
 * each term goes into its term index with its postings packed, made into the map `loadJS` would make on first use
 * (`DeferredPostings`), and through `loadJS` itself should that index ever change shape.
 */
function loadWordIndex(groups: readonly PreparedGroup[]): MiniSearch<SearchEntry> {
  const documentIds: Record<number, string> = {};
  const fieldLength: Record<number, number[]> = {};
  const packed: TermMajor[] = [];
  const sums = [0, 0];
  let n = 0;
  for (const g of groups) {
    packed.push(termMajor(g, n));
    for (let i = 0; i < g.entries.length; i++) {
      const short = n++;
      documentIds[short] = g.entries[i].id;
      fieldLength[short] = [g.lengths[i * 2], g.lengths[i * 2 + 1]];
      sums[0] += g.lengths[i * 2];
      sums[1] += g.lengths[i * 2 + 1];
    }
  }
  const refs = termRefs(groups);
  const data = (index: unknown[]) =>
    ({
      documentCount: n,
      nextId: n,
      documentIds,
      fieldIds: { text: TEXT_FIELD, extra: 1 },
      fieldLength,
      averageFieldLength: n === 0 ? [0, 0] : [sums[0] / n, sums[1] / n],
      storedFields: {},
      dirtCount: 0,
      index,
      serializationVersion: 2,
    }) as unknown as WordIndexData;
  const words = MiniSearch.loadJS<SearchEntry>(data([]), WORD_INDEX_OPTIONS);
  const terms = (words as unknown as { _index?: TermIndex })._index;
  if (typeof terms?.set !== 'function') {
    const index = refs.terms.map((term, t) => {
      const docs: Record<number, number> = {};
      postingsOf(packed, refs, t, (doc, frequency) => (docs[doc] = frequency));
      return [term, { [TEXT_FIELD]: docs }];
    });
    return MiniSearch.loadJS<SearchEntry>(data(index), WORD_INDEX_OPTIONS);
  }
  refs.terms.forEach((term, t) => terms.set(term, new Map([[TEXT_FIELD, new DeferredPostings((add) => postingsOf(packed, refs, t, add), n)]])));
  return words;
}

export class SearchIndex {
  private words = new MiniSearch<SearchEntry>(WORD_INDEX_OPTIONS);
  private readonly entries = new Map<string, SearchEntry>();
  private readonly meanings = new Map<string, Float32Array>();
  private readonly groups = new Map<string, string[]>();

  constructor(private readonly vectors: WordVectors | null) {}

  get size(): number {
    return this.entries.size;
  }

  /** Replaces the entries of one group (an interview's passages, a project's insights) with `entries`. */
  replaceGroup(group: string, entries: readonly SearchEntry[], meanings?: ReadonlyArray<Float32Array | undefined>): void {
    this.removeGroup(group);
    const unique: SearchEntry[] = [];
    entries.forEach((entry, i) => {
      if (this.entries.has(entry.id)) return;
      unique.push(entry);
      this.entries.set(entry.id, entry);
      const meaning = meanings ? meanings[i] : this.vectors ? meaningOf(this.vectors, `${entry.text} ${entry.extra}`, MEANING_MIN_WORDS) : undefined;
      if (meaning) this.meanings.set(entry.id, meaning);
    });
    this.words.addAll(unique);
    this.groups.set(group, unique.map((e) => e.id));
  }

  /**
   * Replaces groups whose terms and meanings were prepared beforehand (stored passages). Into an empty index they
   * are loaded at once, without adding one entry at a time: how a cold instance gets its index.
   */
  replacePrepared(groups: readonly PreparedGroup[]): void {
    // Entry ids embed their group's interview, so distinct groups never share one.
    const distinct = new Set(groups.map((g) => g.group)).size === groups.length;
    if (this.entries.size > 0 || this.groups.size > 0 || !distinct) {
      for (const g of groups) this.replaceGroup(g.group, g.entries, g.meanings);
      return;
    }
    this.words = loadWordIndex(groups);
    for (const g of groups) {
      g.entries.forEach((entry, i) => {
        this.entries.set(entry.id, entry);
        const meaning = g.meanings[i];
        if (meaning) this.meanings.set(entry.id, meaning);
      });
      this.groups.set(g.group, g.entries.map((e) => e.id));
    }
  }

  removeGroup(group: string): void {
    const ids = this.groups.get(group);
    if (!ids) return;
    for (const id of ids) {
      if (!this.entries.delete(id)) continue;
      this.meanings.delete(id);
      this.words.discard(id);
    }
    this.groups.delete(group);
  }

  /** Groups whose key starts with `prefix` (e.g. every group of one project). */
  groupsStartingWith(prefix: string): string[] {
    return [...this.groups.keys()].filter((g) => g.startsWith(prefix));
  }

  /** The entries of one group. */
  groupEntries(group: string): SearchEntry[] {
    return (this.groups.get(group) ?? []).map((id) => this.entries.get(id)!).filter(Boolean);
  }

  entry(id: string): SearchEntry | undefined {
    return this.entries.get(id);
  }

  /** How many entries `accept` lets through hold `word` (by its term, as a search reads it). */
  holding(word: string, accept: (entry: SearchEntry) => boolean = () => true): number {
    return this.words.search(word, { filter: (r) => accept(this.entries.get(r.id as string)!) }).length;
  }

  /**
   * Entries for `query`, best first: by words (BM25) and by meaning (cosine ≥ MEANING_MIN), merged. `accept`
   * narrows the candidates (filters) before ranking; `terms` (stems) replaces the query's own words when given.
   */
  search(query: string, accept: (entry: SearchEntry) => boolean = () => true, options: { minMeaning?: number } = {}): IndexedMatch[] {
    const wordHits = this.words.search(query, { filter: (r) => accept(this.entries.get(r.id as string)!) }).slice(0, LIST_LIMIT);
    const termsOf = new Map(wordHits.map((h) => [h.id as string, h.terms]));
    const queryMeaning = this.vectors ? meaningOf(this.vectors, query) : undefined;
    const meaningOfEntry = new Map<string, number>();
    let byMeaning: string[] = [];
    if (queryMeaning) {
      const min = options.minMeaning ?? MEANING_MIN;
      const scored: Array<[string, number]> = [];
      for (const [id, v] of this.meanings) {
        const c = cosine(queryMeaning, v);
        if (c >= min && accept(this.entries.get(id)!)) scored.push([id, c]);
      }
      scored.sort((a, b) => b[1] - a[1]);
      byMeaning = scored.slice(0, LIST_LIMIT).map(([id, c]) => {
        meaningOfEntry.set(id, c);
        return id;
      });
    }
    return mergeRankings(
      wordHits.map((h) => h.id as string),
      byMeaning,
    ).map((m) => ({
      ...m,
      entry: this.entries.get(m.id)!,
      terms: termsOf.get(m.id) ?? [],
      meaning: meaningOfEntry.get(m.id) ?? (queryMeaning ? cosine(queryMeaning, this.meanings.get(m.id)) : 0),
    }));
  }
}
