import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { APP_URL } from './browser';

/**
 * The app as a deployment with VITE_STRIPE_PRICE_ID set builds it: the hosted build has no price id (the
 * spec's case), so the subscribe modal's checkout path needs this second build. It is built once per run
 * into .cache/ and served in place of the hosted files; /api and everything else still reach the emulators.
 */
const PRICED_PRICE_ID = 'price_demo_solo';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(ROOT, '.cache/web-priced');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

let built = false;

function buildOnce(): void {
  if (built) return;
  execFileSync('npx', ['vite', 'build', '--outDir', OUT, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(ROOT, 'web'),
    // The test runner's NODE_ENV would make a development build: build as a deployment does.
    env: { ...process.env, NODE_ENV: 'production', VITE_STRIPE_PRICE_ID: PRICED_PRICE_ID },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  built = true;
}

/** Serves the priced build to `page` for the app's own paths (a single-page app: unknown paths get index.html). */
export async function usePricedBuild(page: Page): Promise<void> {
  buildOnce();
  await page.route(`${APP_URL}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path.startsWith('/api/') || path.startsWith('/__/')) return route.continue();
    const file = join(OUT, path);
    const found = file.startsWith(OUT) && existsSync(file) && statSync(file).isFile() ? file : join(OUT, 'index.html');
    await route.fulfill({ status: 200, contentType: TYPES[extname(found)] ?? 'application/octet-stream', body: readFileSync(found) });
  });
}
