// Recordings: (a) upload-to-ready time of a 10-minute spoken recording on the emulators (the API path of the emulators,
// the Cloud Tasks emulator running the transcription's task), attached to its .vtt in a built-in project and
// transcribed by the Gemini stand-in in a Gemini project, split into upload, checking, the queue, transcription and
// analysis as the interview's fields show them; (b) the memory of reading a large recording as the server does (its
// probe, then the ranges its transcription uploads from), for recordings of about 100 MB and 1 GB made on the fly with
// ffmpeg under the system's temporary folder and deleted after: an uncompressed WAV (its length in its header) and a
// high-bit-rate MP4 video whose movie box comes after its 1 GB of sound and pictures, as recorders write them, and a
// WAV silent throughout, which the sound check decodes to its end (ffmpeg's own memory is its process's, not counted).
// Needs the emulator ports free (a) and ~1 GB of free disk (b).
//
//   npm run build && node bench/recordings.mjs        (RECORDINGS_BENCH_RUNS=3 runs of each upload)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emulatorsExec, printMarkedLines, root } from './lib/support.mjs';

const STAND_IN_PORT = '9311';
printMarkedLines(
  emulatorsExec('auth,firestore,functions,hosting', 'node bench/lib/recordings-run.mjs', {
    // The emulated functions reach the Gemini stand-in the run starts, never Google.
    env: { ...process.env, GEMINI_API_KEY: 'bench-api-key', GEMINI_STAND_IN_PORT: STAND_IN_PORT, GEMINI_BASE_URL: `http://127.0.0.1:${STAND_IN_PORT}` },
  }),
);

const MiB = 1024 * 1024;
const KINDS = [
  {
    name: 'WAV (PCM 16-bit stereo 48 kHz)',
    file: 'interview.wav',
    input: ['-f', 'lavfi', '-i', 'anoisesrc=r=48000:a=0.1:c=pink'],
    encode: ['-ac', '2', '-c:a', 'pcm_s16le'],
  },
  {
    name: 'MP4 (H.264 720p ~18 Mb/s + AAC, movie box last)',
    file: 'interview.mp4',
    input: ['-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30', '-f', 'lavfi', '-i', 'anoisesrc=r=48000:a=0.1:c=pink'],
    encode: ['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '40M', '-maxrate', '40M', '-bufsize', '80M', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
  },
  // Silent throughout: the sound check (ffmpeg through the loopback link) hears it to its end before refusing it.
  {
    name: 'WAV, silent throughout (refused after decoding all of it)',
    file: 'silent.wav',
    input: ['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo'],
    encode: ['-c:a', 'pcm_s16le'],
  },
];
const SIZES = [100 * MiB, 1024 * MiB];

const mb = (bytes) => (bytes / MiB).toFixed(0);
const dir = mkdtempSync(join(tmpdir(), 'verbatim-recordings-bench-'));
console.log(`\nReading a stored recording as the server does (probe, then 8 MiB ranges through the transcription's Blob), Node ${process.version}; one fresh process each, memory sampled every 10 ms`);
try {
  for (const kind of KINDS) {
    for (const size of SIZES) {
      const path = `recordings/bench/p/d-${size}/${kind.file}`;
      const file = join(dir, path);
      mkdirSync(join(file, '..'), { recursive: true });
      const made = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...kind.input, '-t', '10800', '-fs', String(size), ...kind.encode, file], { stdio: ['ignore', 'ignore', 'inherit'] });
      if (made.status !== 0) throw new Error(`ffmpeg could not make ${kind.file}`);
      const run = spawnSync(process.execPath, ['--expose-gc', join(root, 'bench/lib/recording-memory.mjs'), dir, path, kind.file], { encoding: 'utf8' });
      rmSync(file, { force: true });
      const line = run.stdout.trim().split('\n').at(-1);
      if (run.status !== 0 || !line?.startsWith('{')) throw new Error(`reading ${kind.file} failed: ${run.stderr}`);
      const m = JSON.parse(line);
      const read = m.probe.ok ? `${(m.probe.seconds / 60).toFixed(1)} min, ${m.probe.container}, ${m.probe.codec}` : `refused: ${m.probe.code}`;
      console.log(
        `  ${kind.name}, ${mb(m.size)} MB: probe ${m.probeSeconds.toFixed(2)} s (${read}); read through in ${m.readSeconds.toFixed(1)} s (${mb(m.size / m.readSeconds)} MB/s)` +
          `; peak RSS ${mb(m.peak.rss)} MB (+${mb(m.peak.rss - m.baseline.rss)} over ${mb(m.baseline.rss)} MB at start; +${mb(m.afterProbe.rss - m.baseline.rss)} after the probe)` +
          `, peak heap ${mb(m.peak.heapUsed)} MB (+${mb(m.peak.heapUsed - m.baseline.heapUsed)}), peak ArrayBuffers ${mb(m.peak.arrayBuffers)} MB`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
