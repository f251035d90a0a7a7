import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The server's suites read the contract from its TypeScript sources, as the web app does.
const resolve = {
  alias: {
    '@verbatim/contract/themes': fileURLToPath(new URL('./contract/src/themes/index.ts', import.meta.url)),
    '@verbatim/contract': fileURLToPath(new URL('./contract/src', import.meta.url)),
  },
};

// One config, one project per suite. Unit suites run without emulators; rules and pipeline (server
// modules called in-process) run against a Firestore emulator alone, so no trigger interferes;
// integration (the API) and browser run against the whole suite (see scripts/test.sh).
export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'contract-unit',
          root: './contract',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve,
        test: {
          name: 'functions-unit',
          root: './functions',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web-unit',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        resolve,
        test: {
          name: 'rules',
          root: './test/rules',
          include: ['**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 20_000,
        },
      },
      {
        resolve,
        test: {
          name: 'integration',
          root: './functions',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve,
        test: {
          name: 'pipeline',
          root: './functions',
          include: ['test/pipeline/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve,
        test: {
          name: 'browser',
          root: './e2e',
          include: ['**/*.test.ts'],
          // One Chromium for the run; each file connects to it (e2e/support/browser.ts).
          globalSetup: ['./support/chromium-server.ts'],
          environment: 'node',
          // Two files at a time: each makes its own users and projects; a stand-in on a fixed port and a change to
          // an emulator's global setting are guarded by e2e/support/run-locks.ts.
          fileParallelism: true,
          maxWorkers: 2,
          // Live updates travel emulator → listener → render; on a loaded CI machine that can take
          // seconds, so polled expectations wait up to 15 s (they still fail when the value never comes).
          expect: { poll: { timeout: 15_000, interval: 100 } },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
