// Runs inside `firebase emulators:exec` for bench/workspace.mjs. Lines starting with "│ " are the figures.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { chromium } from 'playwright-core';
import { listFixtures, requireCompiled } from './support.mjs';

const INTERVIEWS = 50;
const INSIGHTS_PER_INTERVIEW = 20;
const THEMES = ['Pain points', 'Needs and wishes', 'Workarounds', 'Goals and motivations', 'What works well', 'Recurring topics'];
const say = (line) => console.log(`│ ${line}`);

const [{ parseTranscript }, { splitTranscript, partId }] = requireCompiled('parsers/index.js', '../../../contract/dist/transcript-parts.js');
initializeApp({ projectId: 'demo-verbatim' });
const db = getFirestore();

// A researcher, through the Auth emulator's REST API.
const email = `bench-${Date.now()}@example.com`;
const password = 'bench-password-1';
const signUp = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password, returnSecureToken: true }),
}).then((r) => r.json());
const uid = signUp.localId;
const now = Timestamp.now();
await db.doc(`users/${uid}`).set({ email, name: 'Bench', creditsRemaining: 10, subscriptionActive: true, createdAt: now, updatedAt: now });

// English transcripts with participants, parsed once.
const sources = [];
for (const path of listFixtures()) {
  const parsed = await parseTranscript({ bytes: readFileSync(path), fileName: basename(path) });
  const quotable = parsed.turns.filter((t) => parsed.speakers.find((s) => s.label === t.speaker)?.role === 'participant' && t.end - t.start > 80);
  if (parsed.language === 'en' && quotable.length >= 10) sources.push({ name: basename(path), parsed, quotable });
}

const project = db.collection('projects').doc();
let words = 0;
let writer = db.bulkWriter();
for (let i = 0; i < INTERVIEWS; i++) {
  const { parsed, quotable } = sources[i % sources.length];
  const documentId = `doc${String(i).padStart(2, '0')}`;
  const groupedTags = THEMES.map((groupLabel, k) => ({ groupLabel, tags: [{ originalTag: `tag ${k}`, refinedTag: `tag ${k}` }] }));
  words += parsed.wordCount;
  writer.set(project.collection('documents').doc(documentId), {
    projectId: project.id, ownerId: uid, name: `Interview ${i + 1}`, fileName: `interview-${i + 1}.txt`, format: parsed.format,
    size: parsed.text.length, status: 'ready', progress: 1, error: null, errorCode: null, notes: [], speakers: parsed.speakers,
    wordCount: parsed.wordCount, language: parsed.language, turnCount: parsed.turns.length, creditSpent: false,
    analysis: { analyser: 'local', groupedTags, quoteStats: { proposed: 40, anchored: 40, droppedUnanchored: 0, droppedInterviewer: 0, droppedInsights: 0 }, insightCount: INSIGHTS_PER_INTERVIEW, notes: [], usage: null, completedAt: now },
    createdAt: now, updatedAt: now,
  });
  for (const part of splitTranscript({ text: parsed.text, turns: parsed.turns, timeMarks: parsed.timeMarks ?? [] }, parsed.speakers.map((s) => s.label))) {
    writer.set(project.collection('documents').doc(documentId).collection('transcript').doc(partId(part)), part);
  }
  for (let k = 0; k < INSIGHTS_PER_INTERVIEW; k++) {
    const quotes = [0, 1].map((q) => {
      const turn = quotable[(k * 2 + q) % quotable.length];
      const end = Math.min(turn.end, turn.start + 160);
      return { text: parsed.text.slice(turn.start, end), documentId, speaker: turn.speaker, start: turn.start, end };
    });
    writer.set(project.collection('insights').doc(), {
      title: `Insight ${k + 1} of interview ${i + 1}`, description: `What participant ${i + 1} said about topic ${k}.`,
      tag: `tag ${k % THEMES.length}`, documentId, quotes, source: 'local', createdAt: now,
    });
  }
}
await writer.close();
await project.set({ ownerId: uid, name: 'Bench: 50 interviews', createdAt: now, updatedAt: now,
  counts: { documents: INTERVIEWS, parsed: INTERVIEWS, failed: 0, words }, settings: { analyser: 'local', redactPii: true } });
say(`Seeded ${INTERVIEWS} interviews (${words.toLocaleString('en-US')} words) and ${INTERVIEWS * INSIGHTS_PER_INTERVIEW} insights.`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await (await browser.newContext({ baseURL: 'http://127.0.0.1:5000', viewport: { width: 1366, height: 900 } })).newPage();
await page.goto('/login');
await page.getByLabel('Email').fill(email);
await page.getByLabel('Password').fill(password);
await page.getByRole('button', { name: 'Log in', exact: true }).click();
await page.waitForURL('**/projects');

const board = `/projects/${project.id}/insights`;
const firstCard = () => page.locator('[data-testid="insight-card"]').first().waitFor({ timeout: 30_000 });

// Cold: a full page load of the board.
const cold = [];
for (let run = 0; run < 3; run++) {
  const t0 = Date.now();
  await page.goto(board);
  await firstCard();
  cold.push(Date.now() - t0);
}
// Cached: back to the interviews tab and in-app to the board again (listeners and chunks warm).
const warm = [];
for (let run = 0; run < 5; run++) {
  await page.getByRole('link', { name: 'Interviews', exact: true }).click();
  await page.waitForURL('**/interviews');
  const t0 = Date.now();
  await page.getByRole('link', { name: 'Insights', exact: true }).click();
  await firstCard();
  warm.push(Date.now() - t0);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
say(`Board first meaningful paint, cold page load: median ${median(cold)} ms (${cold.join(', ')} ms)`);
say(`Board first meaningful paint, in-app once cached: median ${median(warm)} ms (${warm.join(', ')} ms) — goal ≤ 1000 ms`);

// Search: time from a keystroke to the next painted frame after the board changed.
const search = page.getByRole('searchbox').first();
await search.click();
const keystrokes = [];
for (const text of ['i', 'in', 'int', 'inte', 'inter', 'interview 1', 'interview 12', 'xyz', '']) {
  const ms = await page.evaluate(async (value) => {
    const input = document.querySelector('input[type="search"]');
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const t0 = performance.now();
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - t0;
  }, text);
  keystrokes.push(Math.round(ms * 10) / 10);
}
say(`Search, keystroke to painted update: median ${median(keystrokes)} ms, worst ${Math.max(...keystrokes)} ms — goal ≤ 50 ms`);

// Scrolling: frame times while the board scrolls to the bottom.
const frames = await page.evaluate(async () => {
  const times = [];
  let last = performance.now();
  const scroller = document.scrollingElement;
  const end = scroller.scrollHeight;
  return new Promise((resolve) => {
    const step = () => {
      const t = performance.now();
      times.push(t - last);
      last = t;
      scroller.scrollTop += 120;
      if (scroller.scrollTop + innerHeight >= end - 2 || times.length > 600) resolve(times.slice(1));
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
});
const long = frames.filter((f) => f > 50).length;
say(`Scrolling: ${frames.length} frames, median ${median(frames).toFixed(1)} ms, worst ${Math.max(...frames).toFixed(1)} ms, ${long} over 50 ms`);
say(`Cards in the DOM after scrolling: ${await page.locator('[data-testid="insight-card"]').count()} of ${INTERVIEWS * INSIGHTS_PER_INTERVIEW}`);
await browser.close();
