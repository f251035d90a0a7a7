import { createReadStream, statSync } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LoudnessMeter, SILENT_BELOW_DBFS } from '../../../src/recordings/loudness';
import { serveOnLoopback } from '../../../src/recordings/loopback-bytes';
import { parseRange } from '../../../src/storage/byte-range';
import { ffmpegDemuxer, isSilentRecording } from '../../../src/recordings/sound-check';
import { makeRecording } from '../../support/recordings.mjs';

/** `seconds` of a 440 Hz tone at `dbfs` (RMS), as 16-bit little-endian samples at `rate`. */
function tone(dbfs: number, seconds: number, rate = 8000): Buffer {
  const peak = 10 ** (dbfs / 20) * Math.SQRT2;
  const out = Buffer.alloc(Math.round(seconds * rate) * 2);
  for (let i = 0; i < out.length / 2; i++) out.writeInt16LE(Math.round(peak * 32_767 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  return out;
}

describe('hearing each second of decoded sound', () => {
  it('a tone just under the threshold throughout is silent; one just over it in any second is heard', () => {
    const quiet = new LoudnessMeter(8000);
    quiet.push(tone(SILENT_BELOW_DBFS - 2, 5));
    expect(quiet.end()).toBe(true);

    const voice = new LoudnessMeter(8000);
    expect(voice.push(Buffer.concat([tone(SILENT_BELOW_DBFS - 20, 3), tone(SILENT_BELOW_DBFS + 2, 1)]))).toBe(true);
    expect(voice.end()).toBe(false);
  });

  it('chunks that split a sample in two read as the whole sound', () => {
    const sound = Buffer.concat([tone(-80, 2), tone(-30, 1)]);
    const meter = new LoudnessMeter(8000);
    let heard = false;
    for (let at = 0; at < sound.length; at += 333) heard = meter.push(sound.subarray(at, at + 333));
    expect(heard).toBe(true);
    expect(meter.samples).toBeGreaterThan(2 * 8000);
  });

  it('a last part-second is measured too; no sound at all says nothing', () => {
    const meter = new LoudnessMeter(8000);
    meter.push(Buffer.concat([tone(-90, 1), tone(-20, 0.3)]));
    expect(meter.end()).toBe(false);
    expect(new LoudnessMeter(8000).end()).toBeNull();
  });
});

describe('serving stored bytes to ffmpeg on this machine', () => {
  it('answers the ranges a media reader asks for, and nothing at another path', async () => {
    // The playback route's own reading of a Range header ([start, end), end exclusive).
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=10-', 100)).toEqual([10, 100]);
    expect(parseRange('bytes=10-19', 100)).toEqual([10, 20]);
    expect(parseRange('bytes=10-1000', 100)).toEqual([10, 100]);
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-5', 100)).toEqual([95, 100]);

    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    const link = await serveOnLoopback({ size: bytes.length, readRange: (s, e) => Readable.from([bytes.subarray(s, e)]) });
    try {
      expect(new URL(link.url).hostname).toBe('127.0.0.1');
      const part = await fetch(link.url, { headers: { Range: 'bytes=900-' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe('bytes 900-999/1000');
      expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(900));
      expect((await fetch(link.url)).status).toBe(200);
      expect((await fetch(new URL('/other', link.url))).status).toBe(404);
      expect((await fetch(link.url, { headers: { Range: 'bytes=5000-' } })).status).toBe(416);
      const tail = await fetch(link.url, { headers: { Range: 'bytes=-5' } });
      expect(tail.headers.get('content-range')).toBe('bytes 995-999/1000');
      expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(995));
    } finally {
      await link.close();
    }
  });

  it('ffmpeg is told the container as it was read, never left to guess it from the bytes', () => {
    expect(ffmpegDemuxer('M4A/isom/iso2')).toBe('mov');
    expect(ffmpegDemuxer('qt')).toBe('mov');
    expect(ffmpegDemuxer('MPEG')).toBe('mp3');
    expect(ffmpegDemuxer('WAVE')).toBe('wav');
    expect(ffmpegDemuxer('EBML/webm')).toBe('matroska');
    expect(ffmpegDemuxer('Ogg')).toBe('ogg');
    expect(ffmpegDemuxer('ASF/Windows Media')).toBeNull();
  });
});

describe('a recording with speech is settled in its first seconds', () => {
  it('a 10-minute .m4a, its index at its end: heard', async () => {
    const recording = makeRecording({ format: 'm4a', minutes: 10 });
    const size = statSync(recording.path).size;
    expect(await isSilentRecording('interview', { size, readRange: (start, end) => createReadStream(recording.path, { start, end: end - 1 }) }, 'M4A/isom/iso2')).toBe(false);
  }, 600_000);

  {
    const [format, container] = ['wav', 'WAVE'] as const;
    it(`a 10-minute .${format}: heard, without reading it through`, async () => {
      const recording = makeRecording({ format, minutes: 10 });
      let bytesRead = 0;
      const size = statSync(recording.path).size;
      const source = {
        size,
        readRange: (start: number, end: number) =>
          createReadStream(recording.path, { start, end: end - 1 }).pipe(
            new Transform({
              transform(chunk: Buffer, _encoding, done) {
                bytesRead += chunk.length;
                done(null, chunk);
              },
            }),
          ),
      };
      expect(await isSilentRecording('interview', source, container)).toBe(false);
      // What the loopback connection had buffered when ffmpeg stopped, at most: a few megabytes, whatever the length.
      expect(bytesRead).toBeLessThan(Math.min(size * 0.5, 8 * 1024 ** 2));
    }, 600_000);
  }
});
