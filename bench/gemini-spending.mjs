// What Gemini is sent, in tokens, for the README's cost table: every shared transcript analysed by the COMPILED Gemini
// analyser (redaction on, as new projects are) through the real @google/genai SDK against the local stand-in, which
// reports usageMetadata from the size of what it received (about 4 characters a token, as Gemini counts English);
// then the synthesis of a 5-interview project and one Ask over 12 passages. Prints prompt and answer tokens per call
// and per 10,000 words, and what they cost at Gemini 3.8 Flash's prices. The stand-in's answers are shorter than a
// real model's and it does not think, so the answer side is also given at the schema's limits.
//
//   npm run build -w functions && node bench/gemini-spending.mjs
//
// Nothing leaves the machine.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { startGeminiStandIn } from '../test/support/gemini-stand-in.mjs';
import { fixtures, listFixtures, requireCompiled } from './lib/support.mjs';

/** US$ per million tokens: until 31 December 2026, and from 1 January 2027 (README, "Cost"). */
const PRICES = [
  { when: 'now', input: 0.75, output: 3.75 },
  { when: 'from Jan 2027', input: 1.5, output: 7.5 },
];
const SYNTHESIS_FILES = [
  '18_pdpilot_P1_user-study-interview.pdf',
  '01_pdpilot_P2_user-study-interview.pdf',
  '19_pdpilot_P3_user-study-interview.pdf',
  '20_pdpilot_P4_user-study-interview.pdf',
  '04_anthropic-interviewer_science_0012.txt',
];

const [{ parseTranscript }, { createGeminiAnalyser }, { anchorAnalysis }, { writeSynthesisWithGemini }, { askGemini }] = requireCompiled(
  'parsers/index.js',
  'gemini/index.js',
  'anchoring/index.js',
  'gemini-synthesis/index.js',
  '../search/ask-gemini.js',
);

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const cost = (input, output) => PRICES.map((p) => `$${fmt((input * p.input + output * p.output) / 1e6, 4)} ${p.when}`).join(', ');

const standIn = await startGeminiStandIn();
const options = { apiKey: standIn.apiKey, baseUrl: standIn.url, redactPii: true };
const analyser = createGeminiAnalyser(options);

const analysed = new Map();
const points = [];
let words = 0;
let prompt = 0;
let answer = 0;
let calls = 0;
console.log('file                                              words  calls  prompt tok  answer tok');
for (const path of listFixtures(fixtures)) {
  const fileName = basename(path);
  let transcript;
  try {
    transcript = await parseTranscript({ bytes: new Uint8Array(readFileSync(path)), fileName });
  } catch {
    continue; // a fixture the parser refuses (on purpose) is not an interview
  }
  if (!transcript.speakers.some((s) => s.role === 'participant')) continue;
  const input = { documentId: fileName, documentName: fileName, text: transcript.text, turns: transcript.turns, timeMarks: transcript.timeMarks ?? [], speakers: transcript.speakers, language: transcript.language };
  const analysis = await analyser.analyse(input);
  analysed.set(fileName, { input, analysis });
  words += transcript.wordCount;
  prompt += analysis.usage.promptTokens;
  answer += analysis.usage.outputTokens;
  calls += analysis.usage.calls;
  points.push([transcript.wordCount, analysis.usage.promptTokens]);
  console.log(`${fileName.slice(0, 48).padEnd(48)}  ${fmt(transcript.wordCount).padStart(6)}  ${String(analysis.usage.calls).padStart(5)}  ${fmt(analysis.usage.promptTokens).padStart(10)}  ${fmt(analysis.usage.outputTokens).padStart(10)}`);
}
// Each call carries the same instructions and schema: prompt tokens ≈ fixed + per word × words (least squares).
const n = points.length;
const mx = points.reduce((a, [x]) => a + x, 0) / n;
const my = points.reduce((a, [, y]) => a + y, 0) / n;
const perWord = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) / points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
const fixed = my - perWord * mx;
const tenK = fixed + perWord * 10_000;
console.log(`\nAnalysis: ${analysed.size} interviews, ${fmt(words)} words, ${calls} calls, ${fmt(prompt)} prompt and ${fmt(answer)} answer tokens (the stand-in's answers)`);
console.log(`  prompt tokens ≈ ${fmt(fixed)} per call + ${fmt(perWord, 2)} per word: ${fmt(tenK)} for a 10,000-word interview`);
console.log(`  per 10,000-word interview with a real answer of 5,000 tokens and as much again thinking: ${cost(tenK, 10_000)}`);

const documents = SYNTHESIS_FILES.filter((f) => analysed.has(f)).map((fileName, i) => {
  const { input, analysis } = analysed.get(fileName);
  const anchored = anchorAnalysis(input, analysis);
  return {
    documentId: `doc-${i + 1}`,
    documentName: fileName,
    groupedTags: analysis.groupedTags,
    insights: anchored.insights.map((insight, k) => ({ ...insight, id: `ins-${i + 1}-${k + 1}`, documentId: `doc-${i + 1}`, source: 'gemini', createdAt: new Date(0), quotes: insight.quotes.map((q) => ({ ...q, documentId: `doc-${i + 1}` })) })),
  };
});
const synthesis = await writeSynthesisWithGemini(documents, options);
const insights = documents.reduce((k, d) => k + d.insights.length, 0);
const oneInsight = await writeSynthesisWithGemini([{ ...documents[0], insights: documents[0].insights.slice(0, 1) }], options);
const perInsight = (synthesis.usage.promptTokens - oneInsight.usage.promptTokens) / (insights - 1);
const hundred = oneInsight.usage.promptTokens + perInsight * 99;
console.log(`\nSynthesis of ${documents.length} interviews (${insights} insights): ${synthesis.usage.calls} call, ${fmt(synthesis.usage.promptTokens)} prompt tokens, ${fmt(synthesis.usage.outputTokens)} answer tokens`);
console.log(`  prompt ≈ ${fmt(oneInsight.usage.promptTokens - perInsight)} + ${fmt(perInsight)} per insight: ${fmt(hundred)} for 100 insights (5 interviews of 20)`);
console.log(`  each time it is written, 100 insights, a 2,000-token answer and as much thinking: ${cost(hundred, 4_000)}`);

// Ask: the 12 passages of about 80 words a question retrieves at most.
const passages = [];
for (const { input } of analysed.values()) {
  for (const turn of input.turns) {
    const role = input.speakers.find((s) => s.label === turn.speaker)?.role;
    const text = input.text.slice(turn.start, turn.end).split(/\s+/).slice(0, 80).join(' ');
    if (role !== 'participant' || text.split(' ').length < 60 || passages.length >= 12) continue;
    passages.push({ id: `P${passages.length + 1}`, kind: 'passage', projectId: 'p', projectName: 'Bench', documentId: input.documentId, documentName: input.documentName, speaker: turn.speaker, start: turn.start, end: turn.end, ts: null, theme: null, text });
  }
}
const ask = await askGemini('What did participants say about trusting the tool?', passages, { apiKey: standIn.apiKey, model: 'gemini-3.8-flash', baseUrl: standIn.url });
console.log(`\nAsk over ${passages.length} passages: ${ask.usage.calls} call, ${fmt(ask.usage.promptTokens)} prompt tokens, ${fmt(ask.usage.outputTokens)} answer tokens`);
console.log(`  each question: ${cost(ask.usage.promptTokens, ask.usage.outputTokens)}; with a 300-token answer and as much thinking: ${cost(ask.usage.promptTokens, 600)}`);
await standIn.close();
