import { parse as parseHtml } from 'parse5';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildExportModel, type ExportModel } from '../../../../src/exports/export-model';
import { renderReportDocx } from '../../../../src/exports/report/report-docx';
import { renderReportHtml } from '../../../../src/exports/report/report-html';
import { sampleExportModel, sampleExportSource } from '../../../support/export-fixtures';

// The reports are read back the way a user's software would: the .docx unzipped and its XML parsed, its text
// extracted by mammoth; the HTML parsed by parse5 (the WHATWG parsing algorithm browsers implement).

interface HtmlNode {
  nodeName: string;
  value?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: HtmlNode[];
}
const parse5 = { parse: (source: string) => parseHtml(source) as unknown as HtmlNode };

let model: ExportModel;
let docx: DocxReport;
let html: HtmlNode;
let htmlSource: string;

beforeAll(async () => {
  model = await sampleExportModel();
  docx = await readDocx(await renderReportDocx(model));
  htmlSource = renderReportHtml(model);
  html = parse5.parse(htmlSource);
});

const insightsOf = (m: ExportModel) => m.themes.flatMap((t) => t.insights);
const quotesOf = (m: ExportModel) => insightsOf(m).flatMap((i) => i.quotes);
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

describe('the Word report', () => {
  it('is a complete package: every part well-formed, every relationship and content type pointing at a part', async () => {
    expect(model.themes.length).toBeGreaterThan(2);
    await expectSoundPackage(docx.zip);
  });

  it('uses Word heading styles: the sections and each theme as Heading 1 in model order, each insight as Heading 2', () => {
    const styled = (style: string) => docx.paragraphs.filter((p) => p.style === style).map((p) => p.text);
    expect(styled('Title')).toEqual([model.projectName]);
    expect(styled('Heading1')).toEqual(['Executive summary', 'Method', ...model.themes.map((t) => t.name), 'Appendix: interviews']);
    expect(styled('Heading2')).toEqual(['Key findings', ...insightsOf(model).map((i) => i.title)]);
    const themeHeadings = docx.paragraphs.filter((p) => p.style === 'Heading1' && model.themes.some((t) => t.name === p.text));
    // The findings start on a new page; each further theme follows on the same page (pages fill with quotes).
    expect(themeHeadings.map((p) => p.pageBreakBefore)).toEqual(model.themes.map((_, i) => i === 0));
    // Outline levels are what the navigation pane and a table of contents read.
    expect(docx.styles.get('Heading1')).toMatchObject({ name: 'Heading 1', outlineLevel: '0' });
    expect(docx.styles.get('Heading2')).toMatchObject({ name: 'Heading 2', outlineLevel: '1' });
  });

  it('shows every quote verbatim in typographic quotes, as an indented italic block, its citation on the next line', () => {
    const blocks = docx.paragraphs.filter((p) => p.style === 'Quote');
    expect(blocks.map((p) => p.text)).toEqual(quotesOf(model).map((q) => `“${q.text}”`));
    for (const quote of quotesOf(model)) {
      const at = docx.paragraphs.findIndex((p) => p.style === 'Quote' && p.text === `“${quote.text}”`);
      expect(docx.paragraphs[at + 1]).toMatchObject({ style: 'QuoteCitation', text: quote.citation });
      expect(docx.text).toContain(`“${quote.text}”\n\n${quote.citation}\n`);
    }
    expect(docx.styles.get('Quote')).toMatchObject({ italic: true });
    expect(Number(docx.styles.get('Quote')?.indentLeft)).toBeGreaterThan(0);
    expect(quotesOf(model).some((q) => q.time !== null)).toBe(true);
    expect(docx.text).toMatch(/— Westwood, 08_gvc_Developer_Case_Study_Dave_BuddyPoke · \d\d:\d\d\n/);
  });

  it('tells the themes in model order, each with its counts and its insights strongest first', () => {
    let from = docx.text.indexOf('\nMethod\n');
    expect(from).toBeGreaterThan(0);
    for (const theme of model.themes) {
      const line = `\n${theme.name}\n\n${count(theme.insights.length, 'insight', 'insights')} · ${count(theme.interviewCount, 'interview', 'interviews')}\n`;
      const at = docx.text.indexOf(line, from);
      expect(at, theme.name).toBeGreaterThan(from);
      from = at;
      for (const insight of theme.insights) {
        const next = docx.text.indexOf(`\n${insight.title}\n`, from + 1);
        expect(next, insight.title).toBeGreaterThan(from);
        from = next;
      }
    }
  });

  it('opens on a title page, then the summary sentence, the key findings and the method with its numbers', () => {
    const words = model.interviews.reduce((n, i) => n + i.wordCount, 0);
    expect(words).toBeGreaterThan(1000);
    const text = docx.text;
    expect(text.startsWith(`${model.projectName}\n\nResearch report\n\nGenerated on 20 November 2026\n\n3 interviews · 3 participants · `)).toBe(true);
    expect(text).toContain(`Executive summary\n\n${model.summary}\n\nKey findings\n`);
    for (const theme of model.themes) {
      const top = theme.insights[0];
      expect(text).toContain(`\n${theme.name} — ${top.title} (${top.documentIds.length} of 3 interviews)\n`);
    }
    expect(text).toContain(
      `3 interviews uploaded between 5 October 2026 and 7 October 2026, with 3 participants and ${words.toLocaleString('en-GB')} words analysed`,
    );
    expect(text).toMatch(/Every quote is verbatim from the interview transcripts[^\n]*cited by interview, speaker and timestamp/);
  });

  it('lists the interviews in an appendix table: name, upload date, words, speakers with their role, insights', () => {
    expect(docx.tables).toHaveLength(1);
    const [header, ...rows] = docx.tables[0];
    expect(header).toEqual(['Interview', 'Uploaded', 'Words', 'Speakers', 'Insights']);
    expect(rows).toEqual(
      model.interviews.map((iv, i) => [
        iv.name,
        `${5 + i} October 2026`,
        iv.wordCount.toLocaleString('en-GB'),
        iv.speakers.map((s) => `${s.label} (${s.role})`).join(', '),
        String(iv.insightCount),
      ]),
    );
    expect(rows[0][3]).toBe('AI (interviewer), User (participant)');
  });

  it('names one font every office suite has, and declares what stands in for it where it is missing', async () => {
    const parts = await Promise.all(
      Object.keys(docx.zip.files)
        .filter((name) => /\.xml$/.test(name))
        .map(async (name) => [name, await docx.zip.file(name)!.async('string')] as const),
    );
    // Every font a run, a style or the theme names is Arial (Calibri is missing wherever Office is not installed).
    const named = new Set(parts.flatMap(([, text]) => [...text.matchAll(/w:(?:ascii|hAnsi)="([^"]+)"|<a:latin typeface="([^"]+)"/g)].map((m) => m[1] ?? m[2])));
    expect([...named]).toEqual(['Arial']);
    expect(parts.filter(([, text]) => /calibri/i.test(text)).map(([name]) => name)).toEqual([]);
    // The font table tells Word and LibreOffice what Arial is, and its metric-compatible twins by name.
    const fontTable = xml.parse(parts.find(([name]) => name === 'word/fontTable.xml')![1]) as XmlNode[];
    const [arial] = find(fontTable, 'w:font');
    expect(attr(arial, 'w:name')).toBe('Arial');
    const value = (tag: string) => attr(find(kids(arial), tag)[0], 'w:val');
    expect(value('w:altName')?.split(',')).toEqual(expect.arrayContaining(['Liberation Sans', 'Arimo']));
    expect([value('w:panose1'), value('w:family'), value('w:pitch')]).toEqual(['020B0604020202020204', 'swiss', 'variable']);
  });

  it('lays the appendix table out with fixed column widths that fill the text width', () => {
    const [tbl] = find(xml.parse(docx.documentXml) as XmlNode[], 'w:tbl');
    expect(attr(find(kids(tbl), 'w:tblLayout')[0], 'w:type')).toBe('fixed');
    const widths = find(kids(tbl), 'w:gridCol').map((col) => Number(attr(col, 'w:w')));
    expect(widths.reduce((a, b) => a + b, 0)).toBe(11906 - 2 * 1134);
  });

  it('numbers the pages in the footer and names the project in the header, leaving the title page bare', () => {
    expect(docx.headers.join('\n')).toContain(model.projectName);
    expect(docx.footers.join('\n')).toMatch(/Page PAGE of NUMPAGES/);
    expect(docx.documentXml).toContain('<w:titlePg/>');
  });
});

describe('the HTML report', () => {
  it('shows every quote verbatim in typographic quotes, followed by its citation', () => {
    const quotes = findAll(html, (n) => hasClass(n, 'quote'));
    expect(quotes.map((q) => textOf(findAll(q, (n) => hasClass(n, 'quote-text'))[0]))).toEqual(quotesOf(model).map((q) => `“${q.text}”`));
    expect(quotes.map((q) => textOf(findAll(q, (n) => hasClass(n, 'citation'))[0]))).toEqual(quotesOf(model).map((q) => q.citation));
    expect(quotes.every((q) => q.nodeName === 'blockquote')).toBe(true);
  });

  it('has the same headings as the Word report, each theme in its own section starting a new printed page', () => {
    const texts = (tag: string) => findAll(html, (n) => n.nodeName === tag).map(textOf);
    expect(texts('title')).toEqual([`${model.projectName} — Research report`]);
    expect(texts('h1')).toEqual([model.projectName]);
    expect(texts('h2')).toEqual(['Executive summary', 'Method', ...model.themes.map((t) => t.name), 'Appendix: interviews']);
    expect(texts('h3')).toEqual(['Key findings', ...insightsOf(model).map((i) => i.title)]);
    const themeSections = findAll(html, (n) => n.nodeName === 'section' && model.themes.some((t) => textOf(firstChild(n, 'h2')) === t.name));
    expect(themeSections).toHaveLength(model.themes.length);
    expect(themeSections.every((s) => hasClass(s, 'new-page'))).toBe(true);
  });

  it('is printable on A4 and self-contained: inline print CSS, no script, nothing fetched', () => {
    const css = findAll(html, (n) => n.nodeName === 'style').map(textOf).join('\n');
    expect(css).toMatch(/@page\s*{[^}]*size:\s*A4/);
    expect(css).toMatch(/@media print\s*{[\s\S]*\.new-page\s*{[^}]*break-before:\s*page/);
    expect(css).not.toMatch(/url\(|@import/);
    expect(findAll(html, (n) => ['script', 'link', 'img', 'iframe', 'object'].includes(n.nodeName))).toEqual([]);
    expect(findAll(html, (n) => (n.attrs ?? []).some((a) => ['src', 'href'].includes(a.name) || a.name.startsWith('on')))).toEqual([]);
    expect(htmlSource.startsWith('<!DOCTYPE html>')).toBe(true);
  });

  it('says what the Word report says, in the same order', () => {
    const blocks = findAll(html.childNodes!.find((n) => n.nodeName === 'html')!, (n) => BLOCKS.has(n.nodeName), false).map(textOf);
    expect(blocks.length).toBeGreaterThan(model.counts.quotes * 2);
    expect(blocks).toEqual(docx.paragraphs.map((p) => p.text));
  });
});

describe('a report whose texts carry markup characters', () => {
  const trickyQuote = `She said "x < y" & 'z' — <script>alert(1)</script> &amp; done`;
  const twoLines = 'First line\nsecond line';
  const padded = '  so,  um… ';
  let tricky: ExportModel;
  beforeAll(() => {
    const [first, ...rest] = model.themes;
    const [insight, ...others] = first.insights;
    tricky = {
      ...model,
      projectName: 'Q&A <pilot> "study"',
      themes: [
        {
          ...first,
          name: 'Trust & <safety>',
          insights: [
            {
              ...insight,
              title: '<b>Bold</b> claims & “fancy” quotes',
              quotes: [trickyQuote, twoLines, padded].map((text) => ({ ...insight.quotes[0], text })).concat(insight.quotes.slice(1)),
            },
            ...others,
          ],
        },
        ...rest,
      ],
    };
  });

  it('shows them as written in Word', async () => {
    const report = await readDocx(await renderReportDocx(tricky));
    await expectSoundPackage(report.zip);
    expect(report.text).toContain(`“${trickyQuote}”\n\n${insightsOf(tricky)[0].quotes[0].citation}\n`);
    // A line break inside a quote is a Word line break (mammoth's raw text leaves those out, so read the XML).
    expect(report.paragraphs.filter((p) => p.style === 'Quote').map((p) => p.text)).toContain(`“${twoLines}”`);
    expect(report.documentXml).toContain('First line</w:t></w:r><w:r><w:br/><w:t xml:space="preserve">second line');
    expect(report.paragraphs.filter((p) => p.style === 'Heading1').map((p) => p.text)).toContain('Trust & <safety>');
    expect(report.paragraphs.filter((p) => p.style === 'Heading2').map((p) => p.text)).toContain('<b>Bold</b> claims & “fancy” quotes');
    expect(report.text).toContain(`“${padded}”\n\n`);
    expect(report.headers.join('')).toContain('Q&A <pilot> "study"');
  });

  it('escapes them exactly once in HTML, so a browser shows them as written and runs nothing', () => {
    const source = renderReportHtml(tricky);
    const doc = parse5.parse(source);
    expect(findAll(doc, (n) => n.nodeName === 'script' || n.nodeName === 'b')).toEqual([]);
    const shown = findAll(doc, (n) => hasClass(n, 'quote-text')).map(textOf);
    expect(shown.slice(0, 3)).toEqual([`“${trickyQuote}”`, `“${twoLines}”`, `“${padded}”`]);
    expect(source).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp; done');
    expect(source).not.toContain('<script>');
    expect(findAll(doc, (n) => n.nodeName === 'h1').map(textOf)).toEqual(['Q&A <pilot> "study"']);
    expect(findAll(doc, (n) => n.nodeName === 'h3').map(textOf)).toContain('<b>Bold</b> claims & “fancy” quotes');
    expect(findAll(doc, (n) => n.nodeName === 'h2').map(textOf)).toContain('Trust & <safety>');
  });
});

describe('a project without insights', () => {
  const generatedAt = new Date(Date.UTC(2026, 10, 20, 9, 30));

  it('still makes a sound report that says there are no insights yet, for an empty project', async () => {
    const empty = buildExportModel({ project: { id: 'p', name: 'New study', createdAt: generatedAt }, documents: [], insights: [], synthesis: null, generatedAt });
    const report = await readDocx(await renderReportDocx(empty));
    await expectSoundPackage(report.zip);
    expect(report.paragraphs.filter((p) => p.style === 'Heading1').map((p) => p.text)).toEqual(['Executive summary', 'Method', 'Findings', 'Appendix: interviews']);
    expect(report.text).toContain('There are no insights yet.');
    expect(report.text).toContain('No interviews have been uploaded yet.');
    expect(report.paragraphs.some((p) => p.style === 'Quote' || p.style === 'Heading2')).toBe(false);
    expect(report.tables).toEqual([]);

    const page = parse5.parse(renderReportHtml(empty));
    expect(findAll(page, (n) => n.nodeName === 'h2').map(textOf)).toEqual(['Executive summary', 'Method', 'Findings', 'Appendix: interviews']);
    expect(textOf(page)).toContain('There are no insights yet.');
    expect(findAll(page, (n) => n.nodeName === 'blockquote' || n.nodeName === 'table')).toEqual([]);
  });

  it('lists the interviews already uploaded and says no insights came out of them yet', async () => {
    const source = await sampleExportSource();
    const waiting = buildExportModel({ ...source, insights: [] });
    const report = await readDocx(await renderReportDocx(waiting));
    await expectSoundPackage(report.zip);
    expect(report.text).toContain('There are no insights yet.');
    expect(report.text).toContain('3 interviews uploaded between 5 October 2026 and 7 October 2026');
    expect(report.tables[0].slice(1).map((row) => [row[0], row[4]])).toEqual(waiting.interviews.map((iv) => [iv.name, '0']));
    expect(report.paragraphs.some((p) => p.style === 'Quote')).toBe(false);
  });
});

// --- reading a .docx ----------------------------------------------------------------------------------------

interface DocxParagraph {
  style: string | null;
  text: string;
  pageBreakBefore: boolean;
}

interface DocxStyle {
  name?: string;
  outlineLevel?: string;
  italic: boolean;
  indentLeft?: string;
}

interface DocxReport {
  zip: JSZip;
  documentXml: string;
  /** Every paragraph of the body in order, table cells' included. */
  paragraphs: DocxParagraph[];
  /** Each table's rows of cell texts. */
  tables: string[][][];
  styles: Map<string, DocxStyle>;
  headers: string[];
  footers: string[];
  /** mammoth's raw text: paragraphs separated by a blank line. */
  text: string;
}

type XmlNode = { [tag: string]: XmlNode[] | string | Record<string, string> | undefined } & { ':@'?: Record<string, string> };

const xml = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, parseAttributeValue: false, trimValues: false });

const tagOf = (node: XmlNode) => Object.keys(node).find((k) => k !== ':@')!;
const kids = (node: XmlNode): XmlNode[] => (Array.isArray(node[tagOf(node)]) ? (node[tagOf(node)] as XmlNode[]) : []);
const attr = (node: XmlNode | undefined, name: string) => node?.[':@']?.[name];

function walk(nodes: XmlNode[], visit: (node: XmlNode) => boolean | void): void {
  for (const node of nodes) if (visit(node) !== false) walk(kids(node), visit);
}

function find(nodes: XmlNode[], tag: string): XmlNode[] {
  const found: XmlNode[] = [];
  walk(nodes, (n) => {
    if (tagOf(n) !== tag) return true;
    found.push(n);
    return false;
  });
  return found;
}

/** A paragraph's text as Word shows it: its runs' text, a line break as '\n' (field codes included). */
function paragraphText(p: XmlNode): string {
  let text = '';
  walk(kids(p), (n) => {
    const tag = tagOf(n);
    if (tag === '#text') text += String(n['#text']);
    else if (tag === 'w:br') text += '\n';
    else if (tag === 'w:tab') text += '\t';
    return tag !== 'w:pPr';
  });
  return text;
}

function readParagraph(p: XmlNode): DocxParagraph {
  const pPr = kids(p).find((n) => tagOf(n) === 'w:pPr');
  const props = pPr ? kids(pPr) : [];
  return {
    style: attr(props.find((n) => tagOf(n) === 'w:pStyle'), 'w:val') ?? null,
    text: paragraphText(p),
    pageBreakBefore: props.some((n) => tagOf(n) === 'w:pageBreakBefore'),
  };
}

async function readDocx(bytes: Uint8Array): Promise<DocxReport> {
  const zip = await JSZip.loadAsync(bytes);
  const part = async (name: string) => {
    const file = zip.file(name);
    if (!file) throw new Error(`missing part ${name}`);
    return file.async('string');
  };
  const documentXml = await part('word/document.xml');
  const body = find(xml.parse(documentXml) as XmlNode[], 'w:body');
  expect(body).toHaveLength(1);

  const styles = new Map<string, DocxStyle>();
  for (const style of find(xml.parse(await part('word/styles.xml')) as XmlNode[], 'w:style')) {
    const one = (tag: string) => find(kids(style), tag)[0];
    styles.set(attr(style, 'w:styleId')!, {
      name: attr(one('w:name'), 'w:val'),
      outlineLevel: attr(one('w:outlineLvl'), 'w:val'),
      italic: one('w:i') !== undefined,
      indentLeft: attr(one('w:ind'), 'w:left'),
    });
  }
  const partsLike = (re: RegExp) => Promise.all(Object.keys(zip.files).filter((n) => re.test(n)).map(async (n) => find(xml.parse(await part(n)) as XmlNode[], 'w:p').map(paragraphText).join('\n')));

  return {
    zip,
    documentXml,
    paragraphs: find(kids(body[0]), 'w:p').map(readParagraph),
    tables: find(kids(body[0]), 'w:tbl').map((tbl) => find(kids(tbl), 'w:tr').map((tr) => find(kids(tr), 'w:tc').map((tc) => find(kids(tc), 'w:p').map(paragraphText).join('\n')))),
    styles,
    headers: await partsLike(/^word\/header\d*\.xml$/),
    footers: await partsLike(/^word\/footer\d*\.xml$/),
    text: (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value,
  };
}

/**
 * What Word checks before it offers to repair a file: every XML part well-formed, every part the package names
 * (content types, relationships) present, every table cell holding a paragraph and every table a grid.
 */
async function expectSoundPackage(zip: JSZip): Promise<void> {
  const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
  for (const name of names.filter((n) => /\.(xml|rels)$/.test(n))) {
    expect(XMLValidator.validate(await zip.file(name)!.async('string')), name).toBe(true);
  }
  const types = xml.parse(await zip.file('[Content_Types].xml')!.async('string')) as XmlNode[];
  for (const override of find(types, 'Override')) expect(names, 'content type').toContain(attr(override, 'PartName')!.slice(1));
  for (const rels of names.filter((n) => n.endsWith('.rels'))) {
    const base = rels.replace(/_rels\/[^/]*\.rels$/, '');
    for (const rel of find(xml.parse(await zip.file(rels)!.async('string')) as XmlNode[], 'Relationship')) {
      if (attr(rel, 'TargetMode') === 'External') continue;
      const target = attr(rel, 'Target')!;
      expect(names, `${rels} → ${target}`).toContain(target.startsWith('/') ? target.slice(1) : `${base}${target}`);
    }
  }
  const body = xml.parse(await zip.file('word/document.xml')!.async('string')) as XmlNode[];
  for (const tc of find(body, 'w:tc')) expect(find(kids(tc), 'w:p').length).toBeGreaterThan(0);
  for (const tbl of find(body, 'w:tbl')) {
    const grid = find(kids(tbl), 'w:gridCol');
    expect(grid.length).toBeGreaterThan(0);
    for (const tr of find(kids(tbl), 'w:tr')) expect(find(kids(tr), 'w:tc')).toHaveLength(grid.length);
  }
}

// --- reading HTML -----------------------------------------------------------------------------------------

/** The elements that hold a line of the report, as the Word report's paragraphs do. */
const BLOCKS = new Set(['h1', 'h2', 'h3', 'p', 'li', 'th', 'td']);

function findAll(node: HtmlNode, match: (n: HtmlNode) => boolean, inside = true): HtmlNode[] {
  const found: HtmlNode[] = [];
  for (const child of node.childNodes ?? []) {
    if (match(child)) {
      found.push(child);
      if (!inside) continue;
    }
    found.push(...findAll(child, match, inside));
  }
  return found;
}

function textOf(node: HtmlNode | undefined): string {
  if (!node) return '';
  if (node.nodeName === '#text') return node.value ?? '';
  return (node.childNodes ?? []).map(textOf).join('');
}

function hasClass(node: HtmlNode, name: string): boolean {
  return (node.attrs ?? []).some((a) => a.name === 'class' && a.value.split(/\s+/).includes(name));
}

function firstChild(node: HtmlNode, tag: string): HtmlNode | undefined {
  return (node.childNodes ?? []).find((n) => n.nodeName === tag);
}

describe('a report made while interviews wait for their roles', () => {
  it('says in its method which interviews it leaves out and why, in Word and in HTML', async () => {
    const leftOut = [
      { name: 'Catch-up 1', reason: 'its speakers’ roles wait to be checked' },
      { name: 'Call', reason: 'it was still being read' },
    ];
    const sentence = '2 interviews are left out: Catch-up 1, because its speakers’ roles wait to be checked; Call, because it was still being read.';
    const withLeftOut = { ...model, leftOut };
    const word = await readDocx(await renderReportDocx(withLeftOut));
    expect(word.text).toContain(sentence);
    expect(textOf(parse5.parse(renderReportHtml(withLeftOut)))).toContain(sentence);
    expect((await readDocx(await renderReportDocx(model))).text).not.toContain('left out:');
  });
});

