import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libreOfficeInstalled, renderToPdf } from '../../../scripts/render-office.mjs';
import { deckClipKey, type DeckClip } from '../../src/exports/deck/deck-clips';
import { deckQuotes, planDeck, type DeckSlide } from '../../src/exports/deck/deck-layout';
import { renderDeckPptx, renderShortDeckPptx } from '../../src/exports/deck/deck-pptx';
import { bestQuote, planShortDeck, topFindings } from '../../src/exports/deck/short-deck-layout';
import type { ExportQuote } from '../../src/exports/export-model';
import { demoExportModel } from '../support/demo-export-fixture';

// The decks with a clip on their quotes' slides, opened by LibreOffice Impress: every slide is there with its text, and
// Impress takes each clip in as a media object of its own (converted to its own format, the clips kept).

let dir: string;
let sound: Buffer;
let video: Buffer;

beforeAll(() => {
  if (!libreOfficeInstalled()) throw new Error('These tests open the deck with LibreOffice: run `source scripts/setup.sh && ensure_libreoffice` first.');
  dir = mkdtempSync(join(tmpdir(), 'deck-clips-rendered-'));
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
  execFileSync('ffmpeg', [...quiet, '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'aac', join(dir, 'clip.m4a')]);
  execFileSync('ffmpeg', [...quiet, '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=15:duration=2', '-f', 'lavfi', '-i', 'sine=duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', join(dir, 'clip.mp4')]);
  [sound, video] = [readFileSync(join(dir, 'clip.m4a')), readFileSync(join(dir, 'clip.mp4'))];
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A clip for each quote, sound and video in turn. */
const clipsOf = (quotes: readonly ExportQuote[]) =>
  new Map<string, DeckClip>(quotes.map((quote, i) => [deckClipKey(quote), { bytes: i % 2 ? video : sound, hasVideo: i % 2 === 1, title: `Clip ${i + 1}` }]));

/** Opens the deck with Impress: as a PDF with one page a slide, the given slide holding `text`; as its own .odp, holding
 * one media object for each the plan placed. */
async function openedByImpress(name: string, bytes: Uint8Array, slides: readonly DeckSlide[], page: number, text: string) {
  const file = join(dir, `${name}.pptx`);
  writeFileSync(file, bytes);
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(renderToPdf(file, dir))));
  expect(pdf.numPages).toBe(slides.length);
  const shown = (await (await pdf.getPage(page + 1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  expect(shown.replace(/\s+/g, '')).toContain(text.replace(/\s+/g, '').slice(0, 20));

  // Impress's own file of it: each clip a media object it took in.
  execFileSync('soffice', ['--headless', '--norestore', '--convert-to', 'odp', '--outdir', dir, file], { stdio: 'ignore', env: { ...process.env, HOME: join(dir, '.home') }, timeout: 180_000 });
  const odp = await JSZip.loadAsync(readFileSync(join(dir, `${name}.odp`)));
  const content = await odp.file('content.xml')!.async('string');
  const placed = slides.flatMap((s) => s.items).filter((item) => item.kind === 'media').length;
  expect(placed).toBeGreaterThan(0);
  expect((content.match(/<draw:plugin /g) ?? []).length).toBe(placed);
}

describe('the decks with their quotes’ clips, opened by LibreOffice Impress', () => {
  it('the key findings deck opens with every slide and its text, and keeps every clip as a media object', async () => {
    const model = await demoExportModel();
    const clips = clipsOf(topFindings(model).map((finding) => bestQuote(finding).quote));
    const slides = planShortDeck(model, clips);
    await openedByImpress('short', await renderShortDeckPptx(model, clips), slides, slides.findIndex((s) => s.kind === 'finding'), topFindings(model)[0].title);
    // Impress takes seconds a clip, more beside the other suites.
  }, 180_000);

  it('the full deck opens with every slide and its text, and keeps every clip beside its quote as a media object', async () => {
    const model = await demoExportModel();
    // The first ten quotes: a few slides of clips, some two or three to a slide (Impress takes seconds a clip).
    const clips = clipsOf(deckQuotes(model).slice(0, 10));
    const slides = planDeck(model, clips);
    const first = slides.findIndex((s) => s.kind === 'insight');
    expect(Math.max(...slides.map((s) => s.items.filter((item) => item.kind === 'media').length))).toBeGreaterThan(1);
    await openedByImpress('full', await renderDeckPptx(model, clips), slides, first, model.themes[0].insights[0].title);
  }, 180_000);
});
