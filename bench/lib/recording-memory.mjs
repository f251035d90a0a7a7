// A child process of bench/recordings.mjs (run with --expose-gc): reads one stored recording the way the server does,
// with the COMPILED server code, and prints its memory as one JSON line. The recording's store is the emulators' (a
// folder); the reads are the same ranges Cloud Storage is asked for in production:
//   1. stat, then the probe (music-metadata streamed over the file, the MPEG-4 movie box read box by box), as the
//      Storage trigger and the API read a recording that arrived;
//   2. the whole file through the Blob the transcription uploads to Gemini from, 8 MiB slice after slice, each slice's
//      stream read to its end and dropped (what the upload's fetch does with it, without the network).
// Memory is sampled every 10 ms without forcing a collection: the peaks are what the process really held.
//
//   node --expose-gc bench/lib/recording-memory.mjs <store folder> <path in the store> <file name>
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './support.mjs';

const require = createRequire(import.meta.url);
const lib = (path) => require(join(root, 'functions/lib', path));
const { localDiskRecordingStore } = lib('storage/recording-store.js');
const { probeRecording } = lib('recordings/probe-recording.js');
const { rangeBlob } = lib('analysis/transcription/range-blob.js');
const { readServerLimits } = lib('config/server-limits.js');

const [dir, path, fileName] = process.argv.slice(2);
const CHUNK = 8 * 1024 * 1024;
const store = localDiskRecordingStore(dir);
const limits = readServerLimits({}).recordings;

// Loaded once before measuring: music-metadata is imported on the probe's first use.
await import('music-metadata');
globalThis.gc();
const baseline = process.memoryUsage();
const peak = { rss: baseline.rss, heapUsed: baseline.heapUsed, arrayBuffers: baseline.arrayBuffers };
const sample = () => {
  const m = process.memoryUsage();
  peak.rss = Math.max(peak.rss, m.rss);
  peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
  peak.arrayBuffers = Math.max(peak.arrayBuffers, m.arrayBuffers);
};
const sampler = setInterval(sample, 10);

const t0 = performance.now();
const stored = await store.stat(path);
const probe = await probeRecording({ fileName, size: stored.size, readRange: (start, end) => store.readRange(path, start, end) }, limits);
const probeSeconds = (performance.now() - t0) / 1000;
sample();
const afterProbe = { ...peak };

const t1 = performance.now();
const { blob } = rangeBlob({ size: stored.size, type: 'application/octet-stream', read: (start, end) => store.readRange(path, start, end) });
let read = 0;
for (let offset = 0; offset < stored.size; offset += CHUNK) {
  for await (const piece of blob.slice(offset, Math.min(stored.size, offset + CHUNK)).stream()) read += piece.length;
}
const readSeconds = (performance.now() - t1) / 1000;
sample();
clearInterval(sampler);
if (read !== stored.size) throw new Error(`Read ${read} of ${stored.size} bytes.`);

console.log(
  JSON.stringify({
    size: stored.size,
    probe: probe.ok ? { ok: true, seconds: probe.recording.durationSeconds, container: probe.recording.container, codec: probe.recording.codec } : { ok: false, code: probe.code },
    probeSeconds,
    readSeconds,
    baseline: { rss: baseline.rss, heapUsed: baseline.heapUsed, arrayBuffers: baseline.arrayBuffers },
    afterProbe,
    peak,
  }),
);
