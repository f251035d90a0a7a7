// Local analyser throughput: parses every fixture in functions/test/fixtures/transcripts with the COMPILED code
// (functions/lib), then times the local analyser plus quote anchoring warm, several runs per file, and prints words
// per second per file and overall, the timing of a synthetic 10,000-word interview (goal: ≤ 100 ms warm, one core),
// peak memory, and the quotes proposed / anchored / dropped. Also files whose participant says one "word" of 300 KB and
// of 8 MB (an encoded file saved as text): the parser's refusal, and the analysis and search data of such a transcript
// stored before that refusal (goal: < 2 s each).
//
//   cd functions && npx tsc -p tsconfig.build.json && cd .. && node bench/local-analyser.mjs [iterations]
//
// Iterations default to 5 (or BENCH_ITERATIONS); one untimed warm-up run per file comes first (it also loads the
// wink-nlp model, timed separately). Timed runs do not yield to the event loop between turn batches.
import { readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fixtures, integerArg, listFixtures, requireCompiled, root } from './lib/support.mjs';

const iterations = integerArg('BENCH_ITERATIONS', 5, { what: 'number of iterations' });
const GOAL_WORDS = 10_000;
const GOAL_MS = 100;
const [{ parseTranscript }, { createLocalAnalyser }, { anchorAnalysis }, { loadWordVectors }, { passageEntries }, { encodePassages, preparePassages }] = requireCompiled(
  'parsers/index.js',
  'local/index.js',
  'anchoring/index.js',
  'meaning/index.js',
  '../search/search-entries.js',
  '../search/stored-passages.js',
);


let peakRss = 0;
let peakHeap = 0;
function sampleMemory() {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
}

const toInput = (parsed, documentId, documentName) => ({
  documentId,
  documentName,
  text: parsed.text,
  turns: parsed.turns,
  timeMarks: parsed.timeMarks ?? [],
  speakers: parsed.speakers,
  language: parsed.language,
});

const analyser = createLocalAnalyser({ yieldBetweenBatches: false });
async function analyseAndAnchor(input) {
  const analysis = await analyser.analyse(input);
  const anchored = anchorAnalysis(input, analysis);
  sampleMemory();
  return { analysis, anchored };
}

/** Mean and fastest of `iterations` timed runs after one warm-up. */
async function time(fn) {
  await fn();
  const runs = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn();
    runs.push(performance.now() - start);
  }
  return { mean: runs.reduce((a, b) => a + b, 0) / runs.length, min: Math.min(...runs), total: runs.reduce((a, b) => a + b, 0) };
}

const files = listFixtures(fixtures);
if (files.length === 0) {
  console.error(`No transcript fixtures found in ${relative(root, fixtures)}.`);
  process.exit(1);
}

// The first analysis loads the wink-nlp model: timed on its own.
const loadStarted = performance.now();
await analyser.analyse({ documentId: 'warm', documentName: 'warm', text: 'Hello there.', turns: [{ speaker: 'P', start: 0, end: 12 }], timeMarks: [], speakers: [{ label: 'P', role: 'participant', aliases: [], turnCount: 1, wordCount: 2 }], language: 'en' });
const modelLoadMs = performance.now() - loadStarted;
sampleMemory();

// First pass: parse every fixture and analyse it once (untimed: warms the JIT and gives the quote counts).
const prepared = [];
const rows = [];
const parsedEnglish = [];
const totals = { proposed: 0, anchored: 0, droppedUnanchored: 0, droppedInterviewer: 0, droppedInsights: 0, duplicates: 0 };
for (const path of files) {
  const bytes = new Uint8Array(readFileSync(path));
  const fileName = relative(fixtures, path);
  let parsed;
  try {
    parsed = await parseTranscript({ bytes, fileName: basename(path) });
  } catch (error) {
    rows.push({ fileName, error: `${error.code ?? 'error'}: ${error.message}` });
    continue;
  }
  const input = toInput(parsed, `doc-${prepared.length}`, fileName);
  const { anchored } = await analyseAndAnchor(input);
  for (const key of Object.keys(totals)) totals[key] += key === 'duplicates' ? anchored.duplicates : anchored.stats[key];
  prepared.push({ fileName, bytes, parsed, input, anchored });
  if (parsed.language === 'en') parsedEnglish.push(parsed);
}

// Second pass: timed runs.
let totalWords = 0;
let totalMs = 0;
let totalParseMs = 0;
for (const { fileName, bytes, parsed, input, anchored } of prepared) {
  const parseTiming = await time(() => parseTranscript({ bytes, fileName: basename(fileName) }));
  const timing = await time(() => analyseAndAnchor(input));
  rows.push({
    fileName,
    words: parsed.wordCount,
    language: parsed.language,
    insights: anchored.insights.length,
    quotes: `${anchored.stats.proposed}/${anchored.stats.anchored}/${anchored.stats.droppedUnanchored + anchored.stats.droppedInterviewer}`,
    ms: timing.mean,
    wordsPerSecond: (parsed.wordCount * iterations) / (timing.total / 1000),
    endToEnd: parsed.wordCount / ((timing.mean + parseTiming.mean) / 1000),
  });
  totalWords += parsed.wordCount * iterations;
  totalMs += timing.total;
  totalParseMs += parseTiming.total;
}
rows.sort((a, b) => a.fileName.localeCompare(b.fileName));

/** A 10,000-word interview: the English fixtures' turns one after another (roles kept), cut at exactly 10,000 words. */
function syntheticInterview(sources) {
  const turns = [];
  let text = '';
  let words = 0;
  let participantWords = 0;
  let interviewerWords = 0;
  let participantTurns = 0;
  let interviewerTurns = 0;
  outer: for (let round = 0; ; round++) {
    for (const parsed of sources) {
      const roles = new Map(parsed.speakers.map((speaker) => [speaker.label, speaker.role]));
      for (const turn of parsed.turns) {
        let spoken = parsed.text.slice(turn.start, turn.end);
        let count = spoken.split(/\s+/).filter(Boolean).length;
        if (words + count > GOAL_WORDS) {
          const keep = GOAL_WORDS - words;
          spoken = spoken.split(/\s+/).filter(Boolean).slice(0, keep).join(' ');
          count = keep;
        }
        if (count === 0) break outer;
        const interviewer = roles.get(turn.speaker) === 'interviewer';
        if (text !== '') text += '\n\n';
        turns.push({ speaker: interviewer ? 'Interviewer' : 'Participant', start: text.length, end: text.length + spoken.length });
        text += spoken;
        words += count;
        if (interviewer) {
          interviewerWords += count;
          interviewerTurns++;
        } else {
          participantWords += count;
          participantTurns++;
        }
        if (words >= GOAL_WORDS) break outer;
      }
    }
    if (round > 100) break;
  }
  return {
    documentId: 'synthetic',
    documentName: 'Synthetic 10,000-word interview',
    text,
    turns,
    timeMarks: [],
    speakers: [
      { label: 'Interviewer', role: 'interviewer', aliases: [], turnCount: interviewerTurns, wordCount: interviewerWords },
      { label: 'Participant', role: 'participant', aliases: [], turnCount: participantTurns, wordCount: participantWords },
    ],
    language: 'en',
    words,
  };
}

const synthetic = syntheticInterview(parsedEnglish.filter((parsed) => parsed.wordCount >= 1000));
const syntheticTiming = await time(() => analyseAndAnchor(synthetic));
const yielding = createLocalAnalyser();
const syntheticYielding = await time(async () => anchorAnalysis(synthetic, await yielding.analyse(synthetic)));
const { anchored: syntheticAnchored } = await analyseAndAnchor(synthetic);
sampleMemory();

/**
 * A participant who says one "word" of `chars` characters: the upload's refusal by the parser, then (as for such a
 * transcript stored before the parser refused them) its analysis and anchoring, and its search data built and encoded.
 */
async function oneWordFile(chars) {
  const said = 'a'.repeat(chars);
  const bytes = Buffer.from(`Interviewer: Hi, thanks for joining.\nParticipant: ${said}\n`);
  let started = performance.now();
  const refusal = await parseTranscript({ bytes, fileName: 'one-word.txt' }).then(() => 'read', (error) => error.code);
  const parseMs = performance.now() - started;
  const text = `Hi, thanks for joining.\n\n${said}`;
  const turns = [{ speaker: 'Interviewer', start: 0, end: 23 }, { speaker: 'Participant', start: 25, end: text.length }];
  const speakers = [
    { label: 'Interviewer', role: 'interviewer', aliases: [], turnCount: 1, wordCount: 4 },
    { label: 'Participant', role: 'participant', aliases: [], turnCount: 1, wordCount: 1 },
  ];
  const input = { documentId: 'one-word', documentName: 'one-word.txt', text, turns, timeMarks: [], speakers, language: 'und' };
  started = performance.now();
  const { anchored } = await analyseAndAnchor(input);
  const analyseMs = performance.now() - started;
  const vectors = await loadWordVectors();
  started = performance.now();
  const entries = passageEntries({ projectId: 'p', documentId: 'one-word', text, turns, timeMarks: [], participants: new Set(['Participant']) });
  const chunks = encodePassages(preparePassages('p:doc:one-word', entries, vectors), text, ['Interviewer', 'Participant'], 'bench', vectors);
  const indexMs = performance.now() - started;
  return { chars, refusal, parseMs, analyseMs, indexMs, insights: anchored.insights.length, passages: entries.length, chunks: chunks.length };
}
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mb = (bytes) => `${fmt(bytes / 1024 / 1024, 1)} MB`;
const nameWidth = Math.max(...rows.map((row) => row.fileName.length), 'file'.length);
const header = `${'file'.padEnd(nameWidth)}  ${'lang'.padEnd(4)}  ${'words'.padStart(6)}  ${'insights'.padStart(8)}  ${'quotes p/a/d'.padStart(12)}  ${'ms'.padStart(7)}  ${'words/s'.padStart(10)}  ${'w/s +parse'.padStart(10)}`;
console.log(`Local analyser + anchoring (${iterations} timed warm run${iterations === 1 ? '' : 's'} per file, Node ${process.version}, one thread)`);
console.log(`wink-nlp model load (once per process): ${fmt(modelLoadMs, 0)} ms`);
console.log(header);
console.log('-'.repeat(header.length));
for (const row of rows) {
  if (row.error) {
    console.log(`${row.fileName.padEnd(nameWidth)}  FAILED ${row.error}`);
    continue;
  }
  console.log(
    `${row.fileName.padEnd(nameWidth)}  ${row.language.padEnd(4)}  ${fmt(row.words).padStart(6)}  ${String(row.insights).padStart(8)}  ${row.quotes.padStart(12)}  ${fmt(row.ms, 2).padStart(7)}  ${fmt(row.wordsPerSecond).padStart(10)}  ${fmt(row.endToEnd).padStart(10)}`,
  );
}
console.log('-'.repeat(header.length));
console.log(
  `${'overall'.padEnd(nameWidth)}  ${''.padEnd(4)}  ${fmt(totalWords / iterations).padStart(6)}  ${''.padStart(8)}  ${''.padStart(12)}  ${fmt(totalMs / iterations, 2).padStart(7)}  ${fmt(totalWords / (totalMs / 1000)).padStart(10)}  ${fmt(totalWords / ((totalMs + totalParseMs) / 1000)).padStart(10)}`,
);
console.log('');
const verdict = syntheticTiming.mean <= GOAL_MS ? 'within' : 'OVER';
console.log(
  `Synthetic ${fmt(synthetic.words)}-word interview (${synthetic.turns.length} turns from the English fixtures of 1,000+ words): ` +
    `${fmt(syntheticTiming.mean, 1)} ms mean, ${fmt(syntheticTiming.min, 1)} ms fastest (${verdict} the ${GOAL_MS} ms goal); ` +
    `${fmt(syntheticYielding.mean, 1)} ms when yielding between turn batches (as in production); ` +
    `${syntheticAnchored.insights.length} insights, ${syntheticAnchored.stats.anchored} quotes.`,
);
console.log(`Peak memory: rss ${mb(peakRss)} (max resident ${mb(process.resourceUsage().maxRSS * 1024)}), heap used ${mb(peakHeap)}`);
console.log(
  `Quotes over the fixtures (one run each): proposed ${totals.proposed}, anchored ${totals.anchored}, dropped ${totals.droppedUnanchored + totals.droppedInterviewer} ` +
    `(unanchored ${totals.droppedUnanchored}, interviewer ${totals.droppedInterviewer}), merged duplicates ${totals.duplicates}, insights dropped ${totals.droppedInsights}`,
);
// After the figures above, so the peak memory they report is the ordinary transcripts'.
for (const f of [await oneWordFile(300_000), await oneWordFile(8_000_000)]) {
  const total = f.analyseMs + f.indexMs;
  console.log(
    `One word of ${fmt(f.chars)} characters: upload ${f.refusal} in ${fmt(f.parseMs, 0)} ms; stored before that, analysed in ${fmt(f.analyseMs, 0)} ms ` +
      `(${f.insights} insights) and its search data built in ${fmt(f.indexMs, 0)} ms (${f.passages} passage${f.passages === 1 ? '' : 's'}, ${f.chunks} chunks): ` +
      `${fmt(total, 0)} ms (${total < 2000 ? 'within' : 'OVER'} the 2 s goal).`,
  );
  if (total >= 2000) process.exitCode = 1;
}
if (syntheticTiming.mean > GOAL_MS) process.exitCode = 1;
if (rows.some((row) => row.error)) process.exitCode = 1;
