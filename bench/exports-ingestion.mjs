// Real exports of recording tools (functions/test/fixtures/exports, expectations.json), read and analysed as an upload
// is, checked against the files themselves (functions/test/support/export-checks.mjs): speakers, roles, turns,
// timestamps, labels, stamps or counters left inside the words, quotes opening on a mark, and quotes credited to
// someone who did not say them. Then one real talk written in the layouts no licensed export was found for
// (functions/test/support/export-layouts.mjs), and as automatic captions without punctuation beside the same captions
// punctuated (functions/test/support/auto-captions.mjs): insights found in each.
//
//   npm run bench -- exports-ingestion          (EXPORTS_DIR=dir with its own expectations.json: exports you have)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { captions } from '../functions/test/support/auto-captions.mjs';
import { checkExport } from '../functions/test/support/export-checks.mjs';
import { layoutsOf } from '../functions/test/support/export-layouts.mjs';
import { requireCompiled, root } from './lib/support.mjs';

const [{ parseTranscript }, { createLocalAnalyser }, { anchorAnalysis }] = requireCompiled('parsers/index.js', 'local/index.js', 'anchoring/index.js');
const dir = process.env.EXPORTS_DIR ?? join(root, 'functions/test/fixtures/exports');
const expectations = JSON.parse(readFileSync(join(dir, 'expectations.json'), 'utf8'));
const analyser = createLocalAnalyser({ yieldBetweenBatches: false });

async function readAndAnalyse(bytes, fileName) {
  const start = performance.now();
  const parsed = await parseTranscript({ bytes, fileName });
  const input = { documentId: 'd', documentName: fileName, text: parsed.text, turns: parsed.turns, timeMarks: parsed.timeMarks ?? [], speakers: parsed.speakers, language: parsed.language };
  const { insights } = anchorAnalysis(input, await analyser.analyse(input));
  return { parsed, insights, ms: Math.round(performance.now() - start) };
}

function row(tool, { parsed, insights, ms }, check, expected) {
  const speakersRight = check.missingSpeakers.length === 0 && check.extraSpeakers.length === 0;
  return {
    tool,
    words: parsed.wordCount,
    speakers: `${check.labels.length}${speakersRight ? '' : ` (want ${expected.speakers.length})`}`,
    roles: check.wrongRoles.length === 0 ? (check.asksAboutRoles ? 'asks' : 'right') : `${check.wrongRoles.length} wrong`,
    turns: `${check.turns}${check.turns === expected.turns ? '' : ` (want ${expected.turns})`}`,
    stamps: check.timeMarks,
    'labels in text': check.labelsInText.length,
    'stamps in text': check.stampsInText.length,
    'counters in text': check.countersInText.length,
    quotes: check.quotes,
    'opening on a mark': check.markStarts.length,
    misattributed: check.misattributed.length,
    'not in file': check.unfound.length,
    insights: insights.length,
    ms,
  };
}

function problems(name, check) {
  for (const line of [...check.wrongRoles, ...check.misattributed.slice(0, 3), ...check.labelsInText.slice(0, 3), ...check.stampsInText.slice(0, 3), ...check.countersInText.slice(0, 3), ...check.markStarts.slice(0, 3)]) {
    console.log(`  ${name}: ${line}`);
  }
}

function table(title, rows) {
  const columns = Object.keys(rows[0]);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  console.log(title);
  console.log(line(columns));
  console.log('-'.repeat(widths.reduce((a, b) => a + b + 2, -2)));
  for (const r of rows) console.log(line(columns.map((c) => r[c])));
  const total = (key) => rows.reduce((sum, r) => sum + r[key], 0);
  console.log(
    `quotes ${total('quotes')}, credited to someone who did not say them ${total('misattributed')}, opening on a mark ${total('opening on a mark')}; ` +
      `left in the text: labels ${total('labels in text')}, stamps ${total('stamps in text')}, counters ${total('counters in text')}\n`,
  );
}

const rows = [];
for (const expected of expectations) {
  const raw = readFileSync(join(dir, expected.file));
  const result = await readAndAnalyse(new Uint8Array(raw), expected.file);
  const check = checkExport({ raw: raw.toString('utf8'), ...result, expected });
  rows.push(row(expected.tool, result, check, expected));
  problems(expected.file, check);
}
table(`Exports of recording tools, read and analysed with the built-in analyser (${rows.length} files, ${dir.replace(`${root}/`, '')})`, rows);

// One real talk (the Whisper transcript with speakers) in the layouts no licensed export was found for.
const talkFile = join(root, 'functions/test/fixtures/exports/whisperdiar_txt_speakerN-bracket-mmss_oxide-svb.txt');
const talk = readFileSync(talkFile, 'utf8');
const talkExpected = JSON.parse(readFileSync(join(root, 'functions/test/fixtures/exports/expectations.json'), 'utf8')).find((e) => e.file.startsWith('whisperdiar_'));
const layoutRows = [];
for (const layout of layoutsOf(talk)) {
  const result = await readAndAnalyse(new TextEncoder().encode(layout.text), layout.fileName);
  const check = checkExport({ raw: layout.text, ...result, expected: { ...talkExpected, labelPattern: layout.labelPattern } });
  layoutRows.push(row(layout.tool, result, check, talkExpected));
  problems(layout.id, check);
}
table(`The same talk (${talkExpected.file}) in the layouts of tools without a licensed export`, layoutRows);

// The same talk as automatic captions: no speakers, and (but for the first) no punctuation.
const captionRows = [];
const found = {};
for (const [layout, tool] of [['punctuated', 'captions, punctuated'], ['plain', 'auto-captions, no punctuation'], ['rolling', 'YouTube rolling auto-captions']]) {
  const text = captions(talk, layout);
  const result = await readAndAnalyse(new TextEncoder().encode(text), `talk-${layout}.vtt`);
  const check = checkExport({ raw: text, ...result, expected: { labelPattern: null, speakers: ['Unknown speaker'], roles: { 'Unknown speaker': 'unknown' }, turns: 1 } });
  found[layout] = result.insights.length;
  const lines = result.parsed.text.split(/\n+/).map((l) => l.split(' ').length);
  captionRows.push({ ...row(tool, result, check, { speakers: ['Unknown speaker'], turns: 1 }), lines: lines.length, 'longest line (words)': Math.max(...lines) });
  problems(layout, check);
}
table('The same talk as captions without speakers', captionRows);
const worst = Math.min(found.plain, found.rolling);
console.log(`insights without punctuation: ${found.plain} (plain), ${found.rolling} (rolling), with: ${found.punctuated}; ${worst >= (found.punctuated * 2) / 3 ? 'within' : 'NOT within'} a third (goal: within)`);
