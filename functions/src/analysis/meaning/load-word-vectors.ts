/**
 * Loads the word-vector table once per process (about 17 MB, read in a fraction of a second) and shares it.
 * The table is build output (functions/lib/word-vectors.bin), found from this module in src/ and in lib/ alike;
 * WORD_VECTORS_PATH points elsewhere. A missing or unreadable table is a WordVectorTableError that names the
 * command that makes it, never a bare file-system error.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILD_COMMAND, readWordVectors, WordVectorTableError, type WordVectors } from './word-vectors';
import { choiceName } from '@verbatim/contract/analysis-choice';

const loading = new Map<string, Promise<WordVectors>>();

export function wordVectorsPath(): string {
  return process.env.WORD_VECTORS_PATH || join(__dirname, '../../../lib/word-vectors.bin');
}

export function loadWordVectors(): Promise<WordVectors> {
  const path = wordVectorsPath();
  let found = loading.get(path);
  if (!found) {
    found = readFile(path)
      .catch((error: unknown) => {
        throw new WordVectorTableError(unreadable(path, error), { cause: error });
      })
      .then((bytes) => readWordVectors(bytes))
      .catch((error: unknown) => {
        loading.delete(path); // let a later call try again (after a build)
        throw error;
      });
    loading.set(path, found);
  }
  return found;
}

function unreadable(path: string, error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  const what = code === 'ENOENT' ? 'is missing' : `cannot be read (${code ?? String(error)})`;
  return `The word-vector table ${choiceName('local')} analysis needs (${path}) ${what}; make it with ${BUILD_COMMAND}.`;
}
