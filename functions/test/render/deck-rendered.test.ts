import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libreOfficeInstalled, renderToPdf } from '../../../scripts/render-office.mjs';
import { renderDeckPptx, renderShortDeckPptx } from '../../src/exports/deck/deck-pptx';
import type { ExportModel } from '../../src/exports/export-model';
import { demoExportModel, LONG_SUMMARY } from '../support/demo-export-fixture';

// The demo project's decks, full and short, as LibreOffice shows them where the fonts they name are missing (the
// widest case): every slide read back from the PDF as lines of text with their baseline and size.

interface Line {
  text: string;
  /** Baseline, in points from the slide's foot. */
  y: number;
  size: number;
}

let dir: string;
let model: ExportModel;
let full: Line[][];
let short: Line[][];

async function slidesOf(name: string, bytes: Uint8Array): Promise<Line[][]> {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(renderToPdf(file, dir, { withoutExportFonts: true }))));
  const slides: Line[][] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    const lines = new Map<number, Line>();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const y = Math.round(item.transform[5] * 2) / 2;
      const size = Math.hypot(item.transform[2], item.transform[3]);
      const line = lines.get(y);
      lines.set(y, line ? { text: `${line.text} ${item.str}`.replace(/\s+/g, ' '), y, size: Math.max(line.size, size) } : { text: item.str, y, size });
    }
    slides.push([...lines.values()].sort((a, b) => b.y - a.y));
  }
  return slides;
}

beforeAll(async () => {
  if (!libreOfficeInstalled()) {
    throw new Error('These tests render the decks with LibreOffice: run `source scripts/setup.sh && ensure_libreoffice` first.');
  }
  model = await demoExportModel(LONG_SUMMARY);
  dir = mkdtempSync(join(tmpdir(), 'deck-rendered-'));
  full = await slidesOf('slides.pptx', await renderDeckPptx(model));
  short = await slidesOf('short.pptx', await renderShortDeckPptx(model));
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const squeeze = (text: string) => text.replace(/\s+/g, '');
const sentencesOf = (text: string) => text.split(/(?<=\.)\s+/);

/** The first line of a quote: its opening mark at the quotes' size (a title in quotation marks is set larger). */
const opensQuote = (line: Line) => line.text.startsWith('“') && line.size < 20;

/** The slides whose kicker (first line) is `kicker`. */
const slidesHeaded = (slides: Line[][], kicker: string) => slides.filter((slide) => slide[0]?.text === kicker);

describe('the demo project’s decks, as LibreOffice shows them', () => {
  it('shows a long summary whole, every sentence on one slide, none cut off, its lines clear of each other', () => {
    for (const slides of [full, short]) {
      const summary = slidesHeaded(slides, 'Summary');
      expect(summary.length).toBeGreaterThan(0);
      const texts = summary.map((slide) => squeeze(slide.map((line) => line.text).join(' ')));
      for (const sentence of sentencesOf(LONG_SUMMARY)) {
        expect(texts.some((text) => text.includes(squeeze(sentence))), sentence).toBe(true);
      }
      expect(texts.join('')).not.toContain('…');
      for (const slide of summary) {
        const lines = slide.filter((line) => squeeze(LONG_SUMMARY).includes(squeeze(line.text)));
        lines.slice(1).forEach((line, i) => expect(lines[i].y - line.y, `“${line.text}”`).toBeGreaterThanOrEqual(0.9 * Math.min(lines[i].size, line.size)));
      }
    }
  });

  it('never leaves a single quote alone on a “(continued)” slide', () => {
    const continued = full.filter((slide) => slide.some((line) => line.text.endsWith('(continued)')) && slidesHeaded([slide], 'Evidence map').length === 0);
    const lone = continued.flatMap((slide) => {
      const quotes = slide.filter(opensQuote).length;
      return quotes === 1 ? [slide.map((line) => line.text).join(' / ').slice(0, 120)] : [];
    });
    expect(continued.length).toBeGreaterThan(0);
    expect(lone).toEqual([]);
  });

  it('offers a short deck of about fifteen slides: title, summary, the findings with the most evidence each with a whole quote, method', () => {
    expect(full.length).toBeGreaterThan(60);
    expect(short.length).toBeGreaterThanOrEqual(12);
    expect(short.length).toBeLessThanOrEqual(16);
    expect(short[0].map((line) => line.text)).toContain('Key findings');
    const findings = short.filter((slide) => /^Finding \d+ of \d+/.test(slide[0]?.text ?? ''));
    expect(findings.length).toBeGreaterThanOrEqual(10);
    for (const slide of findings) {
      const quote = slide.filter(opensQuote);
      expect(quote, slide[1]?.text).toHaveLength(1);
      expect(slide.map((line) => line.text).join(' ')).not.toContain('…”');
      expect(slide.some((line) => /^— /.test(line.text))).toBe(true);
    }
    expect(slidesHeaded(short, 'Method')).toHaveLength(1);
    expect(short.at(-1)![0].text).toBe('Method');
  });
});
