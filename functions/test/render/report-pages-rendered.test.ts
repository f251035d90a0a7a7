import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libreOfficeInstalled, renderToPdf } from '../../../scripts/render-office.mjs';
import type { ExportModel } from '../../src/exports/export-model';
import { renderReportDocx } from '../../src/exports/report/report-docx';
import { demoExportModel } from '../support/demo-export-fixture';

// The demo project's Word report as LibreOffice sets it where the fonts it names are missing (the widest case): its
// pages read back from the PDF with the position and size of every line of text.

interface Line {
  text: string;
  /** Baseline, in points from the page's foot. */
  y: number;
  /** Font size, in points. */
  size: number;
}

/** A4 and its 2 cm margins, in points. */
const PAGE_H = 841.9;
const MARGIN = 56.7;

let dir: string;
let model: ExportModel;
let pages: Line[][];

beforeAll(async () => {
  if (!libreOfficeInstalled()) {
    throw new Error('These tests render the report with LibreOffice: run `source scripts/setup.sh && ensure_libreoffice` first.');
  }
  model = await demoExportModel();
  dir = mkdtempSync(join(tmpdir(), 'report-pages-'));
  const docx = join(dir, 'report.docx');
  writeFileSync(docx, await renderReportDocx(model));
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(renderToPdf(docx, dir, { withoutExportFonts: true }))));
  pages = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    const items = content.items.flatMap((item) => ('str' in item && item.str.trim() ? [{ text: item.str, y: item.transform[5], size: Math.hypot(item.transform[2], item.transform[3]) }] : []));
    // Runs on one baseline make one line.
    const lines = new Map<number, Line>();
    for (const item of items) {
      const key = Math.round(item.y * 2) / 2;
      const line = lines.get(key);
      if (line) lines.set(key, { ...line, text: `${line.text}${item.text}`, size: Math.max(line.size, item.size) });
      else lines.set(key, { ...item, y: key });
    }
    pages.push([...lines.values()].sort((a, b) => b.y - a.y));
  }
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The lines between the margins: the running header and the page number left out. */
const body = (page: Line[]) => page.filter((line) => line.y > MARGIN && line.y < PAGE_H - MARGIN);

describe('the demo project’s Word report, as LibreOffice sets it', () => {
  it('wraps a title too long for one line onto lines a whole title-size apart', () => {
    const title = pages[0].filter((line) => line.size > 20);
    expect(title.map((line) => line.text).join(' ')).toBe(model.projectName);
    expect(title.length).toBe(2);
    const [first, second] = title;
    // Each line's letters stand clear of the next: baselines at least the font's size apart.
    expect(first.y - second.y).toBeGreaterThanOrEqual(first.size);
  });

  it('flows the quotes several to a page: every page of findings but the last is filled at least two thirds down', () => {
    const first = pages.findIndex((page) => page.some((line) => line.text === model.themes[0].name));
    const appendix = pages.findIndex((page) => page.some((line) => line.text === 'Appendix: interviews'));
    expect(first).toBeGreaterThan(0);
    expect(appendix).toBeGreaterThan(first);
    const findings = pages.slice(first, appendix);
    const textHeight = PAGE_H - 2 * MARGIN;
    const filled = findings.map((page) => {
      const lines = body(page);
      return { quotes: lines.filter((line) => line.text.startsWith('“')).length, filled: (PAGE_H - MARGIN - Math.min(...lines.map((l) => l.y))) / textHeight };
    });
    const short = filled.slice(0, -1).flatMap((page, i) => (page.filled < 2 / 3 || page.quotes < 2 ? [{ page: first + i + 1, ...page }] : []));
    expect(short).toEqual([]);
  });
});
