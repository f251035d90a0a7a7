// Gemini analyser against the local Gemini stand-in: parses every fixture in functions/test/fixtures/transcripts with
// the COMPILED parser, runs the COMPILED Gemini analyser (functions/lib/analysis/gemini) through the real
// @google/genai SDK against test/support/gemini-stand-in.mjs (plain JS, shared with the vitest suites) answering
// after a set latency, and prints per file: words, chunks/calls, wall time, insights; then totals. Three runs:
// the default (one call per interview up to 100,000 words), the same with PII redaction, and 1000-word chunks (to
// show the concurrency bound).
//
//   cd functions && npx tsc -p tsconfig.build.json && cd .. && node bench/gemini-analyser.mjs [latencyMs]
//
// Latency defaults to 150 ms per call (or BENCH_GEMINI_LATENCY_MS). Nothing leaves the machine.
import { readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startGeminiStandIn } from '../test/support/gemini-stand-in.mjs';
import { analysisInputOf, fixtures, integerArg, listFixtures, requireCompiled, root } from './lib/support.mjs';

const latencyMs = integerArg('BENCH_GEMINI_LATENCY_MS', 150, { min: 0, what: 'latency (ms)' });
const [{ parseTranscript }, { createGeminiAnalyser, DEFAULT_GEMINI_MODEL, DEFAULT_MAX_CONCURRENCY }] = requireCompiled(
  'parsers/index.js',
  'gemini/index.js',
);


async function parseAll(files) {
  const parsed = [];
  for (const path of files) {
    const fileName = basename(path);
    try {
      const transcript = await parseTranscript({ bytes: new Uint8Array(readFileSync(path)), fileName });
      parsed.push({
        fileName,
        words: transcript.wordCount,
        participants: transcript.speakers.filter((s) => s.role === 'participant').length,
        input: analysisInputOf(transcript, fileName),
      });
    } catch (error) {
      parsed.push({ fileName, error: `${error.code ?? 'error'}: ${error.message}` });
    }
  }
  return parsed;
}

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function run(label, documents, options, standIn) {
  const analyser = createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url, ...options });
  const rows = [];
  for (const doc of documents) {
    if (doc.error) {
      rows.push({ fileName: doc.fileName, error: doc.error });
      continue;
    }
    standIn.reset();
    const start = performance.now();
    try {
      const result = await analyser.analyse(doc.input);
      rows.push({
        fileName: doc.fileName,
        words: doc.words,
        calls: result.usage?.calls ?? 0,
        ms: performance.now() - start,
        inFlight: standIn.maxInFlight,
        insights: result.insights.length,
        quotes: result.insights.reduce((n, i) => n + i.quotes.length, 0),
        tokens: result.usage?.totalTokens ?? 0,
        skipped: doc.participants === 0,
      });
    } catch (error) {
      rows.push({ fileName: doc.fileName, error: `${error.code ?? 'error'}: ${error.message}` });
    }
  }

  const nameWidth = Math.max(...rows.map((r) => r.fileName.length), 'file'.length);
  const header = `${'file'.padEnd(nameWidth)}  ${'words'.padStart(6)}  ${'calls'.padStart(5)}  ${'peak'.padStart(4)}  ${'wall ms'.padStart(8)}  ${'insights'.padStart(8)}  ${'quotes'.padStart(6)}  ${'tokens'.padStart(7)}`;
  console.log(`\n${label}`);
  console.log(header);
  console.log('-'.repeat(header.length));
  const totals = { words: 0, calls: 0, ms: 0, insights: 0, quotes: 0, tokens: 0, docs: 0 };
  for (const row of rows) {
    if (row.error) {
      console.log(`${row.fileName.padEnd(nameWidth)}  FAILED ${row.error}`);
      continue;
    }
    console.log(
      `${row.fileName.padEnd(nameWidth)}  ${fmt(row.words).padStart(6)}  ${String(row.calls).padStart(5)}  ${String(row.inFlight).padStart(4)}  ${fmt(row.ms, 1).padStart(8)}  ${String(row.insights).padStart(8)}  ${String(row.quotes).padStart(6)}  ${fmt(row.tokens).padStart(7)}${row.skipped ? '  (no participant: not sent)' : ''}`,
    );
    totals.docs += 1;
    for (const key of ['words', 'calls', 'ms', 'insights', 'quotes', 'tokens']) totals[key] += row[key];
  }
  console.log('-'.repeat(header.length));
  console.log(
    `${'total'.padEnd(nameWidth)}  ${fmt(totals.words).padStart(6)}  ${String(totals.calls).padStart(5)}  ${''.padStart(4)}  ${fmt(totals.ms, 1).padStart(8)}  ${String(totals.insights).padStart(8)}  ${String(totals.quotes).padStart(6)}  ${fmt(totals.tokens).padStart(7)}`,
  );
  console.log(
    `${totals.docs} documents: ${fmt(totals.calls / Math.max(1, totals.docs), 2)} calls per document, ${fmt(totals.ms / Math.max(1, totals.docs), 1)} ms wall per document, ${fmt(totals.ms / Math.max(1, totals.calls), 1)} ms per call`,
  );
  return rows.some((r) => r.error);
}

const files = listFixtures(fixtures);
if (files.length === 0) {
  console.error(`No transcript fixtures found in ${relative(root, fixtures)}.`);
  process.exit(1);
}
const documents = await parseAll(files);
const standIn = await startGeminiStandIn({ latencyMs });
console.log(
  `Gemini analyser vs local stand-in (${latencyMs} ms per call, model id ${DEFAULT_GEMINI_MODEL}, concurrency ${DEFAULT_MAX_CONCURRENCY}, Node ${process.version}); "peak" = most calls in flight`,
);
let failed = false;
try {
  failed = (await run('Default (one call up to 100,000 words)', documents, {}, standIn)) || failed;
  failed = (await run('Default, PII redaction on', documents, { redactPii: true }, standIn)) || failed;
  failed = (await run('1000-word chunks', documents, { chunkWords: 1000 }, standIn)) || failed;
} finally {
  await standIn.close();
}
if (failed) process.exitCode = 1;
