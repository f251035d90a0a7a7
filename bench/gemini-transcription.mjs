// A recording transcribed by the COMPILED transcription module through the real @google/genai SDK against the local
// Gemini stand-in (its Files API and its listening model):
// 1. memory of the upload: a 1 GB recording (bytes made as they are read, nothing on disk) sent through the Files API
//    from a Blob that reads the store a chunk at a time, measured in a fresh process each (peak RSS and peak
//    ArrayBuffer memory, sampled every 20 ms after a full collection), with the transcription's fetch (no copy of a
//    request body kept) and with Node's default fetch (which keeps a copy of each 8 MiB chunk for a redirect);
// 2. calls and tokens of a 10-minute, a 1-hour and a 2-hour recording (a turn every 15 s), 32 tokens a second of
//    audio as Google counts, in parts of GEMINI_TRANSCRIPTION_WINDOW_MINUTES (30), and what that costs: each part
//    sending its own stretch of sound, cut by ffmpeg from an MP3 of that length (a tone, made once under
//    .cache/bench/), as the transcription task sends it; and, for comparison, each part sending the whole recording
//    (how every part was sent before parts were cut); with the tokens per hour of audio transcribed against the
//    sound's own (32 × 3,600 = 115,200).
//
//   npm run build -w functions && node bench/gemini-transcription.mjs
//
// Nothing leaves the machine.
import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { startGeminiStandIn } from '../test/support/gemini-stand-in.mjs';
import { requireCompiled } from './lib/support.mjs';

const GB = 1024 ** 3;
const MB = 1024 ** 2;
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
/** US$ per million tokens now and from 1 January 2027 (README, "Cost"). */
const PRICES = [
  { when: 'now', input: 0.75, output: 3.75 },
  { when: 'from Jan 2027', input: 1.5, output: 7.5 },
];

/** Bytes that are a function of their position, read [start, end) in 64 KiB pieces (cheap to make: a repeated block). */
const BLOCK = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 2654435761) >>> 24));
function patternRange(start, end) {
  let at = start;
  return new Readable({
    read() {
      if (at >= end) return void this.push(null);
      const piece = Buffer.from(BLOCK.subarray(0, Math.min(BLOCK.length, end - at)));
      at += piece.length;
      this.push(piece);
    },
  });
}

async function uploadChild(mode) {
  const [{ rangeBlob }, { createTranscriptionClient, uploadFile }] = requireCompiled('transcription/range-blob.js', 'transcription/files-api.js');
  const { loadSdk } = requireCompiled('gemini/gemini-client.js')[0];
  const standIn = await startGeminiStandIn();
  const client =
    mode === 'streaming'
      ? createTranscriptionClient(standIn.apiKey, standIn.url)
      : new (loadSdk().GoogleGenAI)({ apiKey: standIn.apiKey, apiVersion: 'v1beta', httpOptions: { baseUrl: standIn.url } });
  let peakRss = 0;
  let peakBuffers = 0;
  const sample = setInterval(() => {
    globalThis.gc();
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakBuffers = Math.max(peakBuffers, m.arrayBuffers);
  }, 20);
  globalThis.gc();
  const before = process.memoryUsage();
  const started = Date.now();
  const handle = rangeBlob({ size: GB, type: 'audio/mp4', read: patternRange });
  await uploadFile(client, handle.blob, { mimeType: 'audio/mp4', displayName: 'verbatim-bench' });
  clearInterval(sample);
  const [file] = [...standIn.files.values()];
  console.log(JSON.stringify({ mode, seconds: (Date.now() - started) / 1000, before: before.rss, peakRss, peakBuffers, chunks: file.chunks.length, maxOpen: handle.reads.maxOpen }));
  await standIn.close();
}

function memoryOf(mode) {
  const run = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), `--upload=${mode}`], { encoding: 'utf8' });
  const line = run.stdout.trim().split('\n').at(-1);
  if (run.status !== 0 || !line?.startsWith('{')) throw new Error(`the ${mode} upload failed: ${run.stderr}`);
  return JSON.parse(line);
}

/** A conversation of `seconds`, a turn every 15 s, two voices. */
function script(seconds, displayName) {
  return {
    displayName,
    durationSeconds: seconds,
    speakers: [
      { id: 'A', description: 'woman, asks the questions' },
      { id: 'B', description: 'man, answers' },
    ],
    turns: Array.from({ length: Math.floor(seconds / 15) }, (_, i) => ({
      speaker: i % 2 === 0 ? 'A' : 'B',
      start: i * 15 + 1,
      text:
        i % 2 === 0
          ? 'And what happened after that, when the new system came in?'
          : 'Well, honestly, we kept the old spreadsheet going for a few weeks, because nobody trusted the numbers yet, and then, um, slowly people moved over.',
    })),
  };
}

/** An MP3 of `seconds` (a quiet tone, 16 kHz mono, 32 kbit/s), made once. */
function toneMp3(seconds) {
  const dir = fileURLToPath(new URL('../.cache/bench/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const path = `${dir}tone-${seconds}s.mp3`;
  if (!existsSync(path)) {
    const tmp = `${path}.${process.pid}.tmp.mp3`;
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds}:sample_rate=16000`, '-af', 'volume=0.1', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '32k', tmp]);
    renameSync(tmp, path);
  }
  return path;
}

async function tokens() {
  const [{ runTranscription }, { transcriptionSettings }, { noUsage }] = requireCompiled('transcription/run-transcription.js', 'transcription/transcription-settings.js', 'gemini/counted-call.js');
  const { readServerLimits } = requireCompiled('../config/server-limits.js')[0];
  const { cutTranscriptionAudio } = requireCompiled('../recordings/transcription-audio.js')[0];
  const standIn = await startGeminiStandIn();
  const limits = readServerLimits({}).gemini;
  const rows = [];
  for (const way of ['cut', 'whole']) {
    for (const minutes of [10, 60, 120]) {
      const seconds = minutes * 60;
      const documentId = `bench-${minutes}`;
      const path = toneMp3(seconds);
      const bytes = { size: statSync(path).size, readRange: (start, end) => createReadStream(path, { start, end: end - 1 }) };
      standIn.registerRecording(script(seconds, `verbatim-${documentId}`));
      const usage = noUsage();
      const started = Date.now();
      const outcome = await runTranscription(
        {
          uid: 'u', projectId: 'p', documentId, fileName: 'bench.mp3', contentType: 'audio/mpeg', size: bytes.size, durationSeconds: seconds, readRange: bytes.readRange,
          ...(way === 'cut' ? { cutAudio: (from, to, signal) => cutTranscriptionAudio(bytes, 'MPEG', from, to, signal ? { signal } : {}) } : {}),
        },
        transcriptionSettings({ apiKey: standIn.apiKey, model: 'gemini-3.8-flash', baseUrl: standIn.url }, limits, { pollMs: 0 }),
        usage,
      );
      if (!outcome.ok) throw new Error(outcome.message);
      const sent = [...standIn.files.values()].reduce((n, f) => n + f.sizeBytes, 0);
      rows.push({ way, minutes, usage, turns: outcome.transcript.turns.length, words: outcome.transcript.wordCount, ms: Date.now() - started, sent });
      standIn.reset();
    }
  }
  await standIn.close();
  return { rows, windowMinutes: limits.transcriptionWindowMinutes };
}

const uploadMode = process.argv.find((a) => a.startsWith('--upload='))?.slice(9);
if (uploadMode) {
  await uploadChild(uploadMode);
} else {
  console.log(`Upload of a 1 GB recording through the Files API (8 MiB chunks), Node ${process.version}; memory sampled every 20 ms after a full collection`);
  for (const mode of ['streaming', 'default-fetch']) {
    const m = memoryOf(mode);
    console.log(
      `  ${mode === 'streaming' ? 'the transcription’s fetch' : 'Node’s default fetch   '}: peak RSS ${fmt(m.peakRss / MB)} MB (${fmt(m.before / MB)} MB before), peak ArrayBuffers ${fmt(m.peakBuffers / MB, 1)} MB; ${m.chunks} chunks, ${m.maxOpen} range read at a time, ${fmt(m.seconds, 1)} s (${fmt(GB / MB / m.seconds)} MB/s to the local stand-in)`,
    );
  }
  const { rows, windowMinutes } = await tokens();
  console.log(`\nCalls and tokens per recording (parts of ${windowMinutes} minutes; a turn every 15 s; the stand-in answers verbatim and does not think)`);
  for (const { way, minutes, usage, turns, words, ms, sent } of rows) {
    const cost = PRICES.map((p) => `$${fmt((usage.promptTokens * p.input + usage.outputTokens * p.output) / 1e6, 3)} ${p.when}`).join(', ');
    const perHour = (usage.promptTokens * 60) / minutes;
    const label = way === 'cut' ? 'each part its own sound (MP3)' : 'each part the whole recording (before)';
    console.log(
      `  ${label}, ${String(minutes).padStart(3)} min: ${usage.calls} call${usage.calls === 1 ? '' : 's'}, ${fmt(usage.promptTokens)} prompt tokens (${fmt(perHour)} an audio hour, ${fmt(perHour / 115_200, 2)}× the sound's own), ${fmt(usage.outputTokens)} answer tokens (${turns} turns, ${fmt(words)} words), ${fmt(sent / MB, 1)} MB sent; ${cost}; ${ms} ms`,
    );
  }
}
