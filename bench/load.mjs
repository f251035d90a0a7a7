// Load on the emulators (loopback only, bounded): the public share endpoint (through Hosting, as visitors' browsers
// call it; each simulated visitor has its own address, so the per-visitor rate limit of 120 a minute is not what is
// measured, and one run with a single address shows the limit at work) and `GET /users/me` (signed in, straight to
// the function). Prints requests per second and p50/p99 latency for each. Needs the emulator ports free.
//
//   npm run build && node bench/load.mjs [seconds per run, default 10]
import { emulatorsExec, printMarkedLines } from './lib/support.mjs';

printMarkedLines(
  emulatorsExec('auth,firestore,functions,hosting', 'node bench/lib/load-run.mjs', {
    args: ['--import', 'emulator-data'],
    env: { ...process.env, LOAD_SECONDS: process.argv[2] ?? '10' },
  }),
);
