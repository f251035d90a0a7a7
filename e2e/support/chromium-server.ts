import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where every browser test file connects to the run's one Chromium (e2e/support/browser.ts). */
    chromiumWsEndpoint: string;
    /** Where the files' locks live for this run (e2e/support/run-locks.ts). */
    runLockDir: string;
  }
}

let server: BrowserServer | undefined;
let lockDir: string | undefined;

/**
 * The browser suite's global setup: one Chromium for the whole run (starting one takes seconds on a
 * loaded machine). Each file connects to it; each page still gets a fresh context (no cookies, no storage).
 * Also a fresh directory for the locks of the files that run side by side.
 */
export async function setup(project: TestProject): Promise<void> {
  server = await chromium.launchServer({
    executablePath: CHROMIUM,
    args: [
      '--headless=new',
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
  lockDir = await mkdtemp(join(tmpdir(), 'verbatim-browser-locks-'));
  project.provide('runLockDir', lockDir);
}

export async function teardown(): Promise<void> {
  await server?.close();
  if (lockDir) await rm(lockDir, { recursive: true, force: true });
}
