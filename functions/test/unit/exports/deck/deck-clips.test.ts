import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deckClipKey, type DeckClip } from '../../../../src/exports/deck/deck-clips';
import { deckQuotes, planDeck } from '../../../../src/exports/deck/deck-layout';
import { renderDeckPptx, renderShortDeckPptx } from '../../../../src/exports/deck/deck-pptx';
import { CONTENT_BOTTOM } from '../../../../src/exports/deck/deck-style';
import { bestQuote, planShortDeck, topFindings } from '../../../../src/exports/deck/short-deck-layout';
import type { ExportModel } from '../../../../src/exports/export-model';
import { sampleExportModel } from '../../../support/export-fixtures';

// The key findings deck with its quotes' clips: a quote with a clip carries it on its slide as an embedded media part
// (a real .m4a and .mp4 made by ffmpeg), read back from the .pptx as PowerPoint and Impress read it.

let dir: string;
let sound: Uint8Array;
let video: Uint8Array;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'deck-clips-'));
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
  execFileSync('ffmpeg', [...quiet, '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'aac', join(dir, 'clip.m4a')]);
  execFileSync('ffmpeg', [...quiet, '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=15:duration=2', '-f', 'lavfi', '-i', 'sine=duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', join(dir, 'clip.mp4')]);
  [sound, video] = [readFileSync(join(dir, 'clip.m4a')), readFileSync(join(dir, 'clip.mp4'))];
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function clipsOf(model: ExportModel, make: (i: number) => DeckClip): Map<string, DeckClip> {
  return new Map(topFindings(model).map((finding, i) => [deckClipKey(bestQuote(finding).quote), make(i)]));
}

/** The deck's zip, holding `count` media parts, each the sound clip as .m4a or the video clip as .mp4, byte for byte. */
async function embedded(bytes: Uint8Array, count: number): Promise<JSZip> {
  const zip = await JSZip.loadAsync(bytes);
  const media = Object.keys(zip.files).filter((name) => /^ppt\/media\/media.*\.(m4a|mp4)$/.test(name));
  expect(media).toHaveLength(count);
  for (const name of media) {
    const part = Buffer.from(await zip.file(name)!.async('uint8array'));
    expect(part.equals(Buffer.from(name.endsWith('.m4a') ? sound : video)), name).toBe(true);
  }
  return zip;
}

describe('the key findings deck with its quotes’ clips', () => {
  it('puts a finding’s clip on its slide below its quote, inside the content, and none without one', async () => {
    const model = await sampleExportModel();
    const plain = planShortDeck(model);
    expect(plain.flatMap((s) => s.items).filter((item) => item.kind === 'media')).toEqual([]);
    const slides = planShortDeck(model, clipsOf(model, (i) => ({ bytes: i % 2 ? video : sound, hasVideo: i % 2 === 1, title: `Clip ${i + 1}` })));
    const findings = slides.filter((s) => s.kind === 'finding');
    expect(findings.length).toBeGreaterThan(0);
    for (const slide of findings) {
      const media = slide.items.filter((item) => item.kind === 'media');
      expect(media).toHaveLength(1);
      const quote = slide.items.find((item) => item.name === 'Quote 1')!;
      expect(media[0].y).toBeGreaterThanOrEqual(quote.y + ('h' in quote ? quote.h : 0));
      expect(media[0].y + media[0].h).toBeLessThanOrEqual(CONTENT_BOTTOM);
    }
  });

  it('embeds each clip as a media part of the .pptx, sound as .m4a and video as .mp4, each on its slide', async () => {
    const model = await sampleExportModel();
    const clips = clipsOf(model, (i) => ({ bytes: i % 2 ? video : sound, hasVideo: i % 2 === 1, title: `Clip ${i + 1}` }));
    const started = Date.now();
    const bytes = await renderShortDeckPptx(model, clips);
    const took = Date.now() - started;
    const zip = await embedded(bytes, clips.size);
    const types = await zip.file('[Content_Types].xml')!.async('string');
    expect(types).toContain('Extension="m4a"');
    expect(types).toContain('Extension="mp4" ContentType="video/mp4"');
    const slidesXml = await Promise.all(Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).map((n) => zip.file(n)!.async('string')));
    expect(slidesXml.filter((xml) => /<a:audioFile /.test(xml)).length + slidesXml.filter((xml) => /<a:videoFile /.test(xml)).length).toBe(clips.size);
    console.info(`key findings deck with ${clips.size} clips: ${bytes.length} bytes in ${took} ms (without: ${(await renderShortDeckPptx(model)).length} bytes)`);
  });
});

describe('the full deck with its quotes’ clips', () => {
  it('embeds the clip of each quote it shows that has one, on that quote’s slide, and none without clips', async () => {
    const model = await sampleExportModel();
    expect(planDeck(model).flatMap((s) => s.items).filter((item) => item.kind === 'media')).toEqual([]);
    // Every other quote has a clip, sound and video in turn.
    const clips = new Map<string, DeckClip>(deckQuotes(model).flatMap((q, i) => (i % 2 ? [] : [[deckClipKey(q), { bytes: i % 4 ? video : sound, hasVideo: i % 4 !== 0, title: `Clip ${i + 1}` }] as const])));
    const slides = planDeck(model, clips);
    const placed = slides.flatMap((s) => s.items).filter((item) => item.kind === 'media');
    expect(placed).toHaveLength(deckQuotes(model).filter((q) => clips.has(deckClipKey(q))).length);
    const started = Date.now();
    const bytes = await renderDeckPptx(model, clips);
    const took = Date.now() - started;
    const zip = await embedded(bytes, placed.length);
    // Each insight slide holds the media objects its plan placed there.
    const names = Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
    const xml = await Promise.all(names.map((n) => zip.file(n)!.async('string')));
    expect(xml.map((x) => (x.match(/<a:(audio|video)File /g) ?? []).length)).toEqual(slides.map((s) => s.items.filter((item) => item.kind === 'media').length));
    console.info(`full deck with ${placed.length} clips: ${bytes.length} bytes in ${took} ms (without: ${(await renderDeckPptx(model)).length} bytes)`);
  });
});
