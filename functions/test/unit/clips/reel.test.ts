import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { MAX_REEL_CLIPS } from '@verbatim/contract/reel';
import { captionsOf, CARD_SECONDS, reelPlan, reelRefusal, reelSeconds, srtOf, type ReelClip } from '../../../src/clips/reel-plan';
import { ReelPieceFailed, renderReel } from '../../../src/clips/render-reel';
import { CutFailed } from '../../../src/recordings/ffmpeg-cut';
import { fileRange, makeRecording } from '../../support/recordings.mjs';

/** A highlight reel: its plan (cards, captions verbatim, limits) and its rendering with ffmpeg from real recordings. */

const words = 'I spend about half of every Friday exporting data by hand, and honestly it is the part of the job I dread most.';

function clip(overrides: Partial<ReelClip> = {}): ReelClip {
  return { id: 'c1', speaker: 'P1', interviewName: 'Call with P1', words, from: 2, to: 8, hasVideo: false, ...overrides };
}

function probe(path: string) {
  const out = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,width,height', '-of', 'json', path]).toString()) as {
    format: { duration: string };
    streams: { codec_type: string; width?: number; height?: number }[];
  };
  return { duration: Number(out.format.duration), streams: out.streams };
}

describe('a reel’s plan', () => {
  it('is a card naming the speaker, interview and finding before each clip, in order', () => {
    const plan = reelPlan([clip({ finding: 'Exports eat Fridays' }), clip({ id: 'c2', speaker: 'P2', interviewName: 'Call with P2', from: 10, to: 14 })]);
    expect(plan.map((s) => s.kind)).toEqual(['card', 'clip', 'card', 'clip']);
    expect(plan[0]).toEqual({ kind: 'card', seconds: CARD_SECONDS, lines: ['P1', 'Call with P1', 'Exports eat Fridays'] });
    expect(plan[2]).toMatchObject({ lines: ['P2', 'Call with P2'] });
    // A long finding is wrapped onto the card's lines, whole words each.
    const long = 'Researchers lose a day a week to exporting data by hand from every tool they use';
    const card = reelPlan([clip({ finding: long })])[0] as { lines: string[] };
    expect(card.lines.slice(2).join(' ')).toBe(long);
    expect(card.lines.every((line) => line.length <= 40)).toBe(true);
    expect(reelSeconds(plan)).toBeCloseTo(2 * CARD_SECONDS + 6 + 4);
  });

  it('captions each clip with its own words, verbatim, over its whole length', () => {
    const captions = captionsOf(words, 6);
    expect(captions.map((c) => c.text.replace(/\n/g, ' ')).join(' ')).toBe(words);
    expect(captions.every((c) => c.text.split('\n').every((line) => line.length <= 42))).toBe(true);
    expect(captions[0].start).toBe(0);
    expect(captions.at(-1)!.end).toBe(6);
    for (let i = 1; i < captions.length; i++) expect(captions[i].start).toBe(captions[i - 1].end);
    expect(srtOf(captions)).toMatch(/^1\n00:00:00,000 --> 00:00:0\d,\d{3}\nI spend about half/);
  });

  it('is refused past its clips’ and minutes’ limits, with the sentence that says so', () => {
    expect(reelRefusal([])).toBe('Choose at least one clip for the reel.');
    expect(reelRefusal(Array.from({ length: MAX_REEL_CLIPS + 1 }, () => clip()))).toBe('A reel holds at most 20 clips; this one has 21. Split it into two reels.');
    expect(reelRefusal([clip({ from: 0, to: 601 })])).toBe('A reel holds at most 10 minutes of clips; these come to 10:01. Leave some clips out or shorten them.');
    expect(reelRefusal([clip()])).toBeNull();
  });
});

describe('a reel rendered', () => {
  it('joins cards and clips, from a recording with a picture and one without, into one MP4 as long as its plan', async () => {
    const sound = makeRecording({ format: 'm4a' });
    const video = makeRecording({ format: 'mp4', video: true });
    const [a, b] = [sound.turns[1], video.turns[2]];
    const plan = reelPlan([
      clip({ from: a.start, to: Math.min(a.end, a.start + 5), words: a.text, finding: 'Exports eat Fridays' }),
      clip({ id: 'c2', from: b.start, to: Math.min(b.end, b.start + 4), words: b.text, hasVideo: true }),
    ]);
    const sources = { c1: { path: sound.path, container: 'M4A/isom/iso2' }, c2: { path: video.path, container: 'isom/iso2/avc1/mp41' } } as Record<string, { path: string; container: string }>;
    const progress: number[] = [];
    const reel = await renderReel(plan, {
      sourceOf: async (c) => ({ bytes: { size: statSync(sources[c.id].path).size, readRange: fileRange(sources[c.id].path) }, container: sources[c.id].container }),
      onProgress: (done) => void progress.push(done),
    });
    try {
      const { duration, streams } = probe(reel.path);
      expect(Math.abs(duration - reelSeconds(plan))).toBeLessThan(0.5);
      expect(streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
      expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 640, height: 360 });
      expect(progress).toHaveLength(4);
      expect(progress.at(-1)).toBe(1);
      expect(progress).toEqual([...progress].sort((x, y) => x - y));
    } finally {
      await reel.dispose();
    }
    expect(existsSync(reel.path)).toBe(false);
  }, 180_000);

  it('stops at a clip whose recording cannot be read, leaving no piece or partial reel behind', async () => {
    // A temporary folder of this test's own: other suites render reels in the machine's at the same time.
    const temporary = mkdtempSync(join(tmpdir(), 'reel-test-'));
    vi.stubEnv('TMPDIR', temporary);
    try {
      const plan = reelPlan([clip(), clip({ id: 'c2' })]);
      const garbage = Buffer.alloc(64 * 1024, 7);
      const failed = await renderReel(plan, {
        sourceOf: async () => ({ bytes: { size: garbage.length, readRange: (s, e) => Readable.from([garbage.subarray(s, e)]) }, container: 'M4A/isom/iso2' }),
      }).then(() => null, (err: unknown) => err);
      expect(failed).toBeInstanceOf(CutFailed);
      expect(tmpdir()).toBe(temporary);
      expect(readdirSync(temporary)).toEqual([]);
    } finally {
      vi.unstubAllEnvs();
      rmSync(temporary, { recursive: true, force: true });
    }
  }, 120_000);

  it('passes on what is not ffmpeg’s failure as it was thrown, and names the clip ffmpeg could not cut', async () => {
    const gone = new Error('the recording is gone');
    const passed = await renderReel(reelPlan([clip()]), {
      sourceOf: async () => {
        throw gone;
      },
    }).then(() => null, (err: unknown) => err);
    expect(passed).toBe(gone);

    const garbage = Buffer.alloc(64 * 1024, 7);
    const failed = await renderReel(reelPlan([clip({ id: 'c7', from: 3 })]), {
      sourceOf: async () => ({ bytes: { size: garbage.length, readRange: (s, e) => Readable.from([garbage.subarray(s, e)]) }, container: 'M4A/isom/iso2' }),
    }).then(() => null, (err: unknown) => err);
    expect(failed).toBeInstanceOf(ReelPieceFailed);
    expect((failed as ReelPieceFailed).clip).toMatchObject({ id: 'c7', from: 3 });
    expect((failed as ReelPieceFailed).message.length).toBeGreaterThan(0);
  }, 120_000);
});
