// Gemini project synthesis against the local Gemini stand-in, through the COMPILED server code (requestSynthesis in
// functions/lib) on a Firestore emulator: a 5-interview project (real transcripts, insights by the built-in analyser,
// anchored) whose interviews finish together, each asking for the synthesis as the trigger does. Prints calls to
// Gemini and wall time against the slowest single call. Goals: one synthesis call per project change after the
// debounce, never one per interview; wall time (debounce excluded) ≤ 1.3 × the slowest single call.
//
//   npm run build && node bench/gemini-synthesis.mjs [latencyMs]     (latency default 2000 ms, BENCH_GEMINI_LATENCY_MS)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { root } from './lib/support.mjs';

const wrapper = `${root}/.cache/firestore-emulator/firestore-emulator-wrapper.jar`;
if (!process.env.FIRESTORE_EMULATOR_BINARY_PATH && existsSync(wrapper)) process.env.FIRESTORE_EMULATOR_BINARY_PATH = wrapper;

const result = spawnSync(
  `${root}/node_modules/.bin/firebase`,
  ['emulators:exec', '--only', 'firestore', '--project', 'demo-verbatim', `node bench/lib/gemini-synthesis-run.mjs ${process.argv[2] ?? ''}`],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', env: process.env, maxBuffer: 64 * 1024 * 1024 },
);
for (const line of (result.stdout ?? '').split('\n')) if (line.startsWith('│ ')) console.log(line.slice(2));
if (result.status !== 0) {
  console.error((result.stdout ?? '').split('\n').slice(-30).join('\n'));
  process.exit(result.status ?? 1);
}
