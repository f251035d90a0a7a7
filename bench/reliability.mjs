// Reliability under load at full size (npm run bench -- reliability): the pipeline suite's load tests — credits
// raced 200 times over four instances (with and without a subscription toggled by webhooks), 100 Stripe webhook
// events shuffled with 40 duplicates, three sweeps over 30 crashed analyses, 50 uploads racing for 10 credits —
// against the Firestore emulator, with VERBATIM_FULL_LOAD=1. `npm test` runs the same files and assertions with
// smaller counts. Prints each test's own figures line and its verdict.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { root } from './lib/support.mjs';

const FILES = [
  'test/pipeline/reliability-credits.test.ts',
  'test/pipeline/reliability-webhooks.test.ts',
  'test/pipeline/reliability-stuck-documents.test.ts',
  'test/pipeline/ingestion-pipeline.test.ts',
];
const wrapper = `${root}/.cache/firestore-emulator/firestore-emulator-wrapper.jar`;
const env = { ...process.env, VERBATIM_FULL_LOAD: '1' };
if (!env.FIRESTORE_EMULATOR_BINARY_PATH && existsSync(wrapper)) env.FIRESTORE_EMULATOR_BINARY_PATH = wrapper;
const run = spawnSync(
  `${root}/node_modules/.bin/firebase`,
  ['emulators:exec', '--only', 'firestore', '--project', 'demo-verbatim', `npx vitest run --project pipeline --reporter=verbose ${FILES.join(' ')}`],
  { cwd: root, env, encoding: 'utf8', maxBuffer: 1e8 },
);
const out = `${run.stdout ?? ''}\n${run.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '');
for (const line of out.split('\n')) {
  if (/^(Credits|Webhooks|Stuck documents)/.test(line.trim()) || /^\s*(✓|×)\s/.test(line) || /Tests\s+\d/.test(line)) console.log(line.trim());
}
if (run.status !== 0) {
  console.error(out.split('\n').slice(-40).join('\n'));
  process.exit(run.status ?? 1);
}
