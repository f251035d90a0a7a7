import { EXPORT_FORMATS, type ExportFormat } from '@verbatim/contract/exports';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { parse as parseHtml } from 'parse5';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExportModel } from '../../../src/exports/export-model';
import { renderExport } from '../../../src/exports/render-export';
import { paraphrasedExportModel, verbatimSources } from '../../support/export-fixtures';
import { quotedSpans, unverbatimQuotedSpans } from '../../support/quotation-marks';

// Quotation marks mean verbatim: in every deliverable, what stands in quotation marks is a participant's words.
// Each file is read back as its reader shows it, and every span in marks checked against the project's quotes.

interface HtmlNode {
  nodeName: string;
  value?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: HtmlNode[];
}

/** The text a browser shows, and every attribute value (titles and labels are read too); styles left out. */
function htmlTexts(source: string): string[] {
  const texts: string[] = [];
  let shown = '';
  const walk = (node: HtmlNode) => {
    if (node.nodeName === '#text') shown += node.value ?? '';
    for (const attr of node.attrs ?? []) texts.push(attr.value);
    if (node.nodeName === 'style' || node.nodeName === 'script') return;
    for (const child of node.childNodes ?? []) walk(child);
    if (!node.nodeName.startsWith('#')) shown += '\n';
  };
  walk(parseHtml(source) as unknown as HtmlNode);
  return [shown, ...texts];
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) =>
    name.startsWith('#x') || name.startsWith('#X')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITY[name] ?? whole),
  );

/** An Office file's parts as text: a paragraph (Word or PowerPoint) a line, its runs joined as they are shown. */
async function officeTexts(bytes: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(bytes);
  const parts = Object.values(zip.files).filter((f) => !f.dir && f.name.endsWith('.xml'));
  return Promise.all(
    parts.map(async (part) =>
      decodeXml(
        (await part.async('string'))
          .replace(/<\/(w|a):p>|<(w|a):br\b[^>]*>/g, '\n')
          .replace(/<[^>]*>/g, ''),
      ),
    ),
  );
}

const qdeParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, parseAttributeValue: false, trimValues: false });

function strings(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) node.forEach((n) => strings(n, out));
  else if (node && typeof node === 'object') Object.values(node).forEach((n) => strings(n, out));
  return out;
}

/** A REFI-QDA project: every name, description and note in project.qde, and every text file beside it. */
async function qdpxTexts(bytes: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(bytes);
  const texts: string[] = [];
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    const text = await file.async('string');
    if (file.name === 'project.qde') texts.push(...strings(qdeParser.parse(text)));
    else texts.push(text);
  }
  return texts;
}

const csvCells = (bytes: Buffer) => (parseCsv(bytes.toString('utf8'), { bom: true }) as string[][]).flat();

/** What a person reads in each deliverable, as texts to search for quotation marks. */
const READERS: Record<ExportFormat, (bytes: Buffer) => Promise<string[]> | string[]> = {
  'report.docx': async (bytes) => [(await mammoth.extractRawText({ buffer: bytes })).value, ...(await officeTexts(bytes))],
  'report.html': (bytes) => htmlTexts(bytes.toString('utf8')),
  'deck.pptx': officeTexts,
  'short-deck.pptx': officeTexts,
  'whiteboard.csv': csvCells,
  'whiteboard.txt': (bytes) => [bytes.toString('utf8')],
  'insights.csv': csvCells,
  'project.qdpx': qdpxTexts,
};

/** The deliverables that show quotes in quotation marks (the spreadsheet and REFI-QDA keep them in fields). */
const QUOTES_IN_MARKS = new Set<ExportFormat>(['report.docx', 'report.html', 'deck.pptx', 'short-deck.pptx', 'whiteboard.csv', 'whiteboard.txt']);

let model: ExportModel;
beforeAll(() => {
  model = paraphrasedExportModel();
});

describe('quotation marks in the deliverables', () => {
  it('finds the spans a text shows in quotation marks, and those that are not a participant’s words', () => {
    expect(quotedSpans('“a” and ‘b’ and «c» and "d", but not don’t')).toEqual(['a', 'c', 'b', 'd']);
    expect(quotedSpans('‘I don’t know’, she said')).toEqual(['I don’t know']);
    const sources = ['We never open the dashboard on Fridays. Everyone is busy.'];
    expect(unverbatimQuotedSpans('“We never open the dashboard on Fridays”: “Weekly reporting slips”', sources)).toEqual(['Weekly reporting slips']);
    // A quote shortened to a verbatim prefix and marked with an ellipsis is still the participant's words.
    expect(unverbatimQuotedSpans('“We never open the dashboard …”', sources)).toEqual([]);
  });

  it.each(EXPORT_FORMATS.map((format) => [format]))(
    '%s shows quotes in quotation marks, and never a title, tag, description, theme or summary',
    async (format) => {
      const texts = await READERS[format](await renderExport(model, format));
      // Quotes are shown in marks where the deliverable shows them so (the check below passes a file without any).
      const [quote] = model.themes[0].insights[0].quotes;
      if (QUOTES_IN_MARKS.has(format)) expect(texts.some((text) => text.includes(`“${quote.text}”`))).toBe(true);
      expect(texts.flatMap((text) => unverbatimQuotedSpans(text, verbatimSources(model)))).toEqual([]);
    },
    30_000,
  );
});
