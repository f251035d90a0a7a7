import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libreOfficeInstalled, renderToPdf } from '../../../scripts/render-office.mjs';
import { deckClipKey, type DeckClip } from '../../src/exports/deck/deck-clips';
import { renderShortDeckPptx } from '../../src/exports/deck/deck-pptx';
import { bestQuote, planShortDeck, topFindings } from '../../src/exports/deck/short-deck-layout';
import { demoExportModel } from '../support/demo-export-fixture';

// The key findings deck with a clip on each finding's slide, opened by LibreOffice Impress: every slide is there with
// its text, and Impress takes each clip in as a media object of its own (converted to its own format, the clips kept).

let dir: string;

beforeAll(() => {
  if (!libreOfficeInstalled()) throw new Error('These tests open the deck with LibreOffice: run `source scripts/setup.sh && ensure_libreoffice` first.');
  dir = mkdtempSync(join(tmpdir(), 'deck-clips-rendered-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the key findings deck with its quotes’ clips, opened by LibreOffice Impress', () => {
  it('opens with every slide and its text, and keeps every clip as a media object', async () => {
    const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
    execFileSync('ffmpeg', [...quiet, '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'aac', join(dir, 'clip.m4a')]);
    execFileSync('ffmpeg', [...quiet, '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=15:duration=2', '-f', 'lavfi', '-i', 'sine=duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', join(dir, 'clip.mp4')]);
    const [sound, video] = [readFileSync(join(dir, 'clip.m4a')), readFileSync(join(dir, 'clip.mp4'))];
    const model = await demoExportModel();
    const clips = new Map<string, DeckClip>(topFindings(model).map((finding, i) => [deckClipKey(bestQuote(finding).quote), { bytes: i % 2 ? video : sound, hasVideo: i % 2 === 1, title: `Clip ${i + 1}` }]));
    const slides = planShortDeck(model, clips);
    const file = join(dir, 'short.pptx');
    writeFileSync(file, await renderShortDeckPptx(model, clips));

    const pdf = await getDocumentProxy(new Uint8Array(readFileSync(renderToPdf(file, dir))));
    expect(pdf.numPages).toBe(slides.length);
    const first = slides.findIndex((s) => s.kind === 'finding');
    const text = (await (await pdf.getPage(first + 1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(text.replace(/\s+/g, '')).toContain(topFindings(model)[0].title.replace(/\s+/g, '').slice(0, 20));

    // Impress's own file of it: each clip a media object it took in.
    execFileSync('soffice', ['--headless', '--norestore', '--convert-to', 'odp', '--outdir', dir, file], { stdio: 'ignore', env: { ...process.env, HOME: join(dir, '.home') }, timeout: 180_000 });
    const odp = await JSZip.loadAsync(readFileSync(join(dir, 'short.odp')));
    const content = await odp.file('content.xml')!.async('string');
    expect((content.match(/<draw:plugin /g) ?? []).length).toBe(clips.size);
  });
});
