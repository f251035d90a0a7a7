// Reliability under load at full size (npm run bench -- reliability): the pipeline suite's load tests — credits
// raced 200 times over four instances (with and without a subscription toggled by webhooks), 100 Stripe webhook
// events shuffled with 40 duplicates, three sweeps over 30 crashed analyses, 50 uploads racing for 10 credits, one
// account's burst of 100 requests on one instance, one visitor's 450 public requests over 16 instances — against the
// Firestore emulator, with VERBATIM_FULL_LOAD=1. Then what reading a recording costs (bench/lib/recording-bounds-run.mjs:
// peak memory of the nested-box file and a 1 GB recording, CPU seconds per declared and decoded hour).
// `npm test` runs the same files and assertions with smaller counts. Prints each test's own figures line and its
// verdict. Then the same burst through Hosting and the Functions emulator as `npm start` runs them (auth, Firestore,
// functions and hosting emulators, the demo data; FUNCTIONS_EMULATOR_PARALLEL as npm start sets it): how many of
// the 100 were admitted, refused with 429, failed, and how long another account's request took.
import { emulatorParallel } from '../scripts/warm-functions.mjs';
import { spawnSync } from 'node:child_process';
import { emulatorsExec, printMarkedLines, root } from './lib/support.mjs';

const FILES = [
  'test/pipeline/reliability-credits.test.ts',
  'test/pipeline/reliability-webhooks.test.ts',
  'test/pipeline/reliability-stuck-interviews.test.ts',
  'test/pipeline/ingestion-pipeline.test.ts',
  'test/pipeline/account-bursts.test.ts',
  'test/pipeline/shared-rate-limit.test.ts',
];
const run = emulatorsExec('firestore', `npx vitest run --project pipeline --reporter=verbose ${FILES.join(' ')}`, {
  env: { ...process.env, VERBATIM_FULL_LOAD: '1' },
});
// Each test's figures line, its verdict and the count.
printMarkedLines(run, (raw) => {
  const line = raw.replace(/\x1b\[[0-9;]*m/g, '').trim();
  return /^(Credits|Webhooks|Stuck documents|Bursts|Public limit|Front-end limit)/.test(line) || /^(✓|×)\s/.test(line) || /^Tests\s+\d/.test(line) ? line : null;
});

// What reading a recording costs, bounded by what it holds (no emulator).
printMarkedLines(spawnSync(process.execPath, ['bench/lib/recording-bounds-run.mjs'], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }));

printMarkedLines(
  emulatorsExec('auth,firestore,functions,hosting', 'node bench/lib/account-burst-run.mjs', {
    args: ['--import', 'emulator-data'],
    env: { ...process.env, FUNCTIONS_EMULATOR_PARALLEL: String(emulatorParallel()) },
  }),
);
