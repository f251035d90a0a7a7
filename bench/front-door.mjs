// Front door budgets: what a signed-out visitor's first load of `/` costs in JavaScript (gzipped; goal ≤ 150 KB, and
// no Firestore SDK), and Lighthouse (mobile, simulated throttling; median of 3 runs) on `/`, a persona page and
// `/pricing`: performance, accessibility and best practices, each goal ≥ 95. Runs Hosting and the Auth emulator
// under `firebase emulators:exec` (the pages need nothing else), so the emulator ports of firebase.json must be free.
//
//   npm run build && node bench/front-door.mjs
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeEmulatorConfig } from '../scripts/emulator-config.mjs';
import { root } from './lib/support.mjs';

if (!existsSync(join(root, 'web/dist/index.html'))) {
  console.error('No web/dist/index.html; build first: npm run build');
  process.exit(1);
}
const firebase = join(root, 'node_modules/.bin/firebase');
const result = spawnSync(firebase, ['emulators:exec', '--config', writeEmulatorConfig(root), '--only', 'auth,hosting', '--project', 'demo-verbatim', 'node bench/lib/front-door-run.mjs'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
for (const line of (result.stdout ?? '').split('\n')) if (line.startsWith('│ ')) console.log(line.slice(2));
if (result.status !== 0) {
  console.error((result.stdout ?? '').split('\n').slice(-30).join('\n'));
  process.exit(result.status ?? 1);
}
