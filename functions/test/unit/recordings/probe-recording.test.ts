import { copyFileSync, createReadStream, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import { probeRecording, type ProbeSource } from '../../../src/recordings/probe-recording';
import {
  deepWavRecording,
  denseSilenceRecording,
  nestedBoxRecording,
  understatedRecording,
  lateSpeechRecording,
  makeRecording,
  notMediaRecording,
  silentRecording,
  truncatedRecording,
  unsupportedCodecRecording,
  type RecordingFormat,
  type TestRecording,
} from '../../support/recordings.mjs';

const LIMITS = { maxBytes: 2 * 1024 ** 3, maxSeconds: 3 * 60 * 60 };

/** A test recording as the store hands it to the probe: its size and ranges of its bytes as streams. */
function sourceOf(recording: TestRecording, fileName = recording.fileName): ProbeSource & { bytesRead: () => number } {
  let bytesRead = 0;
  return {
    fileName,
    size: statSync(recording.path).size,
    readRange(start, end) {
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytesRead += chunk.length;
          done(null, chunk);
        },
      });
      return createReadStream(recording.path, end > start ? { start, end: end - 1 } : { start: 1, end: 0 }).pipe(counter);
    },
    bytesRead: () => bytesRead,
  };
}

describe('reading a recording: what it is, from its own bytes', () => {
  const cases: { format: RecordingFormat; video: boolean; contentType: string; codec: string }[] = [
    { format: 'm4a', video: false, contentType: 'audio/mp4', codec: 'AAC' },
    { format: 'mp3', video: false, contentType: 'audio/mpeg', codec: 'MP3' },
    { format: 'wav', video: false, contentType: 'audio/wav', codec: 'PCM' },
    { format: 'ogg', video: false, contentType: 'audio/ogg', codec: 'Opus' },
    { format: 'webm', video: false, contentType: 'audio/webm', codec: 'Opus' },
    { format: 'mp4', video: true, contentType: 'video/mp4', codec: 'AAC' },
    { format: 'mov', video: true, contentType: 'video/mp4', codec: 'AAC' },
    { format: 'webm', video: true, contentType: 'video/webm', codec: 'Opus' },
  ];
  // Spoken and encoded once, before the cases: on a clean machine that takes tens of seconds, more on a busy one.
  const made = new Map<(typeof cases)[number], ReturnType<typeof makeRecording>>();
  beforeAll(() => {
    for (const c of cases) made.set(c, makeRecording({ format: c.format, video: c.video }));
  }, 600_000);
  for (const c of cases) {
    it(`${c.video ? 'a video' : 'a recording'} in .${c.format}: its length, sound codec, picture track and served type`, async () => {
      const recording = made.get(c)!;
      const outcome = await probeRecording(sourceOf(recording), LIMITS);
      expect(outcome).toMatchObject({ ok: true });
      if (!outcome.ok) return;
      expect(outcome.recording).toMatchObject({ contentType: c.contentType, codec: c.codec, hasVideo: c.video });
      // Within a second of the spoken interview's real length.
      expect(Math.abs(outcome.recording.durationSeconds - recording.durationSeconds)).toBeLessThan(1);
    });
  }

  it('a 24-bit stereo .wav (written as WAVE_FORMAT_EXTENSIBLE): uncompressed sound browsers play', async () => {
    const recording = deepWavRecording();
    const outcome = await probeRecording(sourceOf(recording), LIMITS);
    expect(outcome).toMatchObject({ ok: true, recording: { contentType: 'audio/wav', codec: 'PCM', hasVideo: false } });
    if (outcome.ok) expect(Math.abs(outcome.recording.durationSeconds - recording.durationSeconds)).toBeLessThan(1);
  });

  it('believes the bytes, not the name: an .m4a named .mp3 is read as MPEG-4 sound', async () => {
    const outcome = await probeRecording(sourceOf(makeRecording({ format: 'm4a' }), 'interview.mp3'), LIMITS);
    expect(outcome).toMatchObject({ ok: true, recording: { contentType: 'audio/mp4', codec: 'AAC' } });
  });
});

describe('refusing a recording, with the sentence a researcher reads', () => {
  it('a text file named .mp3 is not a recording', async () => {
    const file = notMediaRecording();
    expect(await probeRecording(sourceOf(file), LIMITS)).toEqual({ ok: false, code: 'not-media', message: RECORDING_MESSAGES.notMedia('notes.mp3') });
  });

  it('an .m4a cut off half way is damaged or incomplete', async () => {
    const file = truncatedRecording({ format: 'm4a' });
    expect(await probeRecording(sourceOf(file), LIMITS)).toEqual({ ok: false, code: 'corrupt', message: RECORDING_MESSAGES.corrupt('cut-off.m4a') });
  });

  it('an .mp3 cut off half way is damaged or incomplete (its header promises twice the sound)', async () => {
    const file = truncatedRecording({ format: 'mp3' });
    expect(await probeRecording(sourceOf(file), LIMITS)).toEqual({ ok: false, code: 'corrupt', message: RECORDING_MESSAGES.corrupt('cut-off.mp3') });
  });

  it('a .wav cut off half way is damaged or incomplete', async () => {
    const file = truncatedRecording({ format: 'wav' });
    expect(await probeRecording(sourceOf(file), LIMITS)).toEqual({ ok: false, code: 'corrupt', message: RECORDING_MESSAGES.corrupt('cut-off.wav') });
  });

  it('uncompressed sound inside a .mov: browsers cannot play it', async () => {
    const file = unsupportedCodecRecording();
    expect(await probeRecording(sourceOf(file), LIMITS)).toEqual({ ok: false, code: 'unsupported-codec', message: RECORDING_MESSAGES.unsupportedCodec('uncompressed PCM') });
  });

  it('over the size limit, before any byte is read', async () => {
    const source = sourceOf(makeRecording({ format: 'm4a' }));
    const outcome = await probeRecording(source, { ...LIMITS, maxBytes: 100_000 });
    expect(outcome).toEqual({ ok: false, code: 'too-large', message: RECORDING_MESSAGES.tooLarge(source.size, 100_000) });
    expect(source.bytesRead()).toBe(0);
  });

  it('over the length limit', async () => {
    const recording = makeRecording({ format: 'mp3' });
    const outcome = await probeRecording(sourceOf(recording), { ...LIMITS, maxSeconds: 60 });
    expect(outcome).toMatchObject({ ok: false, code: 'too-long' });
    if (!outcome.ok) expect(outcome.message).toBe(RECORDING_MESSAGES.tooLong(recording.durationSeconds, 60));
  });
});

describe('a recording with nothing to hear, whatever its codec', () => {
  const silent: { what: string; make: () => TestRecording }[] = [
    { what: 'a silent .wav', make: () => silentRecording({ format: 'wav' }) },
    { what: 'a silent .mp3', make: () => silentRecording({ format: 'mp3' }) },
    { what: 'a silent .m4a (AAC)', make: () => silentRecording({ format: 'm4a' }) },
    { what: 'a silent .ogg (Opus)', make: () => silentRecording({ format: 'ogg' }) },
    { what: 'a silent .webm (Opus)', make: () => silentRecording({ format: 'webm' }) },
    { what: 'a video whose sound track is silent (.mp4, AAC)', make: () => silentRecording({ format: 'mp4', video: true }) },
    { what: 'an .m4a of a microphone left off: a hiss at -66 dBFS', make: () => silentRecording({ format: 'm4a', noiseDbfs: -66 }) },
  ];
  const made = new Map<string, TestRecording>();
  beforeAll(() => {
    for (const c of silent) made.set(c.what, c.make());
  }, 600_000);
  for (const c of silent) {
    it(`${c.what} is refused as silent, with its sentence`, async () => {
      const file = made.get(c.what)!;
      expect(await probeRecording(sourceOf(file), LIMITS)).toEqual({ ok: false, code: 'silent', message: RECORDING_MESSAGES.silent(file.fileName) });
    });
  }

  it('a recording that is silent for its first 45 seconds, then speaks, is accepted', async () => {
    for (const format of ['m4a', 'mp3'] as const) {
      const file = lateSpeechRecording({ format });
      const outcome = await probeRecording(sourceOf(file), LIMITS);
      expect(outcome, format).toMatchObject({ ok: true });
    }
  });

  it('a hiss loud enough to hide a voice (-45 dBFS) is not called silent', async () => {
    const file = silentRecording({ format: 'm4a', noiseDbfs: -45 });
    expect(await probeRecording(sourceOf(file), LIMITS)).toMatchObject({ ok: true });
  });

  it('where ffmpeg cannot run, a silent recording is not refused for what was not checked', async () => {
    const file = made.get('a silent .m4a (AAC)')!;
    expect(await probeRecording(sourceOf(file), LIMITS, { ffmpegPath: '/nonexistent/ffmpeg' })).toMatchObject({ ok: true });
  });
});

describe('the work a recording costs is set by what it holds, never by what it says', () => {
  it('800,000 nested boxes\' worth of structure: refused within a bounded memory, the instance untouched', async () => {
    // 200,000 nested boxes (1.6 MB of structure): music-metadata read them into 370 MB of the process's heap.
    const file = nestedBoxRecording({ boxes: 200_000 });
    const heapBefore = process.memoryUsage().heapUsed;
    const started = Date.now();
    const outcome = await probeRecording(sourceOf(file), LIMITS);
    expect(outcome).toEqual({ ok: false, code: 'too-complex', message: RECORDING_MESSAGES.tooComplex('nested.m4a') });
    expect(Date.now() - started).toBeLessThan(30_000);
    // The reading happened in a worker of its own: this heap did not hold it.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 ** 2);
  }, 120_000);

  it('a file on this machine is read by its bytes too, never its path: an .m4a stored under a name ending .mp3 is MPEG-4', async () => {
    // The emulators' folder hands the probe file streams, which carry their path; music-metadata chose its parser by it.
    const dir = mkdtempSync(join(tmpdir(), 'probe-'));
    const disguised = join(dir, 'interview.mp3');
    copyFileSync(makeRecording({ format: 'm4a' }).path, disguised);
    const outcome = await probeRecording(sourceOf({ path: disguised, fileName: 'interview.mp3' }), LIMITS);
    expect(outcome).toMatchObject({ ok: true, recording: { container: expect.stringMatching(/M4A/), codec: 'AAC' } });
  });

  it('a reading past its time is refused with the same sentence', async () => {
    const file = makeRecording({ format: 'm4a' });
    const outcome = await probeRecording(sourceOf(file), LIMITS, { container: { maxHeapMb: 96, timeoutMs: 1 } });
    expect(outcome).toEqual({ ok: false, code: 'too-complex', message: RECORDING_MESSAGES.tooComplex(file.fileName) });
  });

  it('a header that says 12 s over 4 minutes of speech: kept and charged as the length its sound has', async () => {
    const file = understatedRecording({ headerSeconds: 12 });
    const outcome = await probeRecording(sourceOf(file), LIMITS);
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.recording.durationSeconds).toBeCloseTo(file.durationSeconds, -1);
  });

  it('a header that says 12 s over sound past the length limit: refused as too long', async () => {
    const file = understatedRecording({ headerSeconds: 12 });
    expect(await probeRecording(sourceOf(file), { ...LIMITS, maxSeconds: 60 })).toEqual({
      ok: false,
      code: 'too-long',
      message: RECORDING_MESSAGES.longerThanLimit(60),
    });
  });

  it('a length read by decoding is the one kept (an .m4a, within a second of the sound spoken)', async () => {
    const file = makeRecording({ format: 'm4a' });
    const outcome = await probeRecording(sourceOf(file), LIMITS);
    expect(outcome.ok && Math.abs(outcome.recording.durationSeconds - file.durationSeconds)).toBeLessThan(1);
  });

  for (const format of ['mp3', 'webm'] as const) {
    it(`an .${format} cut to 30% of what its header says is damaged or incomplete`, async () => {
      const file = truncatedRecording({ format, fraction: 0.3 });
      expect(await probeRecording(sourceOf(file), LIMITS)).toEqual({ ok: false, code: 'corrupt', message: RECORDING_MESSAGES.corrupt(file.fileName) });
    });
  }

  it('an .ogg cut to 30% (no header says its length) is kept as the length it holds', async () => {
    const whole = makeRecording({ format: 'ogg' });
    const outcome = await probeRecording(sourceOf(truncatedRecording({ format: 'ogg', fraction: 0.3 })), LIMITS);
    expect(outcome.ok && outcome.recording.durationSeconds / whole.durationSeconds).toBeCloseTo(0.3, 1);
  });

  it('sound whose decoding costs more CPU than its length allows (192 kHz 7.1) is refused, its decoding stopped', async () => {
    const file = denseSilenceRecording({ seconds: 300 });
    // A budget a fifth of the default's, so that the test stops within a second: 192 kHz 7.1 costs about 5 ms a second.
    const cpu = { baseSeconds: 0.3, perDecodedSecond: 0.002 };
    const started = Date.now();
    expect(await probeRecording(sourceOf(file), LIMITS, { cpu })).toEqual({ ok: false, code: 'too-heavy', message: RECORDING_MESSAGES.tooHeavy('dense.mkv') });
    expect(Date.now() - started).toBeLessThan(15_000);
    // Speech within the same budget passes.
    expect(await probeRecording(sourceOf(makeRecording({ format: 'm4a' })), LIMITS, { cpu })).toMatchObject({ ok: true });
  }, 60_000);
});
