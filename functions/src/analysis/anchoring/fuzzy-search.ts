/**
 * Bounded fuzzy search for a quote among a transcript's words: word-level edit distance, similarity
 * `1 - distance / max(quoteWords, matchWords)` of at least `FUZZY_MIN_SIMILARITY`. A word the quote changes or adds
 * costs 1; a word of the transcript the quote leaves out costs `OMITTED_WORD_COST`: the quote's words are then all
 * in the span, in order, and the span (which is what is stored) says at least as much. A word the participant said
 * again straight after itself ("you can, you can customise") costs nothing to leave out and does not count in the
 * match's length. Leaving out or changing a word that carries meaning is refused apart (see meaning-check.ts). Candidate places are found by
 * voting (each quote word votes for the starts its occurrences imply, give or take the allowed drift), and only the
 * best few are aligned, so the cost grows with the transcript's length plus the quote's word occurrences, not their
 * product.
 */
import type { MatchWord } from './match-text';

export const FUZZY_MIN_SIMILARITY = 0.85;
/** Shorter quotes must match exactly or normalised: with 4 words, one wrong word is already 75 %. */
export const FUZZY_MIN_WORDS = 5;
/** Longer proposals are not searched fuzzily (a quote is a sentence or a few, not a page). */
export const FUZZY_MAX_WORDS = 300;
const MAX_CANDIDATES = 6;
/** Cost of a transcript word the quote leaves out ("I really think" quoted as "I think"), against 1 for a change. */
export const OMITTED_WORD_COST = 0.5;
/** Edit costs in halves, so the alignment stays in integers. */
const HALVES = 2;
const CHANGE = HALVES;
const OMISSION = OMITTED_WORD_COST * HALVES;

/**
 * How far a quote word may lie from where the match's start implies when voting: as many words as the quote may
 * change or add. (Voting with the wider reach of omissions would let frequent words outvote the right place.)
 */
function votingDrift(n: number): number {
  return Math.ceil(n * (1 - FUZZY_MIN_SIMILARITY)) + 1;
}

/** How many more words than the quote a match may span: the omissions within the bound (½·d ≤ (1 − min)·(n + d)). */
function omissionReach(n: number): number {
  const slack = 1 - FUZZY_MIN_SIMILARITY;
  return Math.ceil((n * slack) / (OMITTED_WORD_COST - slack)) + 1;
}

export interface FuzzyIndex {
  /** Word ids in text order; equal words share an id. */
  ids: Int32Array;
  vocabulary: Map<string, number>;
  /** Positions (word indices) of each id. */
  occurrences: number[][];
  /** 1 for a word that repeats the words before it (free to leave out), else 0. */
  repeated: Uint8Array;
  /** `counted[k]`: words before position k that are not repeats. */
  counted: Int32Array;
}

export function buildFuzzyIndex(words: readonly MatchWord[], repeated: Uint8Array = new Uint8Array(words.length)): FuzzyIndex {
  const vocabulary = new Map<string, number>();
  const occurrences: number[][] = [];
  const ids = new Int32Array(words.length);
  for (let k = 0; k < words.length; k++) {
    let id = vocabulary.get(words[k].text);
    if (id === undefined) {
      id = occurrences.length;
      vocabulary.set(words[k].text, id);
      occurrences.push([]);
    }
    ids[k] = id;
    occurrences[id].push(k);
  }
  const counted = new Int32Array(words.length + 1);
  for (let k = 0; k < words.length; k++) counted[k + 1] = counted[k] + (repeated[k] ? 0 : 1);
  return { ids, vocabulary, occurrences, repeated, counted };
}

export interface FuzzyHit {
  /** First word of the match (index into the transcript's words). */
  from: number;
  /** Just past its last word. */
  to: number;
  similarity: number;
}

/** Matches of `quote` (normalised words) with similarity ≥ the threshold, best first (then earliest). */
export function fuzzyFind(index: FuzzyIndex, quote: readonly string[]): FuzzyHit[] {
  const n = quote.length;
  const total = index.ids.length;
  if (n < FUZZY_MIN_WORDS || n > FUZZY_MAX_WORDS || total === 0) return [];
  const drift = votingDrift(n);
  const q = Int32Array.from(quote, (word) => index.vocabulary.get(word) ?? -1);

  const diff = new Int32Array(total + 1);
  for (let i = 0; i < n; i++) {
    if (q[i] < 0) continue;
    for (const position of index.occurrences[q[i]]) {
      const low = Math.max(0, position - i - drift);
      const high = Math.min(total - 1, position - i + drift);
      if (low > high) continue;
      diff[low]++;
      diff[high + 1]--;
    }
  }
  // Necessary (not sufficient) for a match: most quote words occur near where they should.
  const needed = Math.ceil(n * 0.7);
  const runs: { start: number; votes: number }[] = [];
  let votes = 0;
  let run: { start: number; votes: number } | undefined;
  for (let s = 0; s < total; s++) {
    votes += diff[s];
    if (votes >= needed) {
      if (!run) {
        run = { start: s, votes };
        runs.push(run);
      } else if (votes > run.votes) {
        run.start = s;
        run.votes = votes;
      }
    } else run = undefined;
  }
  runs.sort((a, b) => b.votes - a.votes || a.start - b.start);

  const hits: FuzzyHit[] = [];
  for (const candidate of runs.slice(0, MAX_CANDIDATES)) {
    const from = Math.max(0, candidate.start - drift);
    const to = Math.min(total, candidate.start + n + drift + omissionReach(n));
    const hit = align(q, index, from, to);
    if (hit && hit.similarity >= FUZZY_MIN_SIMILARITY && !hits.some((h) => h.from === hit.from && h.to === hit.to)) {
      hits.push(hit);
    }
  }
  return hits.sort((a, b) => b.similarity - a.similarity || a.from - b.from);
}

/** Semi-global alignment: all of `q` against the best-fitting stretch of the transcript's words `[from, to)`. */
function align(q: Int32Array, index: FuzzyIndex, from: number, to: number): FuzzyHit | undefined {
  const { ids, repeated, counted } = index;
  const n = q.length;
  const width = to - from;
  let previous = new Int32Array(width + 1);
  let current = new Int32Array(width + 1);
  let previousOrigin = new Int32Array(width + 1);
  let currentOrigin = new Int32Array(width + 1);
  for (let j = 0; j <= width; j++) previousOrigin[j] = j; // the match may start anywhere, at no cost
  for (let i = 1; i <= n; i++) {
    current[0] = i * CHANGE;
    currentOrigin[0] = 0;
    for (let j = 1; j <= width; j++) {
      let cost = previous[j - 1] + (q[i - 1] >= 0 && q[i - 1] === ids[from + j - 1] ? 0 : CHANGE);
      let origin = previousOrigin[j - 1];
      if (previous[j] + CHANGE < cost) {
        cost = previous[j] + CHANGE;
        origin = previousOrigin[j];
      }
      const omission = repeated[from + j - 1] ? 0 : OMISSION;
      if (current[j - 1] + omission < cost) {
        cost = current[j - 1] + omission;
        origin = currentOrigin[j - 1];
      }
      current[j] = cost;
      currentOrigin[j] = origin;
    }
    [previous, current] = [current, previous];
    [previousOrigin, currentOrigin] = [currentOrigin, previousOrigin];
  }
  let best: FuzzyHit | undefined;
  for (let j = 1; j <= width; j++) {
    if (j - previousOrigin[j] <= 0) continue;
    const length = counted[from + j] - counted[from + previousOrigin[j]];
    const similarity = 1 - previous[j] / HALVES / Math.max(n, length);
    if (!best || similarity > best.similarity) best = { from: from + previousOrigin[j], to: from + j, similarity };
  }
  return best;
}
