// Workspace speed: seeds a project of 50 interviews and 1,000 insights (real transcript spans as
// quotes) into fresh emulators, then drives the built app in Chromium and prints: the insights
// board's first meaningful paint (cold load and in-app navigation once cached), how fast search
// updates the board per keystroke, and frame times while scrolling.
//
//   npm run build && node bench/workspace.mjs
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { root } from './lib/support.mjs';

// The offline Firestore emulator that npm start / npm test prepare (scripts/setup.sh).
const wrapper = `${root}/.cache/firestore-emulator/firestore-emulator-wrapper.jar`;
if (!process.env.FIRESTORE_EMULATOR_BINARY_PATH && existsSync(wrapper)) process.env.FIRESTORE_EMULATOR_BINARY_PATH = wrapper;

const firebase = `${root}/node_modules/.bin/firebase`;
const result = spawnSync(
  firebase,
  ['emulators:exec', '--only', 'auth,firestore,hosting', '--project', 'demo-verbatim', 'node bench/lib/workspace-run.mjs'],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', env: process.env },
);
// Only the run's own lines (marked) are printed; the emulators' chatter is dropped.
for (const line of (result.stdout ?? '').split('\n')) if (line.startsWith('│ ')) console.log(line.slice(2));
if (result.status !== 0) {
  console.error(result.stdout?.split('\n').slice(-30).join('\n'));
  process.exit(result.status ?? 1);
}
