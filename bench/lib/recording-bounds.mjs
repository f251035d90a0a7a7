// A child process of bench/reliability.mjs: reads one recording file the way the server does (the COMPILED probe:
// the container in its bounded worker, then the sound decoded, heard and counted), or as it did before (`direct`:
// music-metadata in the process's own heap; `unbudgeted`: the sound decoded to its end with no CPU budget), and
// prints one JSON line: the outcome, wall time, CPU seconds (this process's threads and its waited-for children,
// ffmpeg included, from /proc) and the peak RSS sampled every 10 ms.
//
//   node bench/lib/recording-bounds.mjs <file> <file name> [bounded|direct|unbudgeted]
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './support.mjs';

const require = createRequire(import.meta.url);
const lib = (path) => require(join(root, 'functions/lib', path));
const { probeRecording } = lib('recordings/probe-recording.js');
const { readServerLimits } = lib('config/server-limits.js');

const [file, fileName, mode = 'bounded'] = process.argv.slice(2);
const size = statSync(file).size;
const limits = readServerLimits({}).recordings;
const source = { fileName, size, readRange: (start, end) => (end > start ? createReadStream(file, { start, end: end - 1 }) : createReadStream(file, { start: 1, end: 0 })) };

/** CPU seconds of this process (all its threads) and of its children that ended, from /proc/self/stat. */
function cpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'latin1');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
}

const mm = await import('music-metadata');
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10);
const cpu0 = cpuSeconds();
const t0 = performance.now();
let outcome;
try {
  if (mode === 'direct') {
    const { format } = await mm.parseStream(source.readRange(0, size), { size }, { duration: true, skipCovers: true });
    outcome = { ok: true, declaredSeconds: format.duration ?? null, container: format.container };
  } else {
    const options = mode === 'unbudgeted' ? { cpu: { baseSeconds: 1e9, perDecodedSecond: 0 } } : {};
    const probe = await probeRecording(source, limits, options);
    outcome = probe.ok ? { ok: true, seconds: probe.recording.durationSeconds, container: probe.recording.container } : { ok: false, code: probe.code };
  }
} catch (err) {
  outcome = { ok: false, error: err instanceof Error ? err.message : String(err) };
}
const wall = (performance.now() - t0) / 1000;
// A decode stopped at its budget is killed as the probe answers: its CPU counts once it has been waited for.
await new Promise((resolve) => setTimeout(resolve, 500));
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
console.log(JSON.stringify({ size, mode, outcome, wallSeconds: wall, cpuSeconds: cpuSeconds() - cpu0, baselineRss: baseline, peakRss: peak }));
