// Load on the emulators (loopback only, bounded): the public share endpoint (through Hosting, as visitors' browsers
// call it; each simulated visitor has its own address, so the per-visitor rate limit of 120 a minute is not what is
// measured, and one run with a single address shows the limit at work) and `GET /users/me` (signed in, straight to
// the function). Prints requests per second and p50/p99 latency for each. Needs the emulator ports free.
//
//   npm run build && node bench/load.mjs [seconds per run, default 10]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib/support.mjs';

const firebase = join(root, 'node_modules/.bin/firebase');
const result = spawnSync(
  firebase,
  ['emulators:exec', '--only', 'auth,firestore,functions,hosting', '--project', 'demo-verbatim', '--import', 'emulator-data', 'node bench/lib/load-run.mjs'],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', env: { ...process.env, LOAD_SECONDS: process.argv[2] ?? '10' }, maxBuffer: 64 * 1024 * 1024 },
);
for (const line of (result.stdout ?? '').split('\n')) if (line.startsWith('│ ')) console.log(line.slice(2));
if (result.status !== 0) {
  console.error((result.stdout ?? '').split('\n').slice(-30).join('\n'));
  process.exit(result.status ?? 1);
}
