/**
 * Loads the word-vector table once per process (about 17 MB, read in a fraction of a second) and shares it.
 * The table is build output (functions/lib/word-vectors.bin), found from this module in src/ and in lib/ alike;
 * WORD_VECTORS_PATH points elsewhere.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readWordVectors, type WordVectors } from './word-vectors';

let loading: Promise<WordVectors> | undefined;

export function wordVectorsPath(): string {
  return process.env.WORD_VECTORS_PATH || join(__dirname, '../../../lib/word-vectors.bin');
}

export function loadWordVectors(): Promise<WordVectors> {
  loading ??= readFile(wordVectorsPath())
    .then((bytes) => readWordVectors(bytes))
    .catch((error: unknown) => {
      loading = undefined; // let a later call try again
      throw error;
    });
  return loading;
}
