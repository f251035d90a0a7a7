// Insight quality against human coders: runs the built-in analyser on the PDPilot user-study interviews P1–P4
// (the shared fixtures) and scores its insights against the coders' MAXQDA coding (bench/fixtures/human-coding),
// with the definitions of the human-coding benchmark's score.mjs:
//   on-coded   share of quotes that land on a passage the coders coded
//   covered    share of coded segments some quote lands on
//   groups     top-level code groups reached by some quote
//   coherence  of the insights with >= 2 quotes on coded passages, the share whose coded quotes all share a group
// A quote lands on a segment when at least half of its 4-word sequences occur in the segment, or when it holds the
// segment (see `lands`). Also prints the
// titles with their tags (and how many tags are words of their title), and the project summary over the four
// interviews.
//
//   npm run bench -- insight-quality
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtures, requireCompiled, root } from './lib/support.mjs';

const [{ parseTranscript }, { createLocalAnalyser }, { anchorAnalysis }, { synthesiseProject }, { loadWordVectors }] = requireCompiled(
  'parsers/index.js',
  'local/index.js',
  'anchoring/index.js',
  'synthesis/index.js',
  'meaning/index.js',
);
const INTERVIEWS = {
  P1: '18_pdpilot_P1_user-study-interview.pdf',
  P2: '01_pdpilot_P2_user-study-interview.pdf',
  P3: '19_pdpilot_P3_user-study-interview.pdf',
  P4: '20_pdpilot_P4_user-study-interview.pdf',
};
const GOALS = { coherence: 0.8, onCoded: 0.9, covered: 0.6 };

const words = (s) => s.normalize('NFKC').toLowerCase().replace(/[\u2018\u2019]/g, "'")
  .replace(/^(dan|participant|particpant):/gm, ' ').replace(/[^\p{L}\p{N}']+/gu, ' ').trim().split(/\s+/);
const grams = (ws, n = 4) => new Set(ws.length < n ? [ws.join(' ')] : ws.slice(n - 1).map((_, i) => ws.slice(i, i + n).join(' ')));
/**
 * A quote lands on a segment when half of its 4-word sequences are in the segment, or when it holds the segment: half
 * of the segment's sequences (a segment under four words: all its words, in order) are in a quote at most twice the
 * segment's length plus eight words (score.mjs's rule since 2026-11-27: a whole sentence around a short coded piece).
 */
const lands = (quoteGrams, segment, quoteWords) => {
  let k = 0;
  for (const g of quoteGrams) if (segment.grams.has(g)) k++;
  if (k / quoteGrams.size >= 0.5) return true;
  if (quoteWords.length > 2 * segment.words.length + 8) return false;
  if (segment.words.length < 4) return ` ${quoteWords.join(' ')} `.includes(` ${segment.words.join(' ')} `);
  let m = 0;
  for (const g of segment.grams) if (quoteGrams.has(g)) m++;
  return m / segment.grams.size >= 0.5;
};
const coding = JSON.parse(readFileSync(join(root, 'bench/fixtures/human-coding/pdpilot-coded-segments-P1-P4.json'), 'utf8'));

/** An interview's coded segments (anonymisation codes left out), each with its code's first two levels and its 4-grams. */
const segmentsOf = (interview) =>
  coding
    .filter((s) => s.interview === interview && !/^Anonymi/.test(s.code))
    .map((s) => ({ group: s.code.split(' > ')[0].trim(), code: s.code.split(' > ').slice(0, 2).join(' > '), words: words(s.text), grams: grams(words(s.text)) }));

function score(insights, interview) {
  const segments = segmentsOf(interview);
  let quotes = 0, onCoded = 0, judged = 0, coherent = 0;
  const covered = new Set();
  for (const insight of insights) {
    const groupsPerQuote = [];
    for (const quote of insight.quotes) {
      quotes++;
      const quoteWords = words(quote.text);
      const quoteGrams = grams(quoteWords);
      const hits = segments.map((s, i) => [s, i]).filter(([s]) => lands(quoteGrams, s, quoteWords));
      if (hits.length === 0) continue;
      onCoded++;
      hits.forEach(([, i]) => covered.add(i));
      groupsPerQuote.push(new Set(hits.map(([s]) => s.group)));
    }
    if (groupsPerQuote.length >= 2) {
      judged++;
      if ([...groupsPerQuote[0]].some((g) => groupsPerQuote.every((gs) => gs.has(g)))) coherent++;
    }
  }
  const all = new Set(segments.map((s) => s.group));
  const reached = new Set([...covered].map((i) => segments[i].group));
  return { insights: insights.length, quotes, onCoded: onCoded / quotes, covered: covered.size / segments.length, groups: `${reached.size}/${all.size}`, allGroups: reached.size === all.size, coherence: judged ? coherent / judged : 0, judged };
}

/** Whether every word of an insight's tag is in its title (crude singular: "ICE plots" meets "ICE plot"). */
const wordKeys = (text) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
const tagInTitle = (insight) => {
  const title = new Set(wordKeys(insight.title));
  return wordKeys(insight.tag).every((word) => title.has(word));
};

const analyser = createLocalAnalyser({ yieldBetweenBatches: false });
const pct = (x) => `${Math.round(100 * x)}%`;
const documents = [];
const rows = [];
for (const [interview, file] of Object.entries(INTERVIEWS)) {
  const parsed = await parseTranscript({ bytes: new Uint8Array(readFileSync(join(fixtures, file))), fileName: file });
  const input = { documentId: interview, documentName: interview, text: parsed.text, turns: parsed.turns, timeMarks: parsed.timeMarks ?? [], speakers: parsed.speakers, language: parsed.language };
  const analysis = await analyser.analyse(input);
  const { insights } = anchorAnalysis(input, analysis);
  rows.push({ interview, ...score(insights, interview), titles: insights.map((i) => `${i.title}  [${i.tag}]`), tagsInTitle: insights.filter((i) => tagInTitle(i)).length });
  documents.push({ documentId: interview, documentName: interview, groupedTags: analysis.groupedTags, insights: insights.map((i, k) => ({ ...i, id: `${interview}-${k}`, documentId: interview, source: 'local', createdAt: new Date(0) })) });
}

console.log('Built-in analyser against human coders (PDPilot P1–P4); goals: coherence ≥ 80%, on-coded ≥ 90%, covered ≥ 60%, every group');
console.log('interview  insights  quotes  on-coded  covered  groups  coherence');
for (const r of rows) {
  const mark = (ok) => (ok ? ' ' : '*');
  console.log(`${r.interview.padEnd(9)}  ${String(r.insights).padStart(8)}  ${String(r.quotes).padStart(6)}  ${(pct(r.onCoded) + mark(r.onCoded >= GOALS.onCoded)).padStart(8)}  ${(pct(r.covered) + mark(r.covered >= GOALS.covered)).padStart(7)}  ${(r.groups + mark(r.allGroups)).padStart(6)}  ${(`${pct(r.coherence)} of ${r.judged}` + mark(r.coherence >= GOALS.coherence)).padStart(9)}`);
}
console.log('(* below its goal)');
console.log(`Tags that are words of their insight's title: ${rows.reduce((sum, r) => sum + r.tagsInTitle, 0)} of ${rows.reduce((sum, r) => sum + r.insights, 0)}`);
for (const r of rows) {
  console.log(`\n${r.interview} titles [tags]:`);
  for (const title of r.titles) console.log(`  - ${title}`);
}
const vectors = await loadWordVectors();
const synthesis = synthesiseProject(documents, { vectors });
console.log(`\nProject summary: ${synthesis.summarySentence}`);

// Findings across interviews: of the consolidated insights from two or more interviews whose members each have a
// quote on a coded passage, how many have members the coders filed under one code (its first two levels).
const segmentsByInterview = new Map(Object.keys(INTERVIEWS).map((interview) => [interview, segmentsOf(interview)]));
const codesOf = (insight, interview) => {
  const found = new Set();
  for (const quote of insight.quotes) {
    const quoteWords = words(quote.text);
    const quoteGrams = grams(quoteWords);
    for (const s of segmentsByInterview.get(interview)) if (lands(quoteGrams, s, quoteWords)) found.add(s.code);
  }
  return found;
};
const byId = new Map(documents.flatMap((d) => d.insights.map((i) => [i.id, { insight: i, interview: d.documentId }])));
let across = 0, judged = 0, agreed = 0;
for (const consolidated of synthesis.consolidatedInsights.filter((c) => c.documentIds.length >= 2)) {
  across++;
  const codes = consolidated.sourceInsightIds.map((id) => codesOf(byId.get(id).insight, byId.get(id).interview)).filter((c) => c.size > 0);
  if (codes.length < 2) continue;
  judged++;
  if ([...codes[0]].some((code) => codes.every((c) => c.has(code)))) agreed++;
}
console.log(`Findings from 2+ interviews: ${across}; of the ${judged} with two or more insights on coded passages, ${agreed} have them all filed by the coders under one code.`);

// Synthesis time: the four interviews' insights repeated as larger projects (every pair of insights is compared).
for (const count of [100, 300]) {
  const project = Array.from({ length: count }, (_, k) => {
    const d = documents[k % documents.length];
    return { ...d, documentId: `d${k}`, documentName: `D${k}`, insights: d.insights.map((i, j) => ({ ...i, id: `d${k}-${j}`, documentId: `d${k}` })) };
  });
  const started = performance.now();
  synthesiseProject(project, { vectors });
  console.log(`Synthesis of ${count} interviews (${project.reduce((sum, d) => sum + d.insights.length, 0)} insights): ${Math.round(performance.now() - started)} ms`);
}
