// Transcript parser throughput: parses every fixture in functions/test/fixtures/transcripts several times with the
// COMPILED parser (functions/lib/analysis/parsers/index.js) and prints words per second per file and overall.
//
//   cd functions && npx tsc -p tsconfig.build.json && cd .. && node bench/parse-throughput.mjs [iterations]
//
// Iterations default to 5 (or BENCH_ITERATIONS); one untimed warm-up run per file comes first.
import { readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fixtures, integerArg, listFixtures, requireCompiled, root } from './lib/support.mjs';

const iterations = integerArg('BENCH_ITERATIONS', 5, { what: 'number of iterations' });
const [{ parseTranscript }] = requireCompiled('parsers/index.js');


const files = listFixtures(fixtures);
if (files.length === 0) {
  console.error(`No transcript fixtures found in ${relative(root, fixtures)}.`);
  process.exit(1);
}

const rows = [];
let totalWords = 0;
let totalBytes = 0;
let totalMs = 0;
for (const path of files) {
  const bytes = new Uint8Array(readFileSync(path));
  const fileName = basename(path);
  let words;
  try {
    words = (await parseTranscript({ bytes, fileName })).wordCount; // warm-up, untimed
  } catch (error) {
    rows.push({ fileName, error: `${error.code ?? 'error'}: ${error.message}` });
    continue;
  }
  const start = performance.now();
  for (let i = 0; i < iterations; i++) await parseTranscript({ bytes, fileName });
  const ms = performance.now() - start;
  rows.push({ fileName, bytes: bytes.byteLength, words, ms: ms / iterations, wordsPerSecond: (words * iterations) / (ms / 1000) });
  totalWords += words * iterations;
  totalBytes += bytes.byteLength * iterations;
  totalMs += ms;
}

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const nameWidth = Math.max(...rows.map((row) => row.fileName.length), 'file'.length);
const header = `${'file'.padEnd(nameWidth)}  ${'KB'.padStart(7)}  ${'words'.padStart(7)}  ${'ms/parse'.padStart(9)}  ${'words/s'.padStart(12)}`;
console.log(`Transcript parse throughput (${iterations} timed run${iterations === 1 ? '' : 's'} per file, Node ${process.version})`);
console.log(header);
console.log('-'.repeat(header.length));
for (const row of rows) {
  if (row.error) {
    console.log(`${row.fileName.padEnd(nameWidth)}  FAILED ${row.error}`);
    continue;
  }
  console.log(
    `${row.fileName.padEnd(nameWidth)}  ${fmt(row.bytes / 1024, 1).padStart(7)}  ${fmt(row.words).padStart(7)}  ${fmt(row.ms, 2).padStart(9)}  ${fmt(row.wordsPerSecond).padStart(12)}`,
  );
}
console.log('-'.repeat(header.length));
console.log(
  `${'overall'.padEnd(nameWidth)}  ${fmt(totalBytes / iterations / 1024, 1).padStart(7)}  ${fmt(totalWords / iterations).padStart(7)}  ${fmt(totalMs / iterations, 2).padStart(9)}  ${fmt(totalWords / (totalMs / 1000)).padStart(12)}`,
);
if (rows.some((row) => row.error)) process.exitCode = 1;
