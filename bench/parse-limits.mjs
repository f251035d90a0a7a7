// Parsing at the upload limit: for every supported format, generated worst-case files of up to 20 MB (many tiny cues
// or turns, one giant line, many distinct speakers; see lib/worst-case-transcripts.mjs) parsed once each with the
// COMPILED parser, printing seconds and MB/s per file and the slowest MB/s per format. Goal: every file ≤ 5 s.
//
//   npm run bench -- parse          (builds first; also runs parse-throughput on the real fixtures)
//   node bench/parse-limits.mjs [format…]   (after `npm run build -w functions`; e.g. `vtt srt`)
import { performance } from 'node:perf_hooks';
import { requireCompiled } from './lib/support.mjs';
import { worstCases } from './lib/worst-case-transcripts.mjs';

const GOAL_SECONDS = 5;
const [{ parseTranscript, MAX_UPLOAD_BYTES }, { MAX_DOCX_MARKUP_BYTES }, { MAX_TOTAL_UNCOMPRESSED }] = requireCompiled(
  'parsers/index.js',
  'parsers/docx-parser.js',
  'parsers/zip-guard.js',
);
const only = process.argv.slice(2);
const cases = worstCases({ limit: MAX_UPLOAD_BYTES, docxXmlLimit: MAX_DOCX_MARKUP_BYTES - 4096, docxInflateLimit: MAX_TOTAL_UNCOMPRESSED - 1024 * 1024 }).filter(
  (c) => only.length === 0 || only.includes(c.format),
);

const MB = 1024 * 1024;
const fmt = (n, digits) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const outcomeOf = (parsed) => `${parsed.wordCount.toLocaleString('en')} words, ${parsed.turns.length.toLocaleString('en')} turns, ${parsed.speakers.length.toLocaleString('en')} speakers`;

console.log(`Parsing worst-case files at the ${MAX_UPLOAD_BYTES / MB} MB upload limit (one run each, Node ${process.version}; goal ≤ ${GOAL_SECONDS} s)`);
const header = `${'format'.padEnd(6)}  ${'shape'.padEnd(16)}  ${'MB'.padStart(5)}  ${'seconds'.padStart(7)}  ${'MB/s'.padStart(6)}  outcome`;
console.log(header);
console.log('-'.repeat(header.length + 40));

const slowest = new Map();
let over = 0;
for (const c of cases) {
  const bytes = await c.bytes();
  global.gc?.();
  const start = performance.now();
  let outcome;
  try {
    outcome = outcomeOf(await parseTranscript({ bytes, fileName: c.fileName }));
  } catch (error) {
    outcome = `refused, ${error.code ?? 'error'}: ${String(error.message).slice(0, 70)}`;
  }
  const seconds = (performance.now() - start) / 1000;
  const rate = bytes.byteLength / MB / seconds;
  if (seconds > GOAL_SECONDS) over++;
  if (!slowest.has(c.format) || rate < slowest.get(c.format).rate) slowest.set(c.format, { rate, seconds, shape: c.shape });
  console.log(
    `${c.format.padEnd(6)}  ${c.shape.padEnd(16)}  ${fmt(bytes.byteLength / MB, 1).padStart(5)}  ${fmt(seconds, 2).padStart(7)}  ${fmt(rate, 1).padStart(6)}  ${seconds > GOAL_SECONDS ? 'OVER GOAL ' : ''}${outcome}`,
  );
}

console.log('\nSlowest shape per format (MB/s; seconds for that file):');
for (const [format, { rate, seconds, shape }] of slowest) {
  console.log(`  ${format.padEnd(5)} ${fmt(rate, 1).padStart(6)} MB/s  ${fmt(seconds, 2).padStart(6)} s  (${shape})${seconds > GOAL_SECONDS ? `  over ${GOAL_SECONDS} s` : ''}`);
}
if (over > 0) {
  console.log(`\n${over} file(s) over the ${GOAL_SECONDS} s goal.`);
  process.exitCode = 1;
}
