// The Gemini analyser against the REALISTIC Gemini stand-in (test/support/gemini-stand-in.mjs, behaviour
// 'realistic'): every shared transcript (../shared/transcripts, else functions/test/fixtures/transcripts) is parsed
// with the COMPILED parser, analysed with the COMPILED analyser (redaction on, the default for new projects) through
// the real @google/genai SDK, and its proposals anchored with the COMPILED anchoring step. The stand-in paraphrases,
// tidies and flips the meaning of some quotes, quotes the interviewer once and sends one over-long quote per
// interview; what it did to each quote is known, so every outcome is counted by cause. Then each failure kind is
// provoked once and the message a researcher reads is printed; what one call's prompt costs in tokens; and, last, the
// longest run time of an analysis, a transcription, a synthesis and an Ask against its function's limit, per failure
// kind (lib/gemini-deadlines.mjs).
//
//   npm run bench -- gemini-realism      (or: npm run build -w functions && node bench/gemini-realism.mjs)
//
// Tokens are the stand-in's estimate, Google's rule of thumb of one token per 4 characters. Nothing leaves the machine.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { replies, startGeminiStandIn } from '../test/support/gemini-stand-in.mjs';
import { analysisInputOf, fixtures, listFixtures, requireCompiled, root } from './lib/support.mjs';
import { printDeadlineFigures } from './lib/gemini-deadlines.mjs';

const [{ parseTranscript }, { createGeminiAnalyser, DEFAULT_GEMINI_MODEL, DEFAULT_CHUNK_WORDS }, { anchorAnalysis }] = requireCompiled(
  'parsers/index.js',
  'gemini/index.js',
  'anchoring/index.js',
);
const { FAILURE_MESSAGES } = createRequire(import.meta.url)(join(root, 'functions/lib/analysis-runs/failure-messages.js'));

const shared = join(root, '../shared/transcripts');
const dir = process.env.BENCH_TRANSCRIPTS ?? (existsSync(shared) ? shared : fixtures);
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const noWait = async () => {};

async function parse(path) {
  const fileName = basename(path);
  const transcript = await parseTranscript({ bytes: new Uint8Array(readFileSync(path)), fileName });
  return { fileName, words: transcript.wordCount, input: analysisInputOf(transcript, fileName) };
}

/** How one proposed quote fares in anchoring: its step, or why it was refused. */
function outcomeOf(input, quote) {
  const result = anchorAnalysis(input, { insights: [{ title: 't', description: 'd', tag: 't', quotes: [quote] }] });
  if (result.stats.droppedInterviewer > 0) return 'interviewer';
  if (result.stats.droppedUnanchored > 0) return 'unanchored';
  if ((result.stats.droppedChangedMeaning ?? 0) > 0) return 'changedMeaning';
  const stored = result.insights[0]?.quotes[0];
  const step = Object.entries(result.steps).find(([, n]) => n > 0)?.[0] ?? 'exact';
  return { step, stored: stored?.text ?? '', match: stored?.match };
}

const files = listFixtures(dir);
const standIn = await startGeminiStandIn({ behaviour: 'realistic' });
const analyser = createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url, redactPii: true, sleep: noWait });
const kinds = ['exact', 'tidied', 'paraphrased', 'flipped', 'antonym', 'number', 'spliced', 'interviewer', 'over-long'];
/** What the stand-in turned: a negation flipped, a word into its opposite, a number changed, pieces spliced. */
const turned = ['flipped', 'antonym', 'number', 'spliced'];
const byKind = Object.fromEntries(kinds.map((k) => [k, { proposed: 0, exact: 0, normalised: 0, fuzzy: 0, unanchored: 0, changedMeaning: 0, interviewer: 0, dropped: 0 }]));
const totals = { documents: 0, calls: 0, proposed: 0, exact: 0, normalised: 0, fuzzy: 0, unanchored: 0, changedMeaning: 0, interviewer: 0, overLong: 0, flipsStored: 0, promptTokens: 0, outputTokens: 0, words: 0, userChars: 0, fixedChars: 0, matchRecorded: 0 };
const perFile = [];
const failures = [];

console.log(`Gemini analyser vs the realistic stand-in (model id ${DEFAULT_GEMINI_MODEL}, one call up to ${fmt(DEFAULT_CHUNK_WORDS)} words, redaction on, Node ${process.version})`);
console.log(`Transcripts: ${relative(root, dir) || dir} (${files.length} files)\n`);
try {
  for (const path of files) {
    let doc;
    try {
      doc = await parse(path);
    } catch (error) {
      perFile.push({ fileName: basename(path), note: `not parsed (${error.code ?? 'error'})` });
      continue;
    }
    standIn.reset();
    let analysis;
    try {
      analysis = await analyser.analyse(doc.input);
    } catch (error) {
      failures.push(`${doc.fileName}: ${error.code}: ${error.message}`);
      perFile.push({ fileName: doc.fileName, words: doc.words, note: `FAILED ${error.code}` });
      continue;
    }
    const requests = standIn.requests.filter((r) => r.reply === 'model');
    if (requests.length === 0) {
      perFile.push({ fileName: doc.fileName, words: doc.words, note: 'no participant turn: nothing sent' });
      continue;
    }
    totals.documents += 1;
    totals.calls += analysis.usage.calls;
    totals.promptTokens += analysis.usage.promptTokens;
    totals.outputTokens += analysis.usage.outputTokens;
    totals.words += doc.words;
    // What each call carries whatever the interview (rules and answer schema), and what grows with it (the message:
    // the transcript with its turn headers).
    totals.userChars += requests.reduce((n, r) => n + r.userText.length, 0);
    totals.fixedChars = Math.max(totals.fixedChars, ...requests.map((r) => r.systemInstruction.length + JSON.stringify(r.generationConfig?.responseJsonSchema ?? {}).length));
    // The stand-in's record of each quote, in answer order; the over-long ones never reach the analysis.
    const proposedKinds = requests.flatMap((r) => r.proposed ?? []);
    const overLong = proposedKinds.filter((k) => k === 'over-long').length;
    byKind['over-long'].proposed += overLong;
    byKind['over-long'].dropped += overLong;
    totals.overLong += overLong;
    totals.proposed += proposedKinds.length;
    const reached = proposedKinds.filter((k) => k !== 'over-long');
    const quotes = analysis.insights.flatMap((i) => i.quotes);
    let file = { exact: 0, normalised: 0, fuzzy: 0, refused: 0 };
    quotes.forEach((quote, i) => {
      const kind = reached[i] ?? 'exact';
      const outcome = outcomeOf(doc.input, quote);
      byKind[kind].proposed += 1;
      if (typeof outcome === 'string') {
        byKind[kind][outcome] += 1;
        totals[outcome] += 1;
        file.refused += 1;
        return;
      }
      if (outcome.match) totals.matchRecorded += 1;
      const step = outcome.match ?? outcome.step;
      byKind[kind][step] += 1;
      totals[step] += 1;
      file[step] += 1;
      if (turned.includes(kind)) totals.flipsStored += 1;
    });
    perFile.push({ fileName: doc.fileName, words: doc.words, calls: analysis.usage.calls, proposed: proposedKinds.length, ...file, tokens: analysis.usage.totalTokens });
  }

  const width = Math.max(...perFile.map((r) => r.fileName.length), 4);
  const header = `${'file'.padEnd(width)}  ${'words'.padStart(6)}  calls  proposed  exact  normalised  fuzzy  refused  ${'tokens'.padStart(7)}`;
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const r of perFile) {
    if (r.note) console.log(`${r.fileName.padEnd(width)}  ${r.words === undefined ? '' : fmt(r.words).padStart(6)}  ${r.note}`);
    else
      console.log(
        `${r.fileName.padEnd(width)}  ${fmt(r.words).padStart(6)}  ${String(r.calls).padStart(5)}  ${String(r.proposed).padStart(8)}  ${String(r.exact).padStart(5)}  ${String(r.normalised).padStart(10)}  ${String(r.fuzzy).padStart(5)}  ${String(r.refused).padStart(7)}  ${fmt(r.tokens).padStart(7)}`,
      );
  }
  console.log('-'.repeat(header.length));

  console.log(`\n${totals.documents} interviews analysed in ${totals.calls} calls (${fmt(totals.calls / Math.max(1, totals.documents), 2)} per interview)`);
  console.log(`quotes proposed: ${totals.proposed}`);
  console.log(`  anchored: exact ${totals.exact}, normalised ${totals.normalised}, fuzzy ${totals.fuzzy} (as each stored quote records it: ${totals.matchRecorded} of ${totals.exact + totals.normalised + totals.fuzzy})`);
  console.log(`  refused: ${totals.unanchored} not found in the transcript (paraphrased or invented), ${totals.changedMeaning} close matches whose negation, number, name or another content word differs, ${totals.interviewer} interviewer quotes, ${totals.overLong} over 1,500 characters (left out before anchoring)`);
  const turnedProposed = turned.reduce((n, kind) => n + byKind[kind].proposed, 0);
  console.log(`  meaning turned (negation, opposite, number, splice) proposed: ${turnedProposed}; stored anyway: ${totals.flipsStored}; refused: ${turnedProposed - totals.flipsStored}`);
  const neverStored = (kind) => byKind[kind].unanchored + byKind[kind].changedMeaning + byKind[kind].interviewer;
  console.log(
    `  antonym, number and splice proposals refused (goal: all): ${['antonym', 'number', 'spliced'].map((kind) => `${kind} ${neverStored(kind)} of ${byKind[kind].proposed}`).join(', ')}`,
  );
  console.log('\nby what the model did to the quote:');
  console.log(`  ${'kind'.padEnd(12)} proposed  exact  normalised  fuzzy  not found  meaning differs  interviewer  left out`);
  for (const kind of kinds) {
    const k = byKind[kind];
    console.log(
      `  ${kind.padEnd(12)} ${String(k.proposed).padStart(8)}  ${String(k.exact).padStart(5)}  ${String(k.normalised).padStart(10)}  ${String(k.fuzzy).padStart(5)}  ${String(k.unanchored).padStart(9)}  ${String(k.changedMeaning).padStart(15)}  ${String(k.interviewer).padStart(11)}  ${String(k.dropped).padStart(8)}`,
    );
  }
  console.log(`\ntokens counted: ${fmt(totals.promptTokens)} prompt + ${fmt(totals.outputTokens)} output (thinking included) = ${fmt(totals.promptTokens + totals.outputTokens)}`);
  const tokensPerWord = totals.userChars / 4 / Math.max(1, totals.words);
  const fixedTokens = totals.fixedChars / 4;
  console.log(
    `prompt size: the message is ${fmt(totals.userChars)} characters for ${fmt(totals.words)} transcript words = ${fmt(tokensPerWord, 2)} tokens per word (turn headers included), plus about ${fmt(fixedTokens)} tokens of rules and schema per call; 100,000 words ≈ ${fmt(100_000 * tokensPerWord + fixedTokens)} prompt tokens`,
  );
  if (failures.length > 0) console.log(`\nunexpected failures:\n  ${failures.join('\n  ')}`);

  // Each failure kind, provoked once on the first analysed interview, with the message the researcher reads.
  const sample = await parse(files.find((f) => perFile.some((r) => r.fileName === basename(f) && r.calls)));
  const cases = [
    ['prompt blocked (promptFeedback.blockReason)', () => standIn.respondWith(replies.blocked('PROHIBITED_CONTENT'))],
    ['answer stopped for SAFETY', () => standIn.respondWith(replies.stopped('SAFETY'))],
    ['answer stopped for RECITATION', () => standIn.respondWith(replies.stopped('RECITATION'))],
    ['thinking and answer past maxOutputTokens', () => {}, { maxOutputTokens: 1_100 }],
    ['daily quota used up (429, per-day QuotaFailure)', () => standIn.respondWith(replies.quotaExhausted({ perDay: true }))],
    ['per-minute quota through every retry', () => standIn.setHandler(() => replies.quotaExhausted({ perDay: false }))],
    ['503 streak through every retry', () => standIn.setHandler(() => replies.overloaded())],
    ['answer stopped for LANGUAGE', () => standIn.respondWith(replies.stopped('LANGUAGE'))],
    ['a front end’s HTML 502 through every retry', () => standIn.setHandler(() => replies.gatewayError(502))],
    ['more input than the model reads (400)', () => standIn.respondWith(replies.tooMuchInput())],
    ['a thinking setting the model refuses (400)', () => standIn.respondWith(replies.error(400, { message: 'Thinking level MINIMAL is not supported for this model.' }))],
    ['unknown model id (404)', () => {}, { model: 'gemini-9-ultra' }],
    ['no answer in time, twice', () => standIn.respondWith(replies.hang(), replies.hang()), { timeoutMs: 200 }],
  ];
  console.log(`\nfailures by kind (on ${sample.fileName}): calls made, code, and the message shown`);
  for (const [what, arrange, options = {}] of cases) {
    standIn.reset();
    standIn.setHandler(undefined);
    arrange();
    const one = createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url, redactPii: true, sleep: noWait, ...options });
    try {
      await one.analyse(sample.input);
      console.log(`  ${what}: no failure`);
    } catch (error) {
      console.log(`  ${what}: ${standIn.requests.length} call${standIn.requests.length === 1 ? '' : 's'}, ${error.code}\n    “${FAILURE_MESSAGES[error.code] ?? error.message}”`);
    }
  }
  standIn.setHandler(undefined);
} finally {
  await standIn.close();
}

// Last, each use of Gemini's longest run time against its function's limit, per failure kind (lib/gemini-deadlines.mjs).
await printDeadlineFigures();
