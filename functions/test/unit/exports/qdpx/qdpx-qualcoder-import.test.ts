import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { buildExportModel, type ExportInsight, type ExportInterview, type ExportModel } from '../../../../src/exports/export-model';
import { codeBookNames } from '../../../../src/exports/qdpx/code-names';
import { renderQdpx } from '../../../../src/exports/qdpx/qdpx';
import { textSourceName } from '../../../../src/exports/qdpx/source-name';
import { uniqueNames } from '../../../../src/exports/qdpx/unique-names';
import { handExportModel, handInterview, quoteOf, sampleExportSource } from '../../../support/export-fixtures';
import { importLikeQualCoder, QualCoderImportCrash, type QualCoderProject } from '../../../support/qualcoder-import';

const PROJECT_XSD = readFileSync(new URL('../../../../src/exports/qdpx/schema/Project.xsd', import.meta.url), 'utf8');

/** Five interviews as a researcher uploads them: named by their files (four PDFs), analysed by the built-in analyser. */
const FIVE_INTERVIEWS = [
  '01_pdpilot_P2_user-study-interview.pdf',
  '18_pdpilot_P1_user-study-interview.pdf',
  '19_pdpilot_P3_user-study-interview.pdf',
  '20_pdpilot_P4_user-study-interview.pdf',
  '14_qualcoder_transcript_focus-group.txt',
];

/** The tag the researcher gave the insight they moved to "Trust in AI tools" (another theme's tag too). */
let SHARED_TAG = '';

/**
 * Five interviews as a researcher uploads them, then edits: the insight moved to "Trust in AI tools" retagged with
 * a tag another theme also has, and two insights given one title (what broke the import).
 */
async function uploadedAsFiles(): Promise<ExportModel> {
  const source = await sampleExportSource(FIVE_INTERVIEWS);
  const insights = source.insights.map((insight) => ({ ...insight }));
  const moved = insights[0];
  const other = insights.find((insight, k) => k > 2 && insight.documentId !== moved.documentId && !insight.deletedAt)!;
  SHARED_TAG = other.tag;
  moved.tag = other.tag;
  insights[3] = { ...insights[3], title: insights[2].title };
  return buildExportModel({ ...source, insights, documents: source.documents.map(({ doc, text }) => ({ doc: { ...doc, name: doc.fileName }, text })) });
}

/** Changes project.qde inside an archive. */
async function withQde(bytes: Uint8Array, edit: (xml: string) => string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  zip.file('project.qde', edit(await zip.file('project.qde')!.async('string')));
  return zip.generateAsync({ type: 'uint8array' });
}

/** An insight of one interview quoting `needles`, described by its title and quotes. */
function insightQuoting(interview: ExportInterview, fields: Pick<ExportInsight, 'id' | 'title' | 'tag' | 'theme'>, needles: string[]): ExportInsight {
  return {
    ...fields,
    description: `${fields.title}: “${needles.join('”, “')}”`,
    source: 'manual',
    quotes: needles.map((n) => quoteOf(interview, n, 'P1')),
    documentIds: [interview.id],
  };
}

describe('a .qdpx imported into QualCoder', () => {
  let model: ExportModel;
  let insights: ExportInsight[];
  let bytes: Uint8Array;
  let imported: QualCoderProject;

  beforeAll(async () => {
    model = await uploadedAsFiles();
    insights = model.themes.flatMap((t) => t.insights);
    bytes = await renderQdpx(model);
    imported = await importLikeQualCoder(bytes);
  }, 60_000);

  it('is valid against the REFI-QDA Project.xsd', async () => {
    const zip = await JSZip.loadAsync(bytes);
    const result = await validateXML({ xml: [{ fileName: 'project.qde', contents: await zip.file('project.qde')!.async('string') }], schema: [PROJECT_XSD] });
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
  });

  it('is a project where insights share titles and interviews are PDFs named by their files (what broke the import)', () => {
    const titles = insights.map((i) => i.title);
    expect(new Set(titles).size).toBeLessThan(titles.length);
    expect(model.interviews.filter((i) => i.name.endsWith('.pdf'))).toHaveLength(4);
  });

  it('keeps every insight as a journal entry: its title as the name, its title and description as the text', () => {
    expect(imported.journals).toHaveLength(insights.length);
    insights.forEach((insight, i) => {
      const journal = imported.journals[i];
      expect(journal.name === insight.title || journal.name.startsWith(`${insight.title} (`)).toBe(true);
      // An empty description leaves no empty paragraph.
      expect(journal.text.startsWith(`${[insight.title, insight.description].filter(Boolean).join('\n\n')}\n\n`)).toBe(true);
    });
  });

  it('names insights with the same title apart, the first keeping it, the next numbered in board order', () => {
    const names = imported.journals.map((j) => j.name);
    expect(new Set(names).size).toBe(names.length);
    const repeated = insights.map((i) => i.title).find((t, i, all) => all.indexOf(t) !== i)!;
    const sameTitle = names.filter((n) => n === repeated || n.startsWith(`${repeated} (`));
    expect(sameTitle[0]).toBe(repeated);
    expect(sameTitle.slice(1)).toEqual(sameTitle.slice(1).map((_, k) => `${repeated} (${k + 2})`));
  });

  it('annotates each interview an insight draws on at its first quote there, with the title and description', () => {
    const expected = insights.flatMap((insight) =>
      insight.documentIds.flatMap((id) => {
        const quote = insight.quotes.find((q) => q.documentId === id);
        return quote ? [`${textSourceName(model.interviews.find((i) => i.id === id)!.name)}|${quote.text}|${[insight.title, insight.description].filter(Boolean).join('\n\n')}`] : [];
      }),
    );
    const found = imported.annotations.map((a) => `${a.source}|${a.text}|${a.memo.split('\n\nTheme: ')[0]}`);
    expect(expected.length).toBeGreaterThanOrEqual(insights.length);
    expect(found.sort()).toEqual(expected.sort());
  });

  it('keeps every source as text named without a PDF or text ending, every code, and every quote coded with its tag at the same characters', () => {
    expect(imported.sources.map((s) => s.name)).toEqual(FIVE_INTERVIEWS.map((f) => f.replace(/\.(pdf|txt)$/, '')));
    imported.sources.forEach((source, i) => {
      expect(source.text).toBe(model.interviews[i].text);
      expect(source.memo).toContain(`File: ${FIVE_INTERVIEWS[i]}`);
    });
    const tags = model.themes.reduce((n, t) => n + new Set(t.insights.map((i) => i.tag)).size, 0);
    expect(imported.codes).toHaveLength(model.themes.length + tags);
    // The shared tag is a tag of two themes (a researcher moved an insight): QualCoder would keep one code of that name.
    expect(imported.codes).toContain(`${SHARED_TAG} (Trust in AI tools)`);
    const codeOf = (insight: ExportInsight) =>
      insight.theme === 'Trust in AI tools' && insight.tag === SHARED_TAG ? `${SHARED_TAG} (Trust in AI tools)` : insight.tag;
    const expected = insights.flatMap((insight) => insight.quotes.map((q) => `${textSourceName(q.documentName)}|${q.text}|${codeOf(insight)}`));
    expect(imported.codings.map((c) => `${c.source}|${c.text}|${c.code}`).sort()).toEqual(expected.sort());
  });

  it('the reader follows QualCoder: notes only inline are lost, a repeated journal name stops the import', async () => {
    const inlineOnly = await withQde(bytes, (xml) =>
      xml.replace(/(<Note [^>]*?) plainTextPath="internal:\/\/([^"]+)"([^>]*?)\/>/g, '$1$3><PlainTextContent>memo</PlainTextContent></Note>'),
    );
    expect((await importLikeQualCoder(inlineOnly)).journals).toEqual([]);
    const repeated = await withQde(bytes, (xml) => xml.replace(/(<Note [^>]*? name=")[^"]*(")/g, '$1Same$2'));
    await expect(importLikeQualCoder(repeated)).rejects.toBeInstanceOf(QualCoderImportCrash);
  });
});

describe('an interview with emoji, combining accents and CJK text', () => {
  // Positions below were counted in Python (str indices are code points, as in QualCoder and the standard).
  const TEXT = 'Interviewer: Olá! 👋🏽 Como foi?\nP1: A reunião em 東京 foi ótima — 👩‍🔬 Ana disse «e\u0301te\u0301 𠮷野家».\nP1: Depois voltámos a 🇵🇹.';
  const interview = handInterview({
    id: 'unicode-doc',
    name: 'Entrevista 東京.docx',
    fileName: 'Entrevista 東京.docx',
    language: 'pt',
    text: TEXT,
  });
  const insight = (id: string, title: string, tag: string, needles: string[]) => insightQuoting(interview, { id, title, tag, theme: 'Viagem 旅行' }, needles);
  const model = handExportModel({
    projectId: 'unicode-project',
    projectName: 'Lisboa → 東京 ✈️',
    summary: 'Uma viagem.',
    generatedAt: new Date(Date.UTC(2026, 2, 2)),
    interviews: [interview],
    insights: [
      insight('ins-ana', 'Ana diz «été» 👩‍🔬', 'ana', ['Ana disse «e\u0301te\u0301 𠮷野家»', '東京']),
      insight('ins-back', 'De volta a 🇵🇹', 'volta', ['Depois voltámos a 🇵🇹.']),
    ],
  });
  let imported: QualCoderProject;
  beforeAll(async () => {
    imported = await importLikeQualCoder(await renderQdpx(model));
  });

  it('codes each quote at its character positions, not its UTF-16 ones, so the same characters come back', () => {
    const coded = imported.codings.map((c) => [c.start, c.end, c.text]);
    expect(coded).toEqual([
      [48, 50, '東京'],
      [67, 88, 'Ana disse «e\u0301te\u0301 𠮷野家»'],
      [94, 115, 'Depois voltámos a 🇵🇹.'],
    ]);
    // The UTF-16 offsets differ: the emoji before them take two units each.
    expect(model.themes[0].insights[0].quotes.map((q) => q.start)).toEqual([71, 50]);
  });

  it('annotates at the first quote and keeps titles, descriptions and the source name with their accents and characters', () => {
    expect(imported.annotations.map((a) => [a.start, a.end, a.memo.split('\n\n')[0]])).toEqual([
      [67, 88, 'Ana diz «été» 👩‍🔬'],
      [94, 115, 'De volta a 🇵🇹'],
    ]);
    expect(imported.journals.map((j) => j.name)).toEqual(['Ana diz «été» 👩‍🔬', 'De volta a 🇵🇹']);
    expect(imported.journals[0].text).toContain('Ana diz «été» 👩‍🔬: “Ana disse «e\u0301te\u0301 𠮷野家»”, “東京”');
    expect(imported.sources.map((s) => [s.name, s.text])).toEqual([['Entrevista 東京', TEXT]]);
  });
});

describe('insights quoting the same words', () => {
  const interview = handInterview({ id: 'same-doc', name: 'P7.txt', fileName: 'P7.txt', language: 'en', text: 'P1: We love the speed. It is fast.' });
  const insight = (id: string, tag: string, needles: string[]) => insightQuoting(interview, { id, title: `About ${tag}`, tag, theme: 'Speed' }, needles);
  const model = handExportModel({
    projectId: 'same-project',
    projectName: 'Same words',
    interviews: [interview],
    insights: [insight('a', 'love', ['We love the speed.']), insight('b', 'pace', ['We love the speed.', 'It is fast.']), insight('c', 'joy', ['We love the speed.'])],
  });

  it('annotate different places, so QualCoder imports them all (a second annotation on one place stops its import)', async () => {
    const imported = await importLikeQualCoder(await renderQdpx(model));
    expect(imported.annotations.map((a) => [a.text, a.memo.split('\n\n')[0]])).toEqual([
      ['We love the speed.', 'About love'],
      ['It is fast.', 'About pace'],
    ]);
    // The third has no free place: it is still a journal entry, and every quote is still coded.
    expect(imported.journals.map((j) => j.name)).toEqual(['About love', 'About pace', 'About joy']);
    expect(imported.codings.map((c) => `${c.code}|${c.text}`)).toEqual(['love|We love the speed.', 'pace|We love the speed.', 'joy|We love the speed.', 'pace|It is fast.']);
  });
});

describe('names', () => {
  it('numbers repeated names from 2, skipping names already in use, ignoring case and outer spaces', () => {
    expect(uniqueNames(['Tool', 'tool', 'Tool (2)', 'Tool ', 'Other'])).toEqual(['Tool', 'tool (3)', 'Tool (2)', 'Tool (4)', 'Other']);
  });

  it('names a tag already named in the code book after its theme, and numbers what still clashes', () => {
    const themes = [
      { name: 'Pain points', tags: ['data', 'Speed'] },
      { name: 'Trust', tags: ['Data', 'pain points', 'trust'] },
      { name: 'data (Trust)', tags: [] },
    ];
    expect(codeBookNames(themes)).toEqual([
      { name: 'Pain points', tags: ['data', 'Speed'] },
      { name: 'Trust', tags: ['Data (Trust)', 'pain points (Trust)', 'trust (Trust)'] },
      { name: 'data (Trust) (2)', tags: [] },
    ]);
  });

  it('names a text source without the transcript file ending, whatever its case', () => {
    expect(['P5.pdf', 'P5.PDF', 'Notes.docx', 'Call 3.vtt', 'P1.pdf.txt', 'v1.2 review', '.pdf'].map(textSourceName)).toEqual([
      'P5',
      'P5',
      'Notes',
      'Call 3',
      'P1',
      'v1.2 review',
      'Interview',
    ]);
  });
});
