import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FONTS_AND_TWINS, libreOfficeInstalled, pdfFontNames, renderToPdf } from '../../../scripts/render-office.mjs';
import type { ExportModel } from '../../src/exports/export-model';
import { renderReportDocx } from '../../src/exports/report/report-docx';
import { reportOutline } from '../../src/exports/report/report-outline';
import { sampleExportModel } from '../support/export-fixtures';

// The Word report as LibreOffice sets it on a machine that has none of the fonts it names nor their metric twins
// (LibreOffice on Linux, a locked-down laptop): the worst case a reader meets. Its text is read back from the PDF.

let dir: string;
let model: ExportModel;
let fonts: string[];
let pages: string[];

beforeAll(async () => {
  if (!libreOfficeInstalled()) {
    throw new Error('These tests render the report with LibreOffice: run `source scripts/setup.sh && ensure_libreoffice` first.');
  }
  model = await sampleExportModel();
  dir = mkdtempSync(join(tmpdir(), 'report-rendered-'));
  const docx = join(dir, 'report.docx');
  writeFileSync(docx, await renderReportDocx(model));
  const pdf = renderToPdf(docx, dir, { withoutExportFonts: true });
  fonts = pdfFontNames(pdf);
  pages = (await extractText(await getDocumentProxy(new Uint8Array(readFileSync(pdf))), { mergePages: false })).text;
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const squeezed = (name: string) => name.replace(/[\s-]/g, '').toLowerCase();

describe('the Word report, opened where its font is missing', () => {
  it('is set in the machine’s fallback font: none of the fonts it names nor their twins', () => {
    expect(fonts.length).toBeGreaterThan(0);
    const twins = EXPORT_FONTS_AND_TWINS.map(squeezed);
    expect(fonts.filter((font) => twins.some((twin) => squeezed(font).startsWith(twin)))).toEqual([]);
  });

  it('keeps every header word of the appendix table, and every date and count in it, whole on one line', () => {
    const { appendix } = reportOutline(model);
    const first = pages.findIndex((page) => page.includes(appendix.heading));
    expect(first).toBeGreaterThan(0);
    const text = pages.slice(first).join('\n');
    const lineWords = new Set(text.slice(text.indexOf(appendix.heading)).split(/\s+/));
    const whole = [...appendix.columns, ...appendix.rows.flatMap(([, uploaded, words, , insights]) => [uploaded, words, insights])];
    const broken = whole.flatMap((cell) => cell.split(/\s+/)).filter((word) => !lineWords.has(word));
    expect(broken).toEqual([]);
  });
});
