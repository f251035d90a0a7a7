// Starts the emulator suite with the demo data, prints the URL and the demo login once it is
// ready, and stops it cleanly on Ctrl-C (the Java emulator lives in its own process group).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeEmulatorConfig } from './emulator-config.mjs';
import { emulatorParallel, warmApiProcesses } from './warm-functions.mjs';

const [, , mode, only] = process.argv;
const demo = JSON.parse(readFileSync(new URL('./demo-login.json', import.meta.url), 'utf8'));
const started = Date.now();

const child = spawn(
  process.env.FIREBASE_CLI ?? 'firebase',
  ['emulators:start', '--config', process.env.EMULATOR_CONFIG ?? writeEmulatorConfig(), '--only', only, '--project', process.env.FIREBASE_PROJECT ?? 'demo-verbatim', '--import', 'emulator-data'],
  { stdio: ['ignore', 'pipe', 'pipe'], env: process.env },
);

let announced = false;
function relay(stream, out) {
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    out.write(chunk);
    if (!announced && chunk.includes('All emulators ready')) {
      announced = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      out.write(
        `\n  Verbatim is running (emulators ready in ${seconds} s)\n\n` +
          `    App:        http://127.0.0.1:5000\n` +
          `    Demo login: ${demo.email} / ${demo.password}\n\n` +
          `  Press Ctrl-C to stop.\n\n`,
      );
      // The function's processes start now rather than under the first requests (a burst would wait for them).
      void warmApiProcesses(emulatorParallel(), { projectId: process.env.FIREBASE_PROJECT ?? 'demo-verbatim' });
    }
  });
}
relay(child.stdout, process.stdout);
relay(child.stderr, process.stderr);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nStopping the emulators…\n');
    child.kill('SIGINT');
  });
}
child.on('exit', (code, signal) => process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0))));
void mode;
