// Wording: what the built-in analyser writes, read over every transcript of the shared sets (../shared/transcripts
// and the wording corpus ../shared/benchmarks/wording/corpus: written and spoken, short and long). Each transcript is
// parsed, analysed and anchored with the compiled code; each set (the shared transcripts, the corpus's creative
// interviews, its scientists' interviews, its podcast interviews) is synthesised as one project. The results are
// written as the wording benchmark's lint reads them (.cache/bench/wording.jsonl: one line per transcript, one per
// project synthesis) and linted with its lint.mjs: titles clean, defects by rule, quoted spans not in the transcript.
// Also prints how each title was worded (a claim in the participants' words, a verbatim sentence in quotation marks,
// a label of last resort, a topic), how many descriptions are left empty, the share of quotes that are verbatim spans
// of a participant's turn, and the words per second.
//
//   npm run bench -- wording                (WORDING_BENCH_DIR: another copy of the wording benchmark)
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { listFixtures, requireCompiled, root } from './lib/support.mjs';

const [{ parseTranscript }, { createLocalAnalyser }, { anchorAnalysis, quotableSpeakers }, { synthesiseProject }, { loadWordVectors }, labels] = requireCompiled(
  'parsers/index.js',
  'local/index.js',
  'anchoring/index.js',
  'synthesis/index.js',
  'meaning/index.js',
  'local/title-label.js',
);
// A label of last resort ("Wish: automated clusters on the ICE plots"); a build without labels has none.
const LABEL = labels.LABEL_TITLE ?? /^$^/;

const benchmark = process.env.WORDING_BENCH_DIR ?? join(root, '../shared/benchmarks/wording');
const shared = join(benchmark, '../../transcripts');
if (!existsSync(join(benchmark, 'lint.mjs')) || !existsSync(shared)) {
  console.error(`The wording benchmark is not at ${benchmark} (with ../../transcripts beside it); set WORDING_BENCH_DIR.`);
  process.exit(1);
}
const corpus = join(benchmark, 'corpus');
const sets = new Map([['shared transcripts', listFixtures(shared)]]);
for (const name of readdirSync(corpus).sort()) {
  const set = name.startsWith('anthropic-interviewer_creativity') ? 'creative interviews' : name.startsWith('anthropic-interviewer_science') ? 'scientists interviews' : 'podcast interviews';
  sets.set(set, [...(sets.get(set) ?? []), join(corpus, name)]);
}

const analyser = createLocalAnalyser({ yieldBetweenBatches: false });
const vectors = await loadWordVectors();
const lines = [];
const forms = { claim: 0, verbatim: 0, label: 0, topic: 0 };
let words = 0, ms = 0, quotes = 0, verbatim = 0, interviewer = 0;
const formOf = (title) =>
  /^“[^”]+”$/.test(title) ? 'verbatim' : /^What (?:they say|is said) about /.test(title) ? 'topic' : LABEL.test(title) ? 'label' : 'claim';

for (const [set, files] of sets) {
  const documents = [];
  const texts = [];
  for (const path of files) {
    const parsed = await parseTranscript({ bytes: new Uint8Array(readFileSync(path)), fileName: basename(path) });
    const input = { documentId: basename(path), documentName: basename(path), text: parsed.text, turns: parsed.turns, timeMarks: parsed.timeMarks ?? [], speakers: parsed.speakers, language: parsed.language };
    const started = performance.now();
    const analysis = await analyser.analyse(input);
    const { insights } = anchorAnalysis(input, analysis);
    ms += performance.now() - started;
    words += parsed.wordCount;
    const quotable = quotableSpeakers(input.speakers, input.turns);
    for (const insight of insights) {
      forms[formOf(insight.title)]++;
      for (const quote of insight.quotes) {
        quotes++;
        const turn = input.turns.find((t) => t.start <= quote.start && quote.end <= t.end);
        if (turn && input.text.slice(quote.start, quote.end) === quote.text) verbatim++;
        if (!turn || !quotable.has(turn.speaker)) interviewer++;
      }
    }
    lines.push({ doc: basename(path), text: parsed.text, insights: insights.map(({ title, description, quotes: q }) => ({ title, description, quotes: q.map(({ text }) => ({ text })) })) });
    documents.push({ documentId: input.documentId, documentName: input.documentName, groupedTags: analysis.groupedTags, insights: insights.map((insight, k) => ({ ...insight, id: `${input.documentId}#${k}`, documentId: input.documentId, source: 'local', createdAt: new Date(0) })) });
    texts.push(parsed.text);
  }
  const synthesis = synthesiseProject(documents, { vectors });
  lines.push({
    doc: `project: ${set} (${files.length} interviews)`,
    text: texts.join('\n\n'),
    summary: synthesis.summarySentence,
    insights: synthesis.consolidatedInsights.map(({ title, description, quotes: q }) => ({ title, description, quotes: q.map(({ text }) => ({ text })) })),
  });
}

mkdirSync(join(root, '.cache/bench'), { recursive: true });
const results = join(root, '.cache/bench/wording.jsonl');
writeFileSync(results, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
const lint = spawnSync(process.execPath, [join(benchmark, 'lint.mjs'), results, '--show', process.env.WORDING_SHOW ?? '3'], { cwd: root, encoding: 'utf8' });
process.stdout.write(lint.stdout);
if (lint.status !== 0) process.stderr.write(lint.stderr);

const titles = forms.claim + forms.verbatim + forms.label + forms.topic;
const pct = (a, b) => `${b ? Math.round((1000 * a) / b) / 10 : 0}%`;
console.log(
  `\nTitles worded as a claim: ${forms.claim}, as a participant's sentence in quotation marks: ${forms.verbatim}, as a label of what was said: ${forms.label}, as a topic: ${forms.topic} (of ${titles})`,
);
const described = lines.filter((line) => !line.doc.startsWith('project: ')).flatMap((line) => line.insights);
console.log(`Descriptions left empty: ${described.filter((insight) => !insight.description).length} of ${described.length}`);
console.log(`Quotes verbatim spans of a turn: ${verbatim} of ${quotes} (${pct(verbatim, quotes)}); quotes from the interviewer: ${interviewer}`);
console.log(`Analysis and anchoring: ${Math.round(words).toLocaleString('en-US')} words in ${Math.round(ms)} ms (${Math.round(words / (ms / 1000)).toLocaleString('en-US')} words/s); results in .cache/bench/wording.jsonl`);
