// Child of parse-limits.mjs: parses one file with the compiled parser in a fresh process and prints, as JSON, the
// wall and CPU seconds of the parse, the process's peak memory and the outcome.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { requireCompiled } from './support.mjs';

const [{ parseTranscript }] = requireCompiled('parsers/index.js');
const [path, fileName] = process.argv.slice(2);
const bytes = new Uint8Array(readFileSync(path));
const start = performance.now();
const cpu = process.cpuUsage();
let outcome;
try {
  const parsed = await parseTranscript({ bytes, fileName });
  const n = (value) => value.toLocaleString('en');
  outcome = `${n(parsed.wordCount)} words, ${n(parsed.turns.length)} turns, ${n(parsed.speakers.length)} speakers`;
} catch (error) {
  outcome = `refused, ${error.code ?? 'error'}: ${String(error.message)}`;
}
const seconds = (performance.now() - start) / 1000;
const used = process.cpuUsage(cpu);
console.log(JSON.stringify({ seconds, cpuSeconds: (used.user + used.system) / 1e6, peakMB: process.resourceUsage().maxRSS / 1024, outcome }));
