// npm run preview:exports: makes the report and the slide deck of a sample project (three interviews of the shared
// corpus, parsed, analysed by the local analyser and anchored, with the COMPILED server code), then renders their
// pages with LibreOffice (headless → PDF) and poppler (PDF → PNG) for review. Output: .cache/preview-exports/.
// The pages are rendered as on a machine with none of the fonts the exports name nor their metric twins (the worst
// case: text in the wider fallback font); the report's page count is also given with this machine's own fonts.
// Not part of npm test. Needs the Debian packages libreoffice-writer-nogui, libreoffice-impress-nogui, poppler-utils
// (scripts/preview-exports.sh installs them).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pdfFontNames, renderToPdf } from './render-office.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const lib = (path) => createRequire(import.meta.url)(join(root, 'functions/lib', path));
const { parseTranscript } = lib('analysis/parsers/index.js');
const { createLocalAnalyser } = lib('analysis/local/index.js');
const { anchorAnalysis } = lib('analysis/anchoring/index.js');
const { buildExportModel } = lib('exports/export-model.js');
const { renderExport } = lib('exports/render-export.js');

const FILES = ['04_anthropic-interviewer_science_0012.txt', '08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt', '18_pdpilot_P1_user-study-interview.pdf'];
const out = join(root, '.cache/preview-exports');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const analyser = createLocalAnalyser();
const documents = [];
const insights = [];
for (const [index, fileName] of FILES.entries()) {
  const parsed = await parseTranscript({ fileName, bytes: readFileSync(join(root, 'functions/test/fixtures/transcripts', fileName)) });
  const id = `doc${index + 1}`;
  const createdAt = new Date(Date.UTC(2026, 9, 5 + index, 10));
  const input = { documentId: id, documentName: fileName, text: parsed.text, turns: parsed.turns, timeMarks: parsed.timeMarks ?? [], speakers: parsed.speakers, language: parsed.language };
  const analysis = await analyser.analyse(input);
  const anchored = anchorAnalysis(input, analysis);
  documents.push({
    doc: {
      id, projectId: 'preview', ownerId: 'preview', name: fileName.replace(/\.[a-z]+$/, ''), fileName, format: parsed.format, size: 0, status: 'ready',
      progress: 1, error: null, errorCode: null, notes: parsed.notes, speakers: parsed.speakers, wordCount: parsed.wordCount, language: parsed.language,
      turnCount: parsed.turns.length, creditSpent: true, createdAt, updatedAt: createdAt,
      analysis: { analyser: 'local', groupedTags: analysis.groupedTags, quoteStats: anchored.stats, insightCount: anchored.insights.length, notes: analysis.notes, usage: null, completedAt: createdAt },
    },
    text: parsed.text,
  });
  anchored.insights.forEach((insight, i) => insights.push({ id: `${id}-i${i + 1}`, ...insight, documentId: id, source: 'local', createdAt }));
}
const model = buildExportModel({
  project: { id: 'preview', name: 'Explaining ML models: user study', createdAt: new Date() },
  documents,
  insights,
  synthesis: { summarySentence: 'Participants trust explanations they can check against the data, and distrust the rest.' },
  generatedAt: new Date(),
});

for (const [format, name] of [['report.docx', 'report.docx'], ['deck.pptx', 'slides.pptx'], ['report.html', 'report.html']]) {
  writeFileSync(join(out, name), await renderExport(model, format));
}
const pagesOf = (pdf) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString())?.[1]);
const lines = [];
for (const name of ['report.docx', 'slides.pptx']) {
  const pdf = renderToPdf(join(out, name), out, { withoutExportFonts: true });
  execFileSync('pdftoppm', ['-png', '-r', '60', pdf, join(out, name.replace(/\.[a-z]+$/, ''))], { stdio: 'inherit' });
  lines.push(`${name.replace(/\.[a-z]+$/, '.pdf')}: ${pagesOf(pdf)} pages without the exports' fonts, set in ${pdfFontNames(pdf).join(', ')}`);
}
const ownFonts = renderToPdf(join(out, 'report.docx'), join(out, 'own-fonts'));
lines.push(`report.pdf with this machine's fonts: ${pagesOf(ownFonts)} pages, set in ${pdfFontNames(ownFonts).join(', ')} (own-fonts/report.pdf)`);
const pngs = readdirSync(out).filter((f) => f.endsWith('.png'));
console.log(`\n${lines.join('\n')}`);
console.log(`${model.counts.interviews} interviews, ${model.counts.insights} insights, ${model.counts.quotes} quotes.`);
console.log(`Pages for review in ${out}: report.pdf, slides.pdf and ${pngs.length} PNG pages (${pngs.slice(0, 3).join(', ')}…); report.html is the printable version.`);
