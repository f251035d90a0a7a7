// Inside `firebase emulators:exec` (see bench/front-door.mjs): measures the first load of `/` and runs Lighthouse.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { root } from './support.mjs';

const HOSTING = 'http://127.0.0.1:5000';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const JS_BUDGET = 150 * 1024;
const SCORE_GOAL = 95;
const say = (line) => console.log(`│ ${line}`);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

// ---- First load of `/`, signed out -------------------------------------------------------------------------------
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS });
const page = await browser.newPage();
const scripts = [];
const pending = [];
page.on('response', (response) => {
  const url = new URL(response.url());
  if (url.origin !== HOSTING || !url.pathname.endsWith('.js')) return;
  pending.push(response.body().then((body) => scripts.push({ path: url.pathname, gzip: gzipSync(body, { level: 9 }).length, firestore: body.includes('firestore.googleapis.com') })));
});
await page.goto(`${HOSTING}/`, { waitUntil: 'networkidle' });
await Promise.all(pending);
await browser.close();
const total = scripts.reduce((n, s) => n + s.gzip, 0);
const largest = [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 4).map((s) => `${s.path.replace('/assets/', '')} ${kb(s.gzip)}`);
say(
  `First load of / (signed out): ${kb(total)} of JavaScript gzipped in ${scripts.length} files — budget ≤ ${kb(JS_BUDGET)}: ${total <= JS_BUDGET ? 'met' : 'OVER'}; ` +
    `${scripts.some((s) => s.firestore) ? 'FIRESTORE SDK LOADED' : 'no Firestore SDK'} (largest: ${largest.join(', ')})`,
);

// ---- Lighthouse ----------------------------------------------------------------------------------------------------
const lighthouse = join(root, 'node_modules/.bin/lighthouse');
const out = mkdtempSync(join(tmpdir(), 'lh-front-'));
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
for (const path of ['/', '/ux-researchers', '/pricing']) {
  const reports = [];
  for (let run = 0; run < 3; run++) {
    const file = join(out, `${path.replace(/\W/g, '_')}-${run}.json`);
    const result = spawnSync(
      lighthouse,
      [`${HOSTING}${path}`, `--only-categories=${CATEGORIES.join(',')}`, '--output=json', `--output-path=${file}`, '--quiet', `--chrome-flags=${CHROME_ARGS.join(' ')}`],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, encoding: 'utf8', timeout: 180_000 },
    );
    if (existsSync(file)) reports.push(JSON.parse(readFileSync(file, 'utf8')));
    else say(`Lighthouse ${path}, run ${run + 1}: no report (${result.status}) ${(result.stderr ?? '').split('\n').slice(-3).join(' ')}`);
  }
  if (reports.length === 0) continue;
  const score = (r, c) => Math.round((r.categories[c]?.score ?? 0) * 100);
  const medians = CATEGORIES.map((c) => [...reports.map((r) => score(r, c))].sort((a, b) => a - b)[Math.floor(reports.length / 2)]);
  const failing = reports[0] ? Object.values(reports[0].audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id) : [];
  say(
    `Lighthouse ${path}: performance ${medians[0]}, accessibility ${medians[1]}, best practices ${medians[2]} (median of ${reports.length}) — goal ≥ ${SCORE_GOAL} each: ` +
      `${medians.every((m) => m >= SCORE_GOAL) ? 'met' : 'NOT met'}${failing.length ? `; failed checks: ${failing.slice(0, 8).join(', ')}` : ''}`,
  );
}
rmSync(out, { recursive: true, force: true });
