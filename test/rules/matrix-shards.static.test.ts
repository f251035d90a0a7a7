import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The rules matrix runs as MATRIX_SHARDS files: one file per shard, each registering its own index, so every
 * block of cases runs exactly once. (Read as text: importing the cases would start a rules environment.)
 */
const here = new URL('./', import.meta.url);
const shards = Number(/export const MATRIX_SHARDS = (\d+);/.exec(readFileSync(new URL('matrix-cases.ts', here), 'utf8'))?.[1]);

describe('the rules matrix shards', () => {
  it('has one file per shard, each registering its own index', () => {
    const files = readdirSync(here).filter((f) => /^matrix-\d+\.rules\.test\.ts$/.test(f)).sort();
    expect(files).toEqual(Array.from({ length: shards }, (_, i) => `matrix-${i + 1}.rules.test.ts`));
    for (const [i, file] of files.entries()) {
      expect(readFileSync(new URL(file, here), 'utf8')).toContain(`registerMatrixShard(${i + 1});`);
    }
  });
});
