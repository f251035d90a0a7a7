import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ClipCutFailed, cutClip, type CutClip } from '../../../src/recordings/cut-clip';
import { fileRange, makeRecording, notMediaRecording } from '../../support/recordings.mjs';

/** A public page's clip cut with ffmpeg from a stored recording: only the stretch, in a form every browser plays. */

const sourceOf = (path: string) => ({ size: statSync(path).size, readRange: fileRange(path) });

/** What ffprobe reads of a clip's streams and length. */
async function probe(clip: CutClip) {
  const chunks: Buffer[] = [];
  for await (const chunk of clip.open()) chunks.push(chunk as Buffer);
  const file = join(tmpdir(), `clip-probe-${process.pid}.mp4`);
  writeFileSync(file, Buffer.concat(chunks));
  const out = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,height', '-of', 'json', file]).toString()) as {
    format: { duration: string };
    streams: { codec_type: string; codec_name: string; height?: number }[];
  };
  return { duration: Number(out.format.duration), streams: out.streams };
}

describe('a quote’s clip', () => {
  let video: ReturnType<typeof makeRecording>;
  beforeAll(() => {
    video = makeRecording({ format: 'mp4', video: true });
  }, 600_000);

  it('from a video: the stretch alone, its picture at a modest size, its sound in AAC', async () => {
    const clip = await cutClip(sourceOf(video.path), { from: 2, to: 6, container: 'isom/iso2/avc1/mp41', hasVideo: true });
    try {
      expect(clip.contentType).toBe('video/mp4');
      const { duration, streams } = await probe(clip);
      expect(Math.abs(duration - 4)).toBeLessThan(0.3);
      expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264' });
      expect(streams.find((s) => s.codec_type === 'video')!.height).toBeLessThanOrEqual(360);
      expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
      expect(clip.size).toBeLessThan(statSync(video.path).size);
    } finally {
      await clip.dispose();
    }
  });

  it('from a file that holds no sound at that moment: refused with the reason, nothing kept', async () => {
    const bad = notMediaRecording();
    await expect(cutClip(sourceOf(bad.path), { from: 1, to: 3, container: 'M4A/isom/iso2', hasVideo: false })).rejects.toBeInstanceOf(ClipCutFailed);
    await expect(cutClip(sourceOf(bad.path), { from: 1, to: 3, container: 'Unknown', hasVideo: false })).rejects.toThrow('no demuxer for Unknown');
  });
});
