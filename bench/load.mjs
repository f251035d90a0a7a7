// Load on the emulators (loopback only, bounded): the public share endpoint (through Hosting, as visitors' browsers
// call it, and straight to the function) and `GET /users/me` (signed in, straight to the function). On the emulators
// every caller is one visitor, so the public pages' limits are lifted for this run: what is measured is the endpoint,
// not the limit (the per-instance tests show the limit at work). Prints requests per second and p50/p99 latency for
// each. Needs the emulator ports free.
//
//   npm run build && node bench/load.mjs [seconds per run, default 10]
import { emulatorsExec, printMarkedLines } from './lib/support.mjs';

printMarkedLines(
  emulatorsExec('auth,firestore,functions,hosting', 'node bench/lib/load-run.mjs', {
    args: ['--import', 'emulator-data'],
    env: { ...process.env, LOAD_SECONDS: process.argv[2] ?? '10', PUBLIC_REQUESTS_PER_MINUTE: '100000', PUBLIC_FRONT_END_REQUESTS_PER_MINUTE: '1000000' },
  }),
);
