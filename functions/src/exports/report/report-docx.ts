import {
  AlignmentType,
  Document,
  Footer,
  Header,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
} from 'docx';
import type { ExportModel } from '../export-model';
import { PAGE, REPORT_FONT_TABLE, REPORT_STYLES, REPORT_THEME, STYLE, TEXT_WIDTH } from './report-docx-styles';
import { reportOutline, type ReportInsight, type ReportOutline, type ReportTheme } from './report-outline';
import { tableColumnWidths, type TableColumn } from './report-table-columns';

/** The appendix's columns: interview name, upload date, words, speakers, insights. */
const APPENDIX_COLUMNS: readonly TableColumn[] = [
  { kind: 'wrapped', share: 0.55 },
  { kind: 'short' },
  { kind: 'short' },
  { kind: 'wrapped', share: 0.45 },
  { kind: 'short' },
];
/** The counts (words, insights) line up on the right. */
const NUMBER_COLUMNS = new Set([2, 4]);
/** The appendix table's text, in points, and a cell's inner margin each side, in twips. */
const TABLE_TEXT_PT = 10;
const CELL_PADDING = 100;

/**
 * The one-click report as a Word document: title page, executive summary, method, a chapter per theme (Heading 1)
 * with its insights (Heading 2) and their verbatim quotes, and the interviews in an appendix. Pure: the model in,
 * the .docx bytes out. The docx library escapes every text; quotes are passed through untouched.
 */
export async function renderReportDocx(model: ExportModel): Promise<Uint8Array> {
  const outline = reportOutline(model);
  const document = new Document({
    title: outline.documentTitle,
    subject: outline.summary.sentence,
    creator: 'Verbatim',
    lastModifiedBy: 'Verbatim',
    styles: REPORT_STYLES,
    theme: REPORT_THEME,
    sections: [
      {
        properties: {
          // The title page goes without the running header and footer.
          titlePage: true,
          page: {
            size: { width: PAGE.width, height: PAGE.height },
            margin: { top: PAGE.margin, right: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, header: 567, footer: 567 },
          },
        },
        headers: { default: new Header({ children: [new Paragraph({ style: STYLE.running, alignment: AlignmentType.RIGHT, text: outline.title })] }) },
        footers: { default: new Footer({ children: [pageNumberParagraph()] }) },
        children: [
          ...titlePage(outline),
          ...summarySection(outline),
          ...methodSection(outline),
          // The findings start on a page of their own; each further theme follows on, so pages fill with quotes.
          ...outline.themes.flatMap((theme, i) => themeSection(theme, i === 0)),
          ...noFindingsSection(outline),
          ...appendixSection(outline),
        ],
      },
    ],
  });
  return Packer.toBuffer(document, false, [REPORT_FONT_TABLE]);
}

function titlePage(outline: ReportOutline): Paragraph[] {
  return [
    new Paragraph({ heading: HeadingLevel.TITLE, text: outline.title }),
    new Paragraph({ style: STYLE.subtitle, text: outline.kind }),
    new Paragraph({ style: STYLE.meta, text: outline.generated }),
    new Paragraph({ style: STYLE.meta, text: outline.counts }),
  ];
}

function summarySection({ summary }: ReportOutline): Paragraph[] {
  const paragraphs = [heading1(summary.heading, true), new Paragraph({ children: lines(summary.sentence) })];
  if (summary.keyFindings.length === 0) return paragraphs;
  return [
    ...paragraphs,
    new Paragraph({ heading: HeadingLevel.HEADING_2, text: summary.keyFindingsHeading }),
    ...summary.keyFindings.map(
      (finding) =>
        new Paragraph({
          bullet: { level: 0 },
          children: [new TextRun({ text: finding.theme, bold: true }), new TextRun(` — ${finding.insight} (${finding.support})`)],
        }),
    ),
  ];
}

function methodSection({ method }: ReportOutline): Paragraph[] {
  return [heading1(method.heading, false), ...method.paragraphs.map((text) => new Paragraph({ text }))];
}

/**
 * A theme's heading, its counts, then its insights. What introduces a quote (a heading, the counts, a description) is
 * kept on the page of that quote, and a quote with its citation; nothing else is held together, so a page breaks
 * between quotes rather than leaving a heading alone at its foot.
 */
function themeSection(theme: ReportTheme, newPage: boolean): Paragraph[] {
  return [heading1(theme.name, newPage), new Paragraph({ style: STYLE.meta, text: theme.stats, keepNext: true }), ...theme.insights.flatMap(insightBlock)];
}

function insightBlock(insight: ReportInsight): Paragraph[] {
  const paragraphs = [new Paragraph({ heading: HeadingLevel.HEADING_2, text: insight.title })];
  if (insight.description) paragraphs.push(new Paragraph({ children: lines(insight.description), keepNext: insight.quotes.length > 0 }));
  for (const quote of insight.quotes) {
    paragraphs.push(
      new Paragraph({ style: STYLE.quote, children: lines(`“${quote.text}”`) }),
      new Paragraph({ style: STYLE.citation, text: quote.citation }),
    );
  }
  if (insight.noQuotes) paragraphs.push(new Paragraph({ style: STYLE.meta, text: insight.noQuotes }));
  return paragraphs;
}

function noFindingsSection({ noFindings }: ReportOutline): Paragraph[] {
  return noFindings ? [heading1(noFindings.heading, true), new Paragraph({ text: noFindings.text })] : [];
}

function appendixSection({ appendix }: ReportOutline): FileChild[] {
  const heading = heading1(appendix.heading, true);
  if (appendix.empty) return [heading, new Paragraph({ text: appendix.empty })];
  // A fixed layout: Word and LibreOffice keep these widths rather than fit the columns to their content.
  const widths = tableColumnWidths(appendix.columns, appendix.rows, APPENDIX_COLUMNS, { width: TEXT_WIDTH, sizePt: TABLE_TEXT_PT, padding: CELL_PADDING });
  const row = (texts: readonly string[], header: boolean) =>
    new TableRow({
      tableHeader: header,
      cantSplit: true,
      children: texts.map(
        (text, i) =>
          new TableCell({
            width: { size: widths[i], type: WidthType.DXA },
            margins: { top: 60, bottom: 60, left: CELL_PADDING, right: CELL_PADDING },
            ...(header ? { shading: { fill: 'E5E7EB' } } : {}),
            children: [
              new Paragraph({
                spacing: { after: 0 },
                alignment: NUMBER_COLUMNS.has(i) ? AlignmentType.RIGHT : AlignmentType.LEFT,
                children: [new TextRun({ text, bold: header, size: TABLE_TEXT_PT * 2 })],
              }),
            ],
          }),
      ),
    });
  return [
    heading,
    new Table({
      width: { size: TEXT_WIDTH, type: WidthType.DXA },
      columnWidths: widths,
      layout: TableLayoutType.FIXED,
      rows: [row(appendix.columns, true), ...appendix.rows.map((cells) => row(cells, false))],
    }),
  ];
}

function heading1(text: string, newPage: boolean): Paragraph {
  return new Paragraph({ heading: HeadingLevel.HEADING_1, text, pageBreakBefore: newPage });
}

/** "Page 3 of 12". */
function pageNumberParagraph(): Paragraph {
  return new Paragraph({
    style: STYLE.running,
    alignment: AlignmentType.CENTER,
    children: [new TextRun({ children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES] })],
  });
}

/** A text's lines as runs separated by line breaks, so a line break in a transcript shows as one. */
function lines(text: string): TextRun[] {
  return text.split('\n').map((line, i) => new TextRun(i === 0 ? { text: line } : { text: line, break: 1 }));
}
