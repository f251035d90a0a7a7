import { existsSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';

/**
 * Debian's headless shell of Chromium (package chromium-headless-shell: the same Blink and V8 as the browser, without
 * its window system), which Playwright itself prefers for headless runs: a third less CPU than the full browser in
 * headless mode over the same tests. The full browser where the shell is not installed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where every browser test file connects to the run's one Chromium (e2e/support/browser.ts). */
    chromiumWsEndpoint: string;
  }
}

let server: BrowserServer | undefined;

/**
 * The browser suite's global setup: one Chromium for the whole run (starting one takes seconds on a
 * loaded machine). Each file connects to it; each page still gets a fresh context (no cookies, no storage).
 */
export async function setup(project: TestProject): Promise<void> {
  server = await chromium.launchServer({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // An answer served through route.fulfill has no address space of its own: let its page reach the local
      // emulators as the hosted page does.
      '--disable-features=LocalNetworkAccessChecks',
    ],
  });
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await server?.close();
}
