/**
 * The word-vector table is build output (functions/lib/word-vectors.bin). When it is missing or damaged, loading it
 * and analysing with the built-in analyser fail with an error that names the table and the command that makes it,
 * not a bare file-system error; once the table is there, the next call succeeds.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalAnalyser } from '../../../src/analysis/local';
import { BUILD_COMMAND, loadWordVectors, wordVectorsPath, WordVectorTableError } from '../../../src/analysis/meaning';
import { transcript } from './helpers/transcripts';

const built = wordVectorsPath();
let folder: string;
const previous = process.env.WORD_VECTORS_PATH;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'word-vectors-'));
});
afterAll(async () => {
  if (previous === undefined) delete process.env.WORD_VECTORS_PATH;
  else process.env.WORD_VECTORS_PATH = previous;
  await rm(folder, { recursive: true, force: true });
});

const interview = transcript(
  [
    ['Interviewer', 'How do you read the plots?'],
    ['P1', 'I find the interaction plots very hard to read, so our team uses the simpler plots instead.'],
  ],
  { Interviewer: 'interviewer', P1: 'participant' },
);

describe('the word-vector table', () => {
  it('names the missing table and the build command instead of a raw ENOENT', async () => {
    const missing = join(folder, 'absent', 'word-vectors.bin');
    process.env.WORD_VECTORS_PATH = missing;
    const failure = await loadWordVectors().then(() => undefined, (error: unknown) => error);
    expect(failure).toBeInstanceOf(WordVectorTableError);
    const message = (failure as Error).message;
    expect(message).toContain(missing);
    expect(message).toContain('is missing');
    expect(message).toContain(BUILD_COMMAND);
    expect(BUILD_COMMAND).toBe('npm run build -w functions');
    expect(message).not.toMatch(/ENOENT/);
  });

  it('fails the built-in analysis with the same clear error', async () => {
    process.env.WORD_VECTORS_PATH = join(folder, 'also-absent.bin');
    await expect(createLocalAnalyser({ yieldBetweenBatches: false }).analyse(interview)).rejects.toThrow(
      /word-vector table .* is missing; make it with npm run build -w functions/,
    );
  });

  it('names the build command for a damaged table', async () => {
    const damaged = join(folder, 'damaged.bin');
    await writeFile(damaged, 'not a table at all');
    process.env.WORD_VECTORS_PATH = damaged;
    await expect(loadWordVectors()).rejects.toThrow(/not in the expected format; rebuild it with npm run build -w functions/);
  });

  it('loads once the table has been built, without a restart', async () => {
    const later = join(folder, 'later.bin');
    process.env.WORD_VECTORS_PATH = later;
    await expect(loadWordVectors()).rejects.toBeInstanceOf(WordVectorTableError);
    await copyFile(built, later);
    const vectors = await loadWordVectors();
    expect(vectors.rankOf('plot')).toBeGreaterThan(0);
    const analysis = await createLocalAnalyser({ yieldBetweenBatches: false }).analyse(interview);
    expect(analysis.insights.length).toBeGreaterThan(0);
  });
});
