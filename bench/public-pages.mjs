// Public share pages: seeds a project of 50 interviews and 1,000 insights, builds its public views with the
// server's own synthesis and turns both share links on (phase 1: auth + Firestore emulators only, so no trigger
// reacts to the seeding; the data is exported). Then, on emulators started from that export with the API and
// Hosting (phase 2), it prints: the public endpoint's latency (p50/p95 over 50 requests per page, through Hosting
// as a visitor's browser asks), what a public page loads gzipped and that none of it is the Firebase SDK, the
// time to the first insight, and Lighthouse's performance score for both pages.
//
//   npm run build && node bench/public-pages.mjs
//
// It needs the emulator ports of firebase.json free. To run it beside the dev emulators, point
// BENCH_FIREBASE_CONFIG at a firebase.json with other ports (and the same relative paths, the emulators' addresses in
// its policy as scripts/emulator-config.mjs adds them) and BENCH_HOSTING_URL at its Hosting address.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeEmulatorConfig } from '../scripts/emulator-config.mjs';
import { root } from './lib/support.mjs';

for (const built of ['functions/lib/index.js', 'web/dist/index.html']) {
  if (!existsSync(join(root, built))) {
    console.error(`No ${built}; build first: npm run build`);
    process.exit(1);
  }
}

const firebase = join(root, 'node_modules/.bin/firebase');
// Offline, the Firestore emulator is Debian's, started through the wrapper scripts/setup.sh prepares.
const wrapper = join(root, '.cache/firestore-emulator/firestore-emulator-wrapper.jar');
const emulatorEnv = !process.env.FIRESTORE_EMULATOR_BINARY_PATH && existsSync(wrapper) ? { FIRESTORE_EMULATOR_BINARY_PATH: wrapper } : {};
const data = mkdtempSync(join(tmpdir(), 'verbatim-public-bench-'));

/** Runs one phase under `firebase emulators:exec`; prints its figures and returns its output. */
function phase(only, script, extraArgs, env) {
  const config = ['--config', process.env.BENCH_FIREBASE_CONFIG ?? writeEmulatorConfig(root)];
  const result = spawnSync(firebase, ['emulators:exec', ...config, '--only', only, '--project', 'demo-verbatim', ...extraArgs, `node ${script}`], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, ...emulatorEnv, ...env },
    maxBuffer: 256 * 1024 * 1024,
  });
  // Only the run's own lines (marked) are printed; the emulators' chatter is dropped.
  for (const line of (result.stdout ?? '').split('\n')) if (line.startsWith('│ ')) console.log(line.slice(2));
  if (result.status !== 0) {
    console.error(result.stdout?.split('\n').slice(-30).join('\n'));
    rmSync(data, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
  return result.stdout ?? '';
}

try {
  const seeded = phase('auth,firestore', 'bench/lib/public-pages-seed.mjs', [`--export-on-exit=${data}`], {});
  const tokens = /^TOKENS (.*)$/m.exec(seeded)?.[1];
  if (!tokens) throw new Error('Phase 1 handed over no share tokens.');
  phase('auth,firestore,functions,hosting', 'bench/lib/public-pages-run.mjs', [`--import=${data}`], { PUBLIC_BENCH_TOKENS: tokens });
} finally {
  rmSync(data, { recursive: true, force: true });
}
