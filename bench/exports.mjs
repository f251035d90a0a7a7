// Export speed: a 50-interview, 1,000-insight project (real transcripts of the shared corpus, each quote a verbatim
// span of a participant's turn) made into every deliverable by the COMPILED server code (functions/lib), timed warm.
// Goal: each export ≤ 5 s (model building included; the Firestore read is measured by the workspace benchmark).
//
//   npm run build -w functions && node bench/exports.mjs [runs]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fixtures, integerArg, requireCompiled } from './lib/support.mjs';

const runs = integerArg('BENCH_ITERATIONS', 3, { what: 'number of runs' });
const INTERVIEWS = 50;
const INSIGHTS = 1_000;
const GOAL_MS = 5_000;
const [{ parseTranscript }, { buildExportModel }, { renderExport }] = requireCompiled('parsers/index.js', '../exports/export-model.js', '../exports/render-export.js');
// The export formats are the contract's (built with the functions: npm run build -w functions).
const { EXPORT_FORMATS } = createRequire(import.meta.url)('@verbatim/contract/exports');
const [{ planMiroBoard }, { miroClient }, { startMiroPush, continueMiroPush }] = requireCompiled('../miro/miro-board-plan.js', '../miro/miro-client.js', '../miro/push-to-miro.js');
const { startMiroStandIn } = await import('../test/support/miro-stand-in.mjs');

const SOURCES = [
  '04_anthropic-interviewer_science_0012.txt',
  '06_gvc_eBay-FarhangKassei-Interview-v4.srt',
  '07_gvc_CodeConversations-ChrisDiBona.srt',
  '08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt',
  '10_changelog_founders-talk-91.md',
  '14_qualcoder_transcript_focus-group.txt',
];
const TAGS = ['onboarding', 'pricing', 'trust', 'workarounds', 'collaboration', 'performance', 'documentation', 'support', 'data quality', 'integrations', 'reporting', 'learning curve'];
const THEMES = [
  { groupLabel: 'Getting started', tags: ['onboarding', 'learning curve', 'documentation'] },
  { groupLabel: 'Cost and value', tags: ['pricing', 'reporting'] },
  { groupLabel: 'Confidence in the tool', tags: ['trust', 'data quality', 'performance'] },
  { groupLabel: 'Working with others', tags: ['collaboration', 'integrations', 'support', 'workarounds'] },
].map((g) => ({ groupLabel: g.groupLabel, tags: g.tags.map((t) => ({ originalTag: t, refinedTag: t })) }));

/** Verbatim spans of participants' turns: up to ~220 characters, cut at a word. */
function quoteSpans(parsed) {
  const participants = new Set(parsed.speakers.filter((s) => s.role !== 'interviewer').map((s) => s.label));
  const spans = [];
  for (const turn of parsed.turns) {
    if (!participants.has(turn.speaker) || turn.end - turn.start < 40) continue;
    let end = Math.min(turn.end, turn.start + 220);
    if (end < turn.end) end = parsed.text.lastIndexOf(' ', end) > turn.start + 20 ? parsed.text.lastIndexOf(' ', end) : end;
    spans.push({ speaker: turn.speaker, start: turn.start, end, ts: turn.ts });
  }
  return spans;
}

const parsedSources = [];
for (const name of SOURCES) parsedSources.push({ name, parsed: await parseTranscript({ fileName: name, bytes: readFileSync(join(fixtures, name)) }) });

const documents = [];
const insights = [];
const perInterview = INSIGHTS / INTERVIEWS;
for (let d = 0; d < INTERVIEWS; d++) {
  const { name, parsed } = parsedSources[d % parsedSources.length];
  const id = `doc${String(d + 1).padStart(2, '0')}`;
  const createdAt = new Date(Date.UTC(2026, 8, 1 + d));
  documents.push({
    doc: {
      id, projectId: 'bench', ownerId: 'bench', name: `Interview ${d + 1} (${name.replace(/\.[a-z]+$/, '')})`, fileName: name, format: parsed.format,
      size: 0, status: 'ready', progress: 1, error: null, errorCode: null, notes: [], speakers: parsed.speakers, wordCount: parsed.wordCount,
      language: parsed.language, turnCount: parsed.turns.length, creditSpent: true, createdAt, updatedAt: createdAt,
      analysis: { analyser: 'local', groupedTags: THEMES, quoteStats: { proposed: 0, anchored: 0, droppedUnanchored: 0, droppedInterviewer: 0, droppedInsights: 0 }, insightCount: perInterview, notes: [], usage: null, completedAt: createdAt },
    },
    text: parsed.text,
  });
  const spans = quoteSpans(parsed);
  for (let i = 0; i < perInterview; i++) {
    const quotes = [0, 1, 2].slice(0, 1 + (i % 3)).map((k) => {
      const span = spans[(i * 3 + k) % spans.length];
      return { text: parsed.text.slice(span.start, span.end), documentId: id, speaker: span.speaker, start: span.start, end: span.end, ...(span.ts === undefined ? {} : { ts: span.ts }) };
    });
    const tag = TAGS[(d + i) % TAGS.length];
    insights.push({ id: `${id}-i${i}`, title: `${tag[0].toUpperCase()}${tag.slice(1)}: what participant ${d + 1} said (${i + 1})`, description: `How ${tag} came up in interview ${d + 1}, in the participant's own words.`, tag, documentId: id, quotes, source: 'local', createdAt });
  }
}
const source = { project: { id: 'bench', name: 'Benchmark: 50 interviews', createdAt: new Date() }, documents, insights, synthesis: { summarySentence: 'A benchmark project.' }, generatedAt: new Date() };

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1) };
}
const ms = (v) => `${v.toFixed(0).padStart(6)} ms`;

const modelTimes = [];
let model;
for (let r = 0; r <= runs; r++) {
  const start = performance.now();
  model = buildExportModel(source);
  if (r > 0) modelTimes.push(performance.now() - start);
}
console.log(`Project: ${model.counts.interviews} interviews, ${model.counts.insights} insights, ${model.counts.quotes} quotes, ${model.counts.themes} themes, ${(documents.reduce((n, d) => n + d.text.length, 0) / 1e6).toFixed(1)} M characters of transcript`);
const m = stats(modelTimes);
console.log(`model      min ${ms(m.min)}  median ${ms(m.median)}  max ${ms(m.max)}`);
let worst = 0;
for (const format of EXPORT_FORMATS) {
  const times = [];
  let size = 0;
  for (let r = 0; r <= runs; r++) {
    const start = performance.now();
    const bytes = await renderExport(buildExportModel(source), format);
    const elapsed = performance.now() - start;
    size = bytes.length;
    if (r > 0) times.push(elapsed);
  }
  const s = stats(times);
  worst = Math.max(worst, s.max);
  console.log(`${format.padEnd(15)} min ${ms(s.min)}  median ${ms(s.median)}  max ${ms(s.max)}  ${(size / 1024).toFixed(0).padStart(6)} KB  (model included)`);
}
console.log(`Slowest export: ${worst.toFixed(0)} ms; goal ≤ ${GOAL_MS} ms each: ${worst <= GOAL_MS ? 'met' : 'NOT met'}`);

// The Miro push of the same project, against the local stand-in of Miro's API (it answers at once, so this is our
// own cost: planning, the requests and their bodies). Miro itself takes up to 1,000 items a minute per token
// (100 credits per item of its 100,000 a minute), which bounds a real push far more than this does.
const miro = await startMiroStandIn();
const pushStart = performance.now();
const plan = planMiroBoard(buildExportModel(source));
const client = miroClient({ apiBase: miro.url, token: miro.accessToken });
const state = await startMiroPush(client, plan);
let done = 0;
let steps = 0;
while (done < state.total) {
  ({ done } = await continueMiroPush(client, plan, state.boardId, { frameIds: state.frameIds, planId: state.planId, from: done }));
  steps++;
}
const pushMs = performance.now() - pushStart;
const bulkCalls = miro.requests.filter((r) => r.path.endsWith('/items/bulk')).length;
await miro.close();
console.log(
  `Miro push: ${plan.frames.length} frames, ${state.total} stickies in ${steps} steps of ≤ 100 (${bulkCalls} bulk calls of ≤ 20), ${pushMs.toFixed(0)} ms against the stand-in; ` +
    `at Miro's limit of 1,000 items a minute about ${Math.ceil(state.total / 1000)} min`,
);

