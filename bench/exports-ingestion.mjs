// Real exports of recording tools (functions/test/fixtures/exports, expectations.json), read and analysed as an upload
// is, checked against the files themselves (functions/test/support/export-checks.mjs): speakers, roles, turns,
// timestamps, labels or stamps left inside the words, and quotes credited to someone who did not say them.
//
//   npm run bench -- exports-ingestion          (EXPORTS_DIR=dir with its own expectations.json: exports you have)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkExport } from '../functions/test/support/export-checks.mjs';
import { requireCompiled, root } from './lib/support.mjs';

const [{ parseTranscript }, { createLocalAnalyser }, { anchorAnalysis }] = requireCompiled('parsers/index.js', 'local/index.js', 'anchoring/index.js');
const dir = process.env.EXPORTS_DIR ?? join(root, 'functions/test/fixtures/exports');
const expectations = JSON.parse(readFileSync(join(dir, 'expectations.json'), 'utf8'));
const analyser = createLocalAnalyser({ yieldBetweenBatches: false });

const rows = [];
for (const expected of expectations) {
  const raw = readFileSync(join(dir, expected.file));
  const start = performance.now();
  const parsed = await parseTranscript({ bytes: new Uint8Array(raw), fileName: expected.file });
  const input = { documentId: 'd', documentName: expected.file, text: parsed.text, turns: parsed.turns, timeMarks: parsed.timeMarks ?? [], speakers: parsed.speakers, language: parsed.language };
  const { insights } = anchorAnalysis(input, await analyser.analyse(input));
  const ms = performance.now() - start;
  const check = checkExport({ raw: raw.toString('utf8'), parsed, insights, expected });
  const speakersRight = check.missingSpeakers.length === 0 && check.extraSpeakers.length === 0;
  rows.push({
    tool: expected.tool,
    words: parsed.wordCount,
    speakers: `${check.labels.length}${speakersRight ? '' : ` (want ${expected.speakers.length})`}`,
    roles: check.wrongRoles.length === 0 ? (check.asksAboutRoles ? 'asks' : 'right') : `${check.wrongRoles.length} wrong`,
    turns: `${check.turns}${check.turns === expected.turns ? '' : ` (want ${expected.turns})`}`,
    stamps: check.timeMarks,
    'labels in text': check.labelsInText.length,
    'stamps in text': check.stampsInText.length,
    quotes: check.quotes,
    misattributed: check.misattributed.length,
    'not in file': check.unfound.length,
    ms: Math.round(ms),
  });
  for (const line of [...check.wrongRoles, ...check.misattributed.slice(0, 3), ...check.labelsInText.slice(0, 3), ...check.stampsInText.slice(0, 3)]) console.log(`  ${expected.file}: ${line}`);
}

const columns = Object.keys(rows[0]);
const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
console.log(`Exports of recording tools, read and analysed with the built-in analyser (${rows.length} files, ${dir.replace(`${root}/`, '')})`);
console.log(line(columns));
console.log('-'.repeat(widths.reduce((a, b) => a + b + 2, -2)));
for (const row of rows) console.log(line(columns.map((c) => row[c])));
const total = (key) => rows.reduce((sum, row) => sum + row[key], 0);
console.log(`quotes ${total('quotes')}, credited to someone who did not say them ${total('misattributed')}, labels left in text ${total('labels in text')}, stamps left in text ${total('stamps in text')}`);
