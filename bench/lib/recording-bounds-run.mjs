// Part of `npm run bench -- reliability` (no emulator): what reading a recording costs, bounded by what it holds.
//   1. Peak memory reading a file of 800,000 nested `udta` boxes (6.5 MB): music-metadata in the process's own heap,
//      as before, then the probe as it runs now (its bounded worker); and a 1 GB recording (FLAC in Matroska, pink
//      noise, about two hours: read, decoded to its end and counted).
//   2. CPU seconds per hour of declared and of decoded sound: a spoken .m4a, an .mp3 whose header says 12 s over four
//      minutes of speech, and an hour of 192 kHz 7.1 silence in FLAC (2.5 MB an hour): decoded to the end with no
//      budget (as the silent check did before), then with the probe's CPU budget.
// One fresh process per reading (bench/lib/recording-bounds.mjs). Needs ~1 GB of free disk under the temporary folder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { denseSilenceRecording, makeRecording, nestedBoxRecording, understatedRecording } from '../../functions/test/support/recordings.mjs';
import { root } from './support.mjs';

const MB = 1024 * 1024;
const mb = (bytes) => (bytes / MB).toFixed(0);

function read(file, fileName, mode) {
  const run = spawnSync(process.execPath, [join(root, 'bench/lib/recording-bounds.mjs'), file, fileName, mode], { encoding: 'utf8', maxBuffer: 16 * MB });
  const line = run.stdout.trim().split('\n').at(-1);
  if (!line?.startsWith('{')) return { crashed: `${run.status ?? run.signal}: ${run.stderr.trim().split('\n').slice(-2).join(' ')}` };
  return JSON.parse(line);
}

const said = (m) => (m.crashed ? `the process died (${m.crashed})` : m.outcome.ok ? `accepted${m.outcome.seconds ? `, ${(m.outcome.seconds / 60).toFixed(1)} min` : ''}` : `refused: ${m.outcome.code ?? m.outcome.error}`);
const memory = (m) => (m.crashed ? '' : `; ${m.wallSeconds.toFixed(1)} s, ${m.cpuSeconds.toFixed(1)} CPU s, peak RSS ${mb(m.peakRss)} MB (+${mb(m.peakRss - m.baselineRss)} MB over the start)`);

console.log(`│ Recording bounds, Node ${process.version}, one fresh process per reading`);
const nested = nestedBoxRecording({ boxes: 800_000 });
for (const [mode, what] of [['direct', 'before: music-metadata in the instance’s own heap'], ['bounded', 'now: the probe, its container read in a worker of 96 MB']]) {
  const m = read(nested.path, nested.fileName, mode);
  console.log(`│ Nested boxes (800,000 udta, ${mb(m.size ?? 0)} MB), ${what}: ${said(m)}${memory(m)}`);
}

const dir = mkdtempSync(join(tmpdir(), 'verbatim-bounds-bench-'));
try {
  const big = join(dir, 'interview.mkv');
  const made = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'anoisesrc=r=48000:a=0.1:c=pink', '-ac', '2', '-t', '10800', '-fs', String(1024 * MB), '-c:a', 'flac', '-f', 'matroska', big], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (made.status !== 0) throw new Error('ffmpeg could not make the 1 GB recording');
  const m = read(big, 'interview.mkv', 'bounded');
  console.log(`│ 1 GB recording (FLAC in Matroska, 48 kHz stereo pink noise): ${said(m)}${memory(m)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const cases = [
  { what: 'spoken .m4a (AAC 48 kb/s)', file: makeRecording({ format: 'm4a', minutes: 10 }), name: 'interview.m4a' },
  { what: '.mp3 whose header says 12 s over 4 minutes of speech', file: understatedRecording({ headerSeconds: 12 }), name: 'understated.mp3' },
  { what: 'an hour of 192 kHz 7.1 silence (FLAC in Matroska)', file: denseSilenceRecording({ seconds: 3600 }), name: 'dense.mkv' },
];
for (const c of cases) {
  const declared = (await parseFile(c.file.path, { duration: true })).format.duration ?? 0;
  for (const [mode, what] of [['unbudgeted', 'decoded to its end, no budget'], ['bounded', 'the probe with its CPU budget']]) {
    const m = read(c.file.path, c.name, mode);
    const decoded = m.outcome?.ok ? m.outcome.seconds : null;
    const perDeclared = m.cpuSeconds / (declared / 3600);
    const perDecoded = decoded ? ` (${(m.cpuSeconds / (decoded / 3600)).toFixed(1)} per decoded hour)` : '';
    console.log(`│ ${c.what}, ${what}: ${said(m)}; declared ${(declared / 60).toFixed(1)} min; ${m.cpuSeconds?.toFixed(2)} CPU s = ${perDeclared.toFixed(1)} per declared hour${perDecoded}`);
  }
}
