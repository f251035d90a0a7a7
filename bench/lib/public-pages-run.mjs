// Phase 2 of bench/public-pages.mjs, inside `firebase emulators:exec --only auth,firestore,functions,hosting` on the
// data phase 1 exported (imported data fires no trigger, so nothing runs besides what is measured). Prints the
// public endpoint's latency, what a public page loads gzipped (and that none of it is the Firebase SDK), the
// time to its first insight, and Lighthouse's performance score for both pages. Lines starting with "│ " are
// the figures. The share tokens come in PUBLIC_BENCH_TOKENS ({"summary": "...", "interviews": "..."}).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { root } from './support.mjs';

const REQUESTS = 50;
const HOSTING = process.env.BENCH_HOSTING_URL ?? 'http://127.0.0.1:5000';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** Strings only the Firebase SDKs carry (Firestore's and Auth's backends, Firestore's package). */
const FIREBASE_MARKERS = ['firestore.googleapis.com', '@firebase/firestore', 'identitytoolkit.googleapis.com'];
const say = (line) => console.log(`│ ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const links = JSON.parse(process.env.PUBLIC_BENCH_TOKENS ?? '{}');
if (!links.summary || !links.interviews) {
  console.error('PUBLIC_BENCH_TOKENS must name the summary and interviews tokens.');
  process.exit(2);
}

// ---- Endpoint latency, through Hosting as a visitor's browser asks ---------------------------------------------
let windowStart = Date.now();
let windowCount = 0;
async function timedGet(url) {
  for (;;) {
    if (Date.now() - windowStart >= 60_000) {
      windowStart = Date.now();
      windowCount = 0;
    }
    windowCount++;
    const t = performance.now();
    const res = await fetch(url, { headers: { accept: 'application/json', 'accept-encoding': 'gzip' } });
    const text = await res.text();
    const ms = performance.now() - t;
    if (res.status === 429) {
      await sleep(Number(res.headers.get('retry-after') ?? 60) * 1000);
      windowStart = Date.now();
      windowCount = 0;
      continue;
    }
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return { ms, text };
  }
}
const counts = {};
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
for (const kind of ['summary', 'interviews']) {
  const url = `${HOSTING}/api/public/${kind}/${links[kind]}`;
  const first = await timedGet(url);
  const times = [];
  for (let i = 0; i < REQUESTS; i++) times.push((await timedGet(url)).ms);
  const view = JSON.parse(first.text);
  counts[kind] = (kind === 'summary' ? view.consolidatedInsights : view.insights).length;
  const what = `${kind === 'summary' ? 'consolidated ' : ''}insight${counts[kind] === 1 ? '' : 's'}`;
  say(
    `GET /api/public/${kind}: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms over ${REQUESTS} requests through Hosting` +
      ` (first ${first.ms.toFixed(0)} ms); ${counts[kind]} ${what}, ${kb(Buffer.byteLength(first.text))} JSON, ${kb(gzipSync(first.text).length)} gzipped`,
  );
}

// The rate limit (120 a minute per address) must not answer the page loads below.
if (windowCount > 60) await sleep(Math.max(0, 61_000 - (Date.now() - windowStart)));

// ---- What a public page loads, and how fast its first insight shows ---------------------------------------------
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS });
const firstCard = [];
const allCards = [];
let assets = [];
for (let run = 0; run < 3; run++) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const loaded = [];
  const pending = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const type = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : response.request().resourceType() === 'document' ? 'html' : null;
    if (url.origin !== HOSTING || !type) return;
    pending.push(response.body().then((body) => loaded.push({ path: url.pathname, type, gzip: gzipSync(body, { level: 9 }).length, text: body.toString('utf8') })));
  });
  const t0 = Date.now();
  await page.goto(`${HOSTING}/public/interviews/${links.interviews}`);
  await page.locator('[data-testid="public-insight"]').first().waitFor({ timeout: 30_000 });
  firstCard.push(Date.now() - t0);
  await page.locator('[data-testid="public-insight"]').nth(counts.interviews - 1).waitFor({ state: 'attached', timeout: 60_000 });
  allCards.push(Date.now() - t0);
  await Promise.all(pending);
  assets = loaded;
  await context.close();
}
await browser.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const code = assets.filter((a) => a.type !== 'html');
const withSdk = code.filter((a) => a.type === 'js' && FIREBASE_MARKERS.some((m) => a.text.includes(m)));
const html = assets.find((a) => a.type === 'html');
say(
  `Public page assets: ${kb(code.reduce((s, a) => s + a.gzip, 0))} gzipped (${code.filter((a) => a.type === 'js').length} scripts, ` +
    `${code.filter((a) => a.type === 'css').length} stylesheet; + ${kb(html?.gzip ?? 0)} HTML) — goal ≤ 100 KB; ` +
    (withSdk.length ? `FIREBASE SDK FOUND in ${withSdk.map((a) => a.path).join(', ')}` : 'no Firebase SDK'),
);
say(`Interview page (${counts.interviews.toLocaleString('en-US')} insights), cold load to first insight: median ${median(firstCard)} ms (${firstCard.join(', ')} ms); all rendered: median ${median(allCards)} ms`);

// ---- Lighthouse (mobile, simulated throttling): the median of 3 runs per page ------------------------------------
const LIGHTHOUSE_RUNS = 3;
const lighthouse = join(root, 'node_modules/.bin/lighthouse');
const out = mkdtempSync(join(tmpdir(), 'lh-'));
for (const kind of ['summary', 'interviews']) {
  const reports = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
    const path = join(out, `${kind}-${run}.json`);
    const result = spawnSync(
      lighthouse,
      [`${HOSTING}/public/${kind}/${links[kind]}`, '--only-categories=performance', '--output=json', `--output-path=${path}`, '--quiet', `--chrome-flags=${CHROME_ARGS.join(' ')}`],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, encoding: 'utf8', timeout: 180_000 },
    );
    if (existsSync(path)) reports.push(JSON.parse(readFileSync(path, 'utf8')));
    else say(`Lighthouse ${kind} page, run ${run + 1}: no report (${result.status}) ${(result.stderr ?? '').split('\n').slice(-3).join(' ')}`);
  }
  if (reports.length === 0) continue;
  const score = (r) => Math.round((r.categories.performance.score ?? 0) * 100);
  const report = [...reports].sort((a, b) => score(a) - score(b))[Math.floor(reports.length / 2)];
  const a = (id) => report.audits[id]?.displayValue ?? '?';
  // Lighthouse 13 on Node 20: a few "insight" audits error without affecting the score; say which.
  const errored = Object.values(report.audits).filter((x) => x.scoreDisplayMode === 'error').map((x) => x.id);
  say(
    `Lighthouse performance, ${kind} page: ${score(report)} (median of ${reports.map(score).join(', ')}) — goal ≥ 95 ` +
      `(FCP ${a('first-contentful-paint')}, LCP ${a('largest-contentful-paint')}, TBT ${a('total-blocking-time')}, CLS ${a('cumulative-layout-shift')}` +
      `${errored.length ? `; unscored audits that errored: ${errored.join(', ')}` : ''})`,
  );
}
rmSync(out, { recursive: true, force: true });
