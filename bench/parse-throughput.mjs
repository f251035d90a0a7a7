// Transcript parser throughput: parses every fixture in functions/test/fixtures/transcripts several times with the
// COMPILED parser (functions/lib/analysis/parsers/index.js) and prints words per second per file and overall.
//
//   cd functions && npx tsc -p tsconfig.build.json && cd .. && node bench/parse-throughput.mjs [iterations]
//
// Iterations default to 5 (or BENCH_ITERATIONS); one untimed warm-up run per file comes first.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const compiled = join(root, 'functions/lib/analysis/parsers/index.js');
const fixtures = join(root, 'functions/test/fixtures/transcripts');
const iterations = Number.parseInt(process.argv[2] ?? process.env.BENCH_ITERATIONS ?? '5', 10);

if (!Number.isInteger(iterations) || iterations < 1) {
  console.error(`Iterations must be a positive integer, got "${process.argv[2] ?? process.env.BENCH_ITERATIONS}".`);
  process.exit(2);
}
if (!existsSync(compiled)) {
  console.error(`No compiled parser at ${relative(root, compiled)}; build it first: cd functions && npx tsc -p tsconfig.build.json`);
  process.exit(1);
}

const require = createRequire(import.meta.url);
const { parseTranscript } = require(compiled);

const TRANSCRIPT_FILE = /\.(txt|md|docx|pdf|vtt|srt|sub)$/i;
function listFixtures(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'LICENSES' ? [] : listFixtures(path);
      return TRANSCRIPT_FILE.test(name) && /^\d/.test(name) ? [path] : [];
    });
}

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
