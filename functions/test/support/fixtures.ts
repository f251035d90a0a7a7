import { readFileSync } from 'node:fs';

const DIR = new URL('../fixtures/transcripts/', import.meta.url);

/** A shared transcript fixture's bytes (see fixtures/transcripts/MANIFEST.md). */
export function fixture(name: string): Buffer {
  return readFileSync(new URL(name, DIR));
}
