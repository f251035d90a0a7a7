import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { FUNCTIONS_WORK_WAIT_MS } from './test/support/emulators';
import { SlowestFirst } from './test/support/slowest-first';

// The server's suites read the contract from its TypeScript sources, as the web app does.
const resolve = {
  alias: {
    '@verbatim/contract/themes': fileURLToPath(new URL('./contract/src/themes/index.ts', import.meta.url)),
    '@verbatim/contract': fileURLToPath(new URL('./contract/src', import.meta.url)),
  },
};

// Rules and pipeline files run in parallel, each worker in a Firestore project of its own.
const OWN_FIRESTORE_PROJECT = fileURLToPath(new URL('./test/support/own-firestore-project.ts', import.meta.url));

// Files that mostly wait on an emulator: more of them at once than the machine has cores (vitest's default
// leaves one core to itself, which on two cores means one file at a time).
const EMULATOR_FILE_WORKERS = 3;

// Integration files that start the stand-in of a service at the one address the functions were given.
const GEMINI_LANE = ['analysis-trigger', 'gemini-synthesis', 'search-api', 'search-reanalysis', 'transcribed-recordings'].map((f) => `test/integration/${f}.test.ts`);
const STRIPE_LANE = ['billing-api', 'identity-claims'].map((f) => `test/integration/${f}.test.ts`);
// Integration files about what one function instance holds in memory (rate limits): one instance must answer them
// all, so nothing else may call the API meanwhile (the emulator starts another instance for a request that finds
// the first busy).
const PER_INSTANCE = ['contact-api', 'public-rate-limit-api'].map((f) => `test/integration/${f}.test.ts`);

// A file that starts a stand-in on the fixed port the functions call waits while a file of the other suite holds it
// (test/support/loopback-server.mjs): the hooks that start one may wait that long.
const STAND_IN_WAIT = 300_000;

// Web unit files that replace a module (vi.mock): each runs with a module graph of its own, so the module it replaces
// stays real in every other file.
const WEB_MOCKING_FILES = readdirSync(fileURLToPath(new URL('./web/src', import.meta.url)), { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f) && /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(fileURLToPath(new URL(`./web/src/${f}`, import.meta.url)), 'utf8')))
  .map((f) => `src/${f}`);

// One config, one project per suite. Unit suites run without emulators; rules and pipeline (server
// modules called in-process) run against a Firestore emulator alone, so no trigger interferes;
// integration (the API) and browser run against the whole suite (see scripts/test.sh).
export default defineConfig({
  test: {
    // The slowest files first, by the times a whole run measured (test/support/slowest-first.ts).
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        resolve,
        test: {
          name: 'contract-unit',
          root: './contract',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          isolate: false, // pure functions only, as functions-unit
        },
      },
      {
        resolve,
        test: {
          name: 'functions-unit',
          root: './functions',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // Files share a worker's modules (no vi.mock here; the one file that sets an environment variable puts it
          // back): loading wink and the analyser once per worker, not per file, halves the suite's CPU time.
          // Checked with --sequence.shuffle under several seeds.
          isolate: false,
          // npm test runs the unit suites beside the emulator suites on a small machine: the analyser and parser
          // tests over every shared transcript can take several seconds of a shared core.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      // The exports as a reader's software sets them: LibreOffice renders them to PDF (scripts/render-office.mjs).
      {
        resolve,
        test: {
          name: 'exports-render',
          root: './functions',
          include: ['test/render/**/*.test.ts'],
          environment: 'node',
          // A LibreOffice conversion takes seconds of a core, more beside the other suites.
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      // The web's unit files share a worker's modules (React, the contract: loading them once per worker, not per file,
      // takes two thirds off the suite's CPU), except those that replace a module with vi.mock: each of those gets a
      // module graph of its own ('web-unit-mocked', same label in the summary).
      ...[
        { name: 'web-unit', include: ['src/**/*.test.{ts,tsx}'], exclude: WEB_MOCKING_FILES, isolate: false },
        { name: 'web-unit-mocked', include: WEB_MOCKING_FILES },
      ].map((part) => ({
        extends: './web/vite.config.ts',
        test: { root: './web', environment: 'node' as const, ...part },
      })),
      {
        resolve,
        test: {
          name: 'rules',
          root: './test/rules',
          include: ['**/*.test.ts'],
          environment: 'node',
          setupFiles: [OWN_FIRESTORE_PROJECT],
          maxWorkers: EMULATOR_FILE_WORKERS,
          // Files share their worker's modules (and so its Firestore project, from the setup file); each file starts
          // and cleans up its own test environment. Likewise pipeline and the parallel integration lane.
          isolate: false,
          testTimeout: 20_000,
          // A file's last hook fetches the emulator's rules coverage report: seconds beside the other suites.
          hookTimeout: 30_000,
        },
      },
      // The API suite in three lanes that run side by side (scripts/test-emulated.sh runs the two sequential ones in a
      // vitest run of their own): the files driving the one Gemini stand-in the functions call, one after another;
      // likewise the Stripe stand-in's; the rest in parallel.
      // No integration file clears the database: each works on its own users and projects. Then, alone, per-instance.
      ...[
        {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: [...GEMINI_LANE, ...STRIPE_LANE, ...PER_INSTANCE],
          maxWorkers: EMULATOR_FILE_WORKERS,
          isolate: false,
        },
        { name: 'integration-gemini', include: GEMINI_LANE, fileParallelism: false },
        { name: 'integration-stripe', include: STRIPE_LANE, fileParallelism: false },
        // Run alone after the other suites (scripts/test-emulated.sh): a limit held in one instance's memory.
        { name: 'per-instance', include: PER_INSTANCE, fileParallelism: false },
      ].map((lane) => ({
        resolve,
        // A test may wait twice for the emulated functions' own work (an upload analysed, then analysed again).
        test: { root: './functions', environment: 'node' as const, testTimeout: 2 * FUNCTIONS_WORK_WAIT_MS + 60_000, hookTimeout: STAND_IN_WAIT, ...lane },
      })),
      {
        resolve,
        test: {
          name: 'pipeline',
          root: './functions',
          include: ['test/pipeline/**/*.test.ts'],
          environment: 'node',
          setupFiles: [OWN_FIRESTORE_PROJECT],
          maxWorkers: EMULATOR_FILE_WORKERS,
          isolate: false,
          // The load tests race up to 40 requests over four instances against one Firestore emulator: alone 10–30 s,
          // beside the browser and integration suites on two cores up to about a minute (60 took 66–110 s, too near
          // this limit). They assert exact counts, not time; the full sizes run under `npm run bench -- reliability`.
          testTimeout: 120_000,
          hookTimeout: 30_000,
        },
      },
      // The browser suite, and apart from it the files that change a setting of the whole Auth emulator (run alone,
      // after every other suite: scripts/test-emulated.sh).
      ...[
        {
          name: 'browser',
          include: ['**/*.test.ts'],
          exclude: ['alone/**'],
          // Three files at a time: each makes its own users and projects; a stand-in on a fixed port waits for the
          // port (test/support/loopback-server.mjs).
          maxWorkers: 3,
          // A worker's files share its loaded modules (Playwright, axe, the server's seeding modules): each file still
          // connects on its own and makes its own contexts. Imports took 44 s of the suite's CPU, now 12 s.
          isolate: false,
        },
        { name: 'browser-alone', include: ['alone/**/*.test.ts'], fileParallelism: false },
      ].map((part) => ({
        resolve,
        test: {
          root: './e2e',
          // One Chromium for the run; each file connects to it (e2e/support/browser.ts).
          globalSetup: ['./support/chromium-server.ts'],
          environment: 'node' as const,
          // Live updates travel emulator → listener → render; on a loaded CI machine that can take
          // seconds, so polled expectations wait up to 15 s (they still fail when the value never comes).
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // A test that uploads waits for the emulated functions' analysis, which on a loaded machine can wait in the
          // Functions emulator's line for over a minute.
          testTimeout: FUNCTIONS_WORK_WAIT_MS + 120_000,
          hookTimeout: STAND_IN_WAIT,
          ...part,
        },
      })),
    ],
  },
});
