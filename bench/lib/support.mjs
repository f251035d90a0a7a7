// Shared by the benchmarks: the repository root, the compiled functions code, the fixture list,
// a validated numeric argument and runs inside the emulators.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeEmulatorConfig } from '../../scripts/emulator-config.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const fixtures = join(root, 'functions/test/fixtures/transcripts');
const require = createRequire(import.meta.url);

/** Loads compiled modules from functions/lib/analysis (build: npm run build -w functions). */
export function requireCompiled(...modules) {
  return modules.map((module) => {
    const path = join(root, 'functions/lib/analysis', module);
    if (!existsSync(path)) {
      console.error(`No compiled code at ${relative(root, path)}; build it first: npm run build -w functions`);
      process.exit(1);
    }
    return require(path);
  });
}

/** A non-negative integer from argv[2] or an environment variable, else the default. */
export function integerArg(envName, fallback, { min = 1, what = 'value' } = {}) {
  const raw = process.argv[2] ?? process.env[envName] ?? String(fallback);
  const value = Number.parseInt(raw, 10);
  if (!Number.isInteger(value) || value < min) {
    console.error(`The ${what} must be an integer ≥ ${min}, got "${raw}".`);
    process.exit(2);
  }
  return value;
}

const TRANSCRIPT_FILE = /\.(txt|md|docx|pdf|vtt|srt|sub)$/i;

/** Every numbered transcript fixture (derived/ included, LICENSES/ left out), sorted. */
export function listFixtures(dir = fixtures) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'LICENSES' ? [] : listFixtures(path);
      return TRANSCRIPT_FILE.test(name) && /^\d/.test(name) ? [path] : [];
    });
}

/**
 * Runs `command` inside `firebase emulators:exec --only <only>` on the demo project, with the offline Firestore
 * emulator that npm start and npm test prepare (scripts/setup.sh) and the emulators' firebase.json (scripts/emulator-config.mjs). `args` go before the command (e.g. `--import`).
 * Returns spawnSync's result; stdout is captured, the emulators' stderr shown.
 */
export function emulatorsExec(only, command, { env = process.env, args = [] } = {}) {
  const wrapper = join(root, '.cache/firestore-emulator/firestore-emulator-wrapper.jar');
  const runEnv = { ...env };
  if (!runEnv.FIRESTORE_EMULATOR_BINARY_PATH && existsSync(wrapper)) runEnv.FIRESTORE_EMULATOR_BINARY_PATH = wrapper;
  return spawnSync(join(root, 'node_modules/.bin/firebase'), ['emulators:exec', '--config', writeEmulatorConfig(root), '--only', only, '--project', 'demo-verbatim', ...args, command], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: runEnv,
    maxBuffer: 1e8,
  });
}

/** Prints the lines a run marked as its figures (`│ …`); on a failed run, its last lines, and exits with its status. */
export function printMarkedLines(result, marked = (line) => (line.startsWith('│ ') ? line.slice(2) : null)) {
  for (const line of (result.stdout ?? '').split('\n')) {
    const shown = marked(line);
    if (shown !== null) console.log(shown);
  }
  if (result.status !== 0) {
    console.error((result.stdout ?? '').split('\n').slice(-40).join('\n'));
    process.exit(result.status ?? 1);
  }
}

/** What an analyser is given for a parsed transcript, the file name standing for its id and name. */
export function analysisInputOf(transcript, fileName) {
  return {
    documentId: fileName,
    documentName: fileName,
    text: transcript.text,
    turns: transcript.turns,
    timeMarks: transcript.timeMarks ?? [],
    speakers: transcript.speakers,
    language: transcript.language,
  };
}
