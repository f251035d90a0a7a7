/**
 * What a statement means, as one vector: the average of its words' vectors, each weighted by how rare the word is
 * (smooth inverse frequency: a / (a + p(word)), with p estimated from the word's frequency rank by Zipf's law), so
 * that "plot", "trust" and "outlier" count and "the", "thing" and "like" hardly do. Vectors of one interview (or
 * project) are then centred on their mean before comparing, which removes what all of its statements share
 * (the common component of averaged word vectors) and leaves what sets each apart.
 */
import type { WordVectors } from './word-vectors';

/** Smooth-inverse-frequency constant. */
const SIF_A = 1e-4;

export function wordWeight(vectors: WordVectors, rank: number): number {
  const p = 1 / (rank * Math.log(1.78 * vectors.count));
  return SIF_A / (SIF_A + p);
}

/** The weighted average of the known words' vectors; undefined when none is known. */
export function sentenceVector(vectors: WordVectors, words: readonly string[]): Float32Array | undefined {
  const sum = new Float32Array(vectors.dims);
  let known = 0;
  for (const word of words) {
    const rank = vectors.rankOf(word);
    if (rank === undefined) continue;
    vectors.addTo(word, sum, wordWeight(vectors, rank));
    known++;
  }
  if (known === 0) return undefined;
  for (let d = 0; d < sum.length; d++) sum[d] /= known;
  return sum;
}

/** Below this many vectors the mean is mostly the vectors themselves: they are only scaled. */
const MIN_TO_CENTRE = 8;

/** Words whose average meaning is what any English sentence shares. */
const COMMON_WORDS = 20_000;
const common = new WeakMap<WordVectors, Float32Array>();

/** What the average sentence vector of ordinary English is made of: the mean of the frequent words' weighted vectors. */
export function commonComponent(vectors: WordVectors): Float32Array {
  let found = common.get(vectors);
  if (!found) {
    const words: string[] = [];
    for (let rank = 1; rank <= Math.min(COMMON_WORDS, vectors.count); rank++) words.push(vectors.wordAt(rank) as string);
    found = sentenceVector(vectors, words) ?? new Float32Array(vectors.dims);
    common.set(vectors, found);
  }
  return found;
}

/**
 * Subtracts the mean of the given vectors from each (when there are enough of them; else what ordinary English
 * shares) and scales each to length 1 (in place).
 */
export function centre(vectors: readonly (Float32Array | undefined)[], table?: WordVectors): void {
  const present = vectors.filter((v): v is Float32Array => v !== undefined);
  if (present.length === 0) return;
  const centring = present.length >= MIN_TO_CENTRE || table !== undefined;
  const dims = present[0].length;
  const mean = new Float32Array(dims);
  if (present.length >= MIN_TO_CENTRE) for (const v of present) for (let d = 0; d < dims; d++) mean[d] += v[d] / present.length;
  else if (table) mean.set(commonComponent(table));
  for (const v of present) {
    let norm = 0;
    for (let d = 0; d < dims; d++) {
      v[d] -= centring ? mean[d] : 0;
      norm += v[d] * v[d];
    }
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < dims; d++) v[d] /= norm;
  }
}

/** Cosine of two vectors of length 1; 0 when either is missing. */
export function cosine(a: Float32Array | undefined, b: Float32Array | undefined): number {
  if (!a || !b) return 0;
  let dot = 0;
  for (let d = 0; d < a.length; d++) dot += a[d] * b[d];
  return dot;
}

/** The mean of vectors of length 1, scaled back to length 1; undefined when none is given. */
export function centroid(vectors: readonly (Float32Array | undefined)[]): Float32Array | undefined {
  const present = vectors.filter((v): v is Float32Array => v !== undefined);
  if (present.length === 0) return undefined;
  const sum = new Float32Array(present[0].length);
  for (const v of present) for (let d = 0; d < sum.length; d++) sum[d] += v[d];
  let norm = 0;
  for (let d = 0; d < sum.length; d++) norm += sum[d] * sum[d];
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < sum.length; d++) sum[d] /= norm;
  return sum;
}

/** Lower-case words of a text, for tables keyed by plain lower-case words ("don't" stays whole). */
export function plainWords(text: string): string[] {
  return text.toLowerCase().replace(/[\u2018\u2019]/g, "'").match(/[a-z][a-z'-]*/g) ?? [];
}
