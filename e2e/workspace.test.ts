import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { clickUntil, useBrowser } from './support/browser';
import { storedTranscript } from './support/insights';
import { overflowing, PHONE } from './support/layout';
import { createProjectFor, logInNewUser } from './support/projects';
import { seedReadyInterviews } from './support/seed';
import { dragSelect, insightsOf, screenshot, selectedText, visible, type StoredInsightFull } from './support/workspace';
import { FUNCTIONS_WORK_WAIT_MS } from '../test/support/emulators';

const newPage = useBrowser();
const FIXTURES = new URL('../functions/test/fixtures/transcripts/', import.meta.url).pathname;
// Two interviews of one real user study (same questions, so shared themes) and a product interview with timestamps.
const FILES = ['18_pdpilot_P1_user-study-interview.pdf', '01_pdpilot_P2_user-study-interview.pdf', '06_gvc_eBay-FarhangKassei-Interview-v4.srt'];
// What the server writes on an interview whose analysis timed out (functions/src/analysis-runs/analyse-interview.ts).
const ANALYSIS_TIMEOUT = 'The analysis took too long and was stopped. Your credit was returned; please try again.';
const INTERVIEWER_REFUSAL = "That passage is the interviewer's; only participants' words can be quoted.";

const cards = (page: Page) => page.getByTestId('insight-card');
const heading = (page: Page) => page.getByTestId('jump-heading');
const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
const toastMessages = (page: Page) => page.getByTestId('toast-message').allTextContents();

async function storedInterviews(projectId: string) {
  const snap = await adminDb().collection(`projects/${projectId}/documents`).get();
  return snap.docs.map((d) => ({ id: d.id, name: d.get('name') as string, status: d.get('status') as string, speakers: d.get('speakers') as { label: string; role: string }[] }));
}

/** Non-overlapping, case-insensitive occurrences of `word` inside the turns (what find should count). */
function countInTurns(text: string, turns: { start: number; end: number }[], word: string): number {
  let n = 0;
  for (const t of turns) {
    const hay = text.slice(t.start, t.end).toLowerCase();
    for (let at = hay.indexOf(word); at >= 0; at = hay.indexOf(word, at + word.length)) n++;
  }
  return n;
}

/** A stretch of whole words inside a turn's text: [from, to) relative to the turn. */
function phraseIn(turnText: string, skipWords: number, length: number): { from: number; to: number } {
  const words = [...turnText.matchAll(/\S+/g)];
  const first = words[Math.min(skipWords, words.length - 1)];
  const from = first.index!;
  let to = from + first[0].length;
  for (const w of words) if (w.index! > from && w.index! + w[0].length - from <= length) to = w.index! + w[0].length;
  return { from, to };
}

describe('the research workspace', () => {
  it(
    'walks a study: project, three interviews, board, heatmap filter, source passage, manual insight, merge, rename, delete',
    async () => {
      const page = await newPage();
      try {
        await walk(page);
      } catch (err) {
        await screenshot(page, 'workspace-failure').catch(() => undefined);
        throw err;
      }
    },
    420_000,
  );
});

async function walk(page: Page): Promise<void> {
      const user = await logInNewUser(page);

      // ---- Create the project through the page.
      await page.getByLabel('Project name').fill('Explainability study');
      // This server offers Gemini (no stand-in runs for this test): keep the project's analysis Verbatim only.
      await page.getByRole('radio', { name: /^Verbatim only/ }).check();
      // The new project opens on its Interviews page.
      await page.getByRole('button', { name: 'Create project' }).click();
      await page.waitForURL('**/projects/*/interviews');
      const projectCard = page.getByTestId('project-card').filter({ hasText: 'Explainability study' });
      const projectId = new URL(page.url()).pathname.split('/')[2];
      expect((await adminDb().doc(`projects/${projectId}`).get()).get('ownerId')).toBe(user.uid);
      await expect.poll(() => page.getByTestId('credits-line').textContent()).toBe('10 credits left · each new interview or re-analysis uses one');

      // ---- Three shared transcripts, analysed as their upload leaves them (seeded: e2e/support/seed.ts; the upload
      // itself, with its progress, is walked in 'the interviews list' below and in e2e/upload.test.ts).
      await seedReadyInterviews(user, projectId, FILES);
      for (const file of FILES) {
        const row = page.getByTestId('document-row').filter({ hasText: file });
        await expect.poll(() => row.getByTestId('status-chip').textContent()).toBe('Ready');
      }
      expect(await page.getByRole('progressbar').count()).toBe(0);
      await expect.poll(() => page.getByTestId('credits-line').textContent()).toBe('7 credits left · each new interview or re-analysis uses one');
      expect((await adminDb().doc(`users/${user.uid}`).get()).get('creditsRemaining')).toBe(7);
      const documents = await storedInterviews(projectId);
      expect(documents.map((d) => d.status)).toEqual(['ready', 'ready', 'ready']);
      const nameOf = new Map(documents.map((d) => [d.id, d.name]));

      // ---- The insights board: every visible insight, counted, with the pictures.
      await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Insights' }).click();
      await page.waitForURL(`**/projects/${projectId}/insights`);
      let stored = (await insightsOf(projectId)).filter(visible);
      expect(stored.length).toBeGreaterThan(3);
      await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe(`${plural(stored.length, 'insight')}. Jump to theme:`);
      expect(await page.getByTestId('insight-counts').textContent()).toBe(`${plural(stored.length, 'insight')} from 3 interviews`);
      const heatmap = page.getByTestId('heatmap');
      await expect.poll(() => heatmap.getByTestId('heatmap-cell').count(), { timeout: 15_000 }).toBeGreaterThan(0);

      // Each quote is drawn once, in its insight's theme row and its interview's column.
      const cells = await heatmap.getByTestId('heatmap-cell').evaluateAll((els) =>
        els.map((el) => ({
          theme: el.getAttribute('data-theme')!,
          interview: el.getAttribute('data-interview')!,
          quotes: Number(el.getAttribute('data-quotes')),
          insights: Number(el.getAttribute('data-insights')),
        })),
      );
      const allQuotes = stored.flatMap((i) => i.quotes);
      expect(cells.reduce((n, c) => n + c.quotes, 0)).toBe(allQuotes.length);
      for (const d of documents) {
        expect(cells.filter((c) => c.interview === d.id).reduce((n, c) => n + c.quotes, 0)).toBe(allQuotes.filter((q) => q.documentId === d.id).length);
      }
      // The counts per theme: every insight and every quote once.
      const totals = await page.getByTestId('theme-count').evaluateAll((els) =>
        els.map((el) => ({
          insights: Number(el.querySelector('[data-testid="theme-count-insights"]')!.textContent),
          quotes: Number(el.querySelector('[data-testid="theme-count-quotes"]')!.textContent),
        })),
      );
      expect(totals.reduce((n, t) => n + t.insights, 0)).toBe(stored.length);
      expect(totals.reduce((n, t) => n + t.quotes, 0)).toBe(allQuotes.length);
      await screenshot(page, 'board-desktop');

      // ---- Filter by a theme from the heatmap: the strongest cell.
      const cell = [...cells].sort((a, b) => b.quotes - a.quotes)[0];
      await heatmap.locator(`[data-testid="heatmap-cell"][data-theme="${cell.theme}"][data-interview="${cell.interview}"]`).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('theme')).toBe(cell.theme);
      expect(new URL(page.url()).searchParams.get('interview')).toBe(cell.interview);
      await expect.poll(() => heading(page).textContent()).toBe(`${plural(cell.insights, 'insight')}. Jump to theme:`);
      expect(await page.getByTestId('theme-heading').allTextContents()).toEqual([cell.theme]);
      expect(await page.getByLabel('Theme', { exact: true }).inputValue()).toBe(cell.theme);
      expect(await page.getByLabel('Interview', { exact: true }).inputValue()).toBe(cell.interview);
      const interviewName = nameOf.get(cell.interview)!;
      const shownIds = await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-insight-id')!));
      expect(shownIds).toHaveLength(cell.insights);
      const shown = shownIds.map((id) => stored.find((i) => i.id === id)!);
      expect(shown.reduce((n, i) => n + i.quotes.filter((q) => q.documentId === cell.interview).length, 0)).toBe(cell.quotes);
      await expect.poll(() => heatmap.locator('[aria-pressed="true"]').count()).toBe(1);

      // ---- Open a quote's source passage from its citation.
      const firstCard = cards(page).first();
      const cardInsight = shown[0];
      const citation = firstCard.getByTestId('quote-citation').filter({ hasText: interviewName }).first();
      const href = (await citation.getAttribute('href'))!;
      const [, qs, qe] = /#q-(\d+)-(\d+)$/.exec(href)!;
      const cited = cardInsight.quotes.find((q) => q.start === Number(qs) && q.end === Number(qe))!;
      expect(cited.documentId).toBe(cell.interview);
      expect(await citation.textContent()).toMatch(new RegExp(`^— ${cited.speaker}, ${interviewName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      await citation.click();
      await page.waitForURL(`**/projects/${projectId}/documents/${cell.interview}#q-${qs}-${qe}`);
      const linked = page.getByTestId('quote-highlight');
      await expect.poll(() => linked.count(), { timeout: 15_000 }).toBe(1);
      expect(await linked.textContent()).toBe(cited.text);
      const content = await storedTranscript(projectId, cell.interview);
      expect(content.text.slice(cited.start, cited.end)).toBe(cited.text);
      await expect.poll(() => linked.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      })).toBe(true);

      // Every anchored quote of this interview is highlighted; a highlight opens its insight beside the transcript.
      const here = stored.filter((i) => i.quotes.some((q) => q.documentId === cell.interview));
      const ranges = new Set(here.flatMap((i) => i.quotes.filter((q) => q.documentId === cell.interview).map((q) => `${q.start}-${q.end}`)));
      const keys = await page.getByTestId('anchored-quote').evaluateAll((els) => els.flatMap((el) => el.getAttribute('data-quotes')!.split(' ')));
      expect(new Set(keys.map((k) => k.split('|')[1]))).toEqual(ranges);
      const otherMark = page.locator(`[data-testid="anchored-quote"]:not([data-quotes*="|${qs}-${qe}"])`).first();
      const otherKey = (await otherMark.getAttribute('data-quotes'))!.split(' ')[0];
      const panel = page.getByTestId('document-insights');
      const current = panel.locator('[data-testid="document-insight"][aria-current="true"]');
      // The transcript has just scrolled to the cited passage and renders live: a click that lands while it moves can
      // miss, so it is sent again until its insight is open.
      await clickUntil(otherMark, async () => (await current.count()) === 1 && (await current.getAttribute('data-insight-id')) === otherKey.split('|')[0]);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-insight-id'))).toBe(otherKey.split('|')[0]);
      expect(await page.locator('mark.hl--focused').count()).toBeGreaterThan(0);
      // The same from the keyboard: a highlight takes focus, and Enter opens its insight.
      const otherInsight = otherKey.split('|')[0];
      const byKeyboard = page.locator(`[data-testid="anchored-quote"]:not([data-quotes*="${otherInsight}|"])`).first();
      const keyboardInsight = (await byKeyboard.getAttribute('data-quotes'))!.split(' ')[0].split('|')[0];
      await byKeyboard.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => panel.locator('[data-testid="document-insight"][aria-current="true"]').getAttribute('data-insight-id')).toBe(keyboardInsight);
      // And a quote in the panel scrolls the transcript to its passage and flashes it.
      const [os, oe] = otherKey.split('|')[1].split('-');
      await panel.locator(`a[href$="#q-${os}-${oe}"]`).first().click();
      await page.waitForURL(`**/documents/${cell.interview}#q-${os}-${oe}`);
      await expect.poll(() => linked.textContent()).toBe(content.text.slice(Number(os), Number(oe)));
      expect(await linked.getAttribute('class')).toContain('quote-highlight--flash');
      await screenshot(page, 'transcript-desktop');

      // ---- Find in the transcript: every match inside the turns, Enter and Shift+Enter to move, Escape to clear.
      const word = 'the';
      const expected = countInTurns(content.text, content.turns, word);
      expect(expected).toBeGreaterThan(2);
      const find = page.getByRole('searchbox', { name: 'Find in transcript' });
      await find.fill(word.toUpperCase());
      await expect.poll(() => page.getByTestId('find-status').textContent()).toBe(`1 of ${expected}`);
      expect(await page.evaluate(() => new Set([...document.querySelectorAll('[data-find]')].map((el) => el.getAttribute('data-find'))).size)).toBe(expected);
      await find.press('Enter');
      await expect.poll(() => page.getByTestId('find-status').textContent()).toBe(`2 of ${expected}`);
      await expect.poll(() => page.locator('mark.find--current').first().evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      })).toBe(true);
      await find.press('Shift+Enter');
      await find.press('Shift+Enter');
      await expect.poll(() => page.getByTestId('find-status').textContent()).toBe(`${expected} of ${expected}`);
      await find.press('Escape');
      await expect.poll(() => page.locator('[data-find]').count()).toBe(0);
      expect(await find.inputValue()).toBe('');

      // ---- The interviewer's words cannot be quoted: the bar says so and offers nothing.
      const docSpeakers = documents.find((d) => d.id === cell.interview)!.speakers;
      const roleOf = new Map(docSpeakers.map((s) => [s.label, s.role]));
      const interviewerTurn = content.turns.find((t) => roleOf.get(t.speaker) === 'interviewer' && t.end - t.start > 20)!;
      expect(interviewerTurn).toBeDefined();
      await page.locator(`p[data-turn="${interviewerTurn.start}"]`).scrollIntoViewIfNeeded();
      await page.locator(`p[data-turn="${interviewerTurn.start}"]`).click({ clickCount: 3 });
      const bar = page.getByTestId('selection-bar');
      await expect.poll(() => bar.textContent()).toBe(INTERVIEWER_REFUSAL);
      expect(await bar.getByRole('button').count()).toBe(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => bar.count()).toBe(0);

      // ---- Create a manual insight from words selected with the mouse in a participant's turn.
      const quotedStarts = new Set(here.flatMap((i) => i.quotes.map((q) => q.start)));
      const free = content.turns.filter(
        (t) => roleOf.get(t.speaker) === 'participant' && t.end - t.start > 120 && t.end - t.start < 2000 && ![...quotedStarts].some((s) => s >= t.start && s < t.end),
      );
      expect(free.length).toBeGreaterThanOrEqual(2);
      const turnA = free[0];
      const a = phraseIn(content.text.slice(turnA.start, turnA.end), 2, 70);
      const phraseA = content.text.slice(turnA.start + a.from, turnA.start + a.to);
      await dragSelect(page, turnA.start, a.from, a.to);
      expect(await selectedText(page)).toBe(phraseA);
      await expect.poll(() => bar.getByRole('button', { name: 'Create insight' }).count()).toBe(1);
      await bar.getByRole('button', { name: 'Create insight' }).click();
      const dialog = page.getByTestId('passage-dialog');
      await expect.poll(() => dialog.getByTestId('passage-text').textContent()).toBe(phraseA);
      await dialog.getByLabel('Title').fill('Manual: explanations need their context');
      await dialog.getByLabel('Tag (optional)').fill('context');
      await dialog.getByRole('button', { name: 'Create insight' }).click();
      let manual: StoredInsightFull | undefined;
      await expect.poll(async () => {
        manual = (await insightsOf(projectId)).find((i) => i.source === 'manual');
        return manual?.quotes.map((q) => [q.start, q.end, q.text, q.speaker]);
      }).toEqual([[turnA.start + a.from, turnA.start + a.to, phraseA, turnA.speaker]]);
      expect(manual!.title).toBe('Manual: explanations need their context');
      expect(manual!.tag).toBe('context');
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => toastMessages(page)).toContain('Created the insight: Manual: explanations need their context.');
      await expect.poll(() => panel.locator('[data-testid="document-insight"][aria-current="true"]').getAttribute('data-insight-id')).toBe(manual!.id);
      // The new quote is highlighted in its turn, exactly.
      await expect.poll(() => page.locator(`[data-quotes~="${manual!.id}|${turnA.start + a.from}-${turnA.start + a.to}"]`).count()).toBeGreaterThan(0);

      // ---- Add another passage to it as a quote.
      const turnB = free[1];
      const b = phraseIn(content.text.slice(turnB.start, turnB.end), 1, 50);
      const phraseB = content.text.slice(turnB.start + b.from, turnB.start + b.to);
      await dragSelect(page, turnB.start, b.from, b.to);
      expect(await selectedText(page)).toBe(phraseB);
      await bar.getByRole('button', { name: 'Add to insight…' }).click();
      await dialog.getByLabel('Find an insight').fill('explanations need');
      await expect.poll(() => dialog.getByRole('radio').count()).toBe(1);
      await dialog.getByRole('button', { name: 'Add quote' }).click();
      await expect.poll(async () => (await insightsOf(projectId)).find((i) => i.id === manual!.id)?.quotes.map((q) => q.text)).toEqual([phraseA, phraseB]);
      await screenshot(page, 'transcript-selection');

      // ---- Back on the board: merge two insights, undo, merge again.
      await page.goto(`/projects/${projectId}/insights`);
      stored = (await insightsOf(projectId)).filter(visible);
      await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe(`${plural(stored.length, 'insight')}. Jump to theme:`);
      const other = stored.find((i) => i.id !== manual!.id && i.documentId === cell.interview)!;
      const manualQuotes = stored.find((i) => i.id === manual!.id)!.quotes;
      expect(manualQuotes).toHaveLength(2);
      const quoteKeys = (quotes: { documentId: string; start: number; end: number }[]) => quotes.map((q) => `${q.documentId}:${q.start}-${q.end}`).sort();
      const cardOf = (id: string) => page.locator(`[data-testid="insight-card"][data-insight-id="${id}"]`);
      await cardOf(manual!.id).getByTestId('select-insight').check();
      await cardOf(other.id).getByTestId('select-insight').check();
      const mergeBar = page.getByTestId('merge-bar');
      await expect.poll(() => mergeBar.locator('.merge-bar__count').textContent()).toBe(`2 insights selected · ${2 + other.quotes.length} quotes together`);
      expect(await mergeBar.getByLabel('Keep the title of').inputValue()).toBe(manual!.id);
      await mergeBar.getByRole('button', { name: 'Merge 2 insights' }).click();
      await expect.poll(async () => (await insightsOf(projectId)).find((i) => i.id === other.id)?.mergedInto).toBe(manual!.id);
      const merged = (await insightsOf(projectId)).find((i) => i.id === manual!.id)!;
      expect(quoteKeys(merged.quotes)).toEqual(quoteKeys([...manualQuotes, ...other.quotes]));
      expect(merged.mergedFrom).toEqual([other.id]);
      await expect.poll(() => heading(page).textContent()).toBe(`${plural(stored.length - 1, 'insight')}. Jump to theme:`);
      expect(await cardOf(other.id).count()).toBe(0);
      // The bar goes when the merge call answers, which may be a moment after the board shows the merge.
      await expect.poll(() => mergeBar.count()).toBe(0);
      await expect.poll(() => toastMessages(page)).toContain('Merged 2 insights into one: Manual: explanations need their context.');
      // Undo: separate again, each with its own quotes.
      await page.getByTestId('toast').filter({ hasText: 'Merged 2 insights' }).getByRole('button', { name: 'Undo' }).click();
      await expect.poll(async () => (await insightsOf(projectId)).find((i) => i.id === other.id)?.mergedInto ?? null).toBeNull();
      expect(quoteKeys((await insightsOf(projectId)).find((i) => i.id === manual!.id)!.quotes)).toEqual(quoteKeys(manualQuotes));
      await expect.poll(() => heading(page).textContent()).toBe(`${plural(stored.length, 'insight')}. Jump to theme:`);
      // Merge again, keeping the analyser's title this time.
      await cardOf(other.id).getByTestId('select-insight').check();
      await cardOf(manual!.id).getByTestId('select-insight').check();
      await mergeBar.getByRole('button', { name: 'Merge 2 insights' }).click();
      await expect.poll(async () => (await insightsOf(projectId)).find((i) => i.id === manual!.id)?.mergedInto).toBe(other.id);
      await expect.poll(() => heading(page).textContent()).toBe(`${plural(stored.length - 1, 'insight')}. Jump to theme:`);

      // ---- Edit, move to a new theme, delete with undo: all written live, all kept as the researcher's.
      const target = cardOf(other.id);
      await target.getByRole('button', { name: 'Edit' }).click();
      await target.getByLabel('Title').fill('Explanations need their context');
      await target.getByLabel('Description').fill('Participants read a plot only next to the data it explains.');
      await target.getByRole('button', { name: 'Save' }).click();
      await expect.poll(async () => {
        const i = (await insightsOf(projectId)).find((x) => x.id === other.id)!;
        return [i.title, i.description, i.edited];
      }).toEqual(['Explanations need their context', 'Participants read a plot only next to the data it explains.', true]);
      expect(await target.locator('h3').textContent()).toBe('Explanations need their context');
      await target.getByRole('button', { name: 'Move to theme' }).click();
      await target.getByLabel('Move to theme').selectOption({ label: 'New theme…' });
      await target.getByLabel('New theme name').fill('Context matters');
      await target.getByRole('button', { name: 'Move', exact: true }).click();
      await expect.poll(async () => (await insightsOf(projectId)).find((x) => x.id === other.id)!.theme).toBe('Context matters');
      await expect.poll(() => page.getByTestId('theme-heading').allTextContents()).toContain('Context matters');
      await target.getByRole('button', { name: 'Delete' }).click();
      await expect.poll(async () => (await insightsOf(projectId)).find((x) => x.id === other.id)!.deleted).toBe(true);
      await expect.poll(() => target.count()).toBe(0);
      await page.getByTestId('toast').filter({ hasText: 'Deleted the insight: Explanations need their context.' }).getByRole('button', { name: 'Undo' }).click();
      await expect.poll(async () => (await insightsOf(projectId)).find((x) => x.id === other.id)!.deleted).toBe(false);
      await expect.poll(() => target.count()).toBe(1);

      // ---- Phone width: the board and the transcript fit the screen.
      await page.setViewportSize(PHONE);
      await page.goto(`/projects/${projectId}/insights`);
      await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toMatch(/insights?\. Jump to theme:$/);
      await expect.poll(() => page.getByTestId('heatmap').count()).toBe(1);
      await expect.poll(() => overflowing(page)).toEqual([]);
      await screenshot(page, 'board-phone');
      await page.goto(`/projects/${projectId}/documents/${cell.interview}#q-${qs}-${qe}`);
      await expect.poll(() => page.getByTestId('quote-highlight').count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => overflowing(page)).toEqual([]);
      // Tapping a highlight opens its insight's sheet (tapped again if the live transcript re-rendered under the tap).
      const sheet = page.getByTestId('focus-sheet');
      await clickUntil(page.getByTestId('anchored-quote').first(), () => sheet.isVisible());
      await screenshot(page, 'transcript-phone');
      await page.setViewportSize({ width: 1280, height: 800 });

      // ---- Rename the project, then delete it: its interviews, transcripts and insights go with it.
      await page.goto('/projects');
      await projectCard.getByRole('button', { name: 'Rename' }).click();
      await page.getByLabel('New name').fill('Explainability study, round 1');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(async () => (await adminDb().doc(`projects/${projectId}`).get()).get('name')).toBe('Explainability study, round 1');
      const renamed = page.getByTestId('project-card').filter({ hasText: 'Explainability study, round 1' });
      await renamed.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete project' }).click();
      await expect.poll(() => renamed.count()).toBe(0);
      expect((await adminDb().doc(`projects/${projectId}`).get()).exists).toBe(false);
      expect((await adminDb().collection(`projects/${projectId}/documents`).get()).size).toBe(0);
      expect((await adminDb().collection(`projects/${projectId}/insights`).get()).size).toBe(0);
      for (const d of documents) expect((await adminDb().collection(`projects/${projectId}/documents/${d.id}/transcript`).get()).size).toBe(0);
      expect((await adminDb().collection(`projects/${projectId}/synthesis`).get()).size).toBe(0);
}

describe('the interviews list', () => {
  it('states the credits, shows two uploads in progress, uploads a file again, re-analyses on a role change (keeping the researcher’s edits), retries a failed analysis, and asks to subscribe when out of credits', async () => {
    const page = await newPage();
    try {
      await interviews(page);
    } catch (err) {
      await screenshot(page, 'interviews-failure').catch(() => undefined);
      throw err;
    }
  }, 600_000);
});

async function interviews(page: Page): Promise<void> {
  const user = await logInNewUser(page);
  const projectId = await createProjectFor(user, 'Retries');
  await page.goto(`/projects/${projectId}/interviews`);
  const line = page.getByTestId('credits-line');
  await expect.poll(() => line.textContent(), { timeout: 10_000 }).toBe('10 credits left · each new interview or re-analysis uses one');
  const credits = async () => (await adminDb().doc(`users/${user.uid}`).get()).get('creditsRemaining');
  const row = (name: string) => page.getByTestId('document-row').filter({ hasText: name });

  // One interview that reads, and a file that cannot be read (not charged). Their bytes are held at the server's
  // door a moment, to see both uploads' progress.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/documents/*/content', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Choose transcript files').setInputFiles([
    { name: '04_anthropic-interviewer_science_0012.txt', mimeType: 'text/plain', buffer: readFileSync(`${FIXTURES}04_anthropic-interviewer_science_0012.txt`) },
    { name: 'blank.txt', mimeType: 'text/plain', buffer: Buffer.from('   \n\n\t \n') },
  ]);
  await expect.poll(() => page.getByRole('progressbar').count()).toBeGreaterThanOrEqual(2);
  await expect.poll(() => page.getByTestId('status-chip').allTextContents()).toContain('Uploading');
  release();
  await expect.poll(() => row('04_anthropic').getByTestId('status-chip').textContent(), { timeout: FUNCTIONS_WORK_WAIT_MS }).toBe('Ready');
  await expect.poll(() => row('blank.txt').getByTestId('status-chip').textContent(), { timeout: FUNCTIONS_WORK_WAIT_MS }).toBe('Failed');
  await expect.poll(() => line.textContent()).toBe('9 credits left · each new interview or re-analysis uses one');
  // A file that could not be read is not kept: the row offers to upload it again, not to retry.
  expect(await row('blank.txt').getByRole('button', { name: /^Retry analysis/ }).count()).toBe(0);
  const chooser = page.waitForEvent('filechooser');
  await row('blank.txt').getByRole('button', { name: 'Upload again' }).click();
  await (await chooser).setFiles(`${FIXTURES}08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt`);
  await expect.poll(() => row('08_gvc').getByTestId('status-chip').textContent(), { timeout: FUNCTIONS_WORK_WAIT_MS }).toBe('Ready');
  await expect.poll(() => row('blank.txt').count()).toBe(0);
  const docs = await storedInterviews(projectId);
  // Named at upload from their transcripts: labels that tell no one apart ("User"), or no one asking, give the file's name
  // without its extension.
  expect(docs.map((d) => d.name).sort()).toEqual(['04 anthropic-interviewer science 0012', '08 gvc Developer Case Study Dave BuddyPoke']);
  expect(await credits()).toBe(8);
  const doc04 = docs.find((d) => d.name.startsWith('04 '))!;

  // The researcher renames one of its insights on the board.
  await page.goto(`/projects/${projectId}/insights`);
  const before = (await insightsOf(projectId)).filter((i) => visible(i) && i.documentId === doc04.id);
  expect(before.length).toBeGreaterThan(0);
  const edited = before[0];
  const card = page.locator(`[data-testid="insight-card"][data-insight-id="${edited.id}"]`);
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Title').fill('Kept through re-analysis');
  await card.getByLabel('Title').press('Enter');
  await expect.poll(async () => (await insightsOf(projectId)).find((i) => i.id === edited.id)!.title).toBe('Kept through re-analysis');

  // A role changed from the list re-runs the analysis, after saying what it costs.
  const stored04 = () => adminDb().doc(`projects/${projectId}/documents/${doc04.id}`).get();
  const analysedAt = (snap: Awaited<ReturnType<typeof stored04>>) => (snap.get('analysis.completedAt') as Timestamp | undefined)?.toMillis() ?? 0;
  const firstAnalysis = analysedAt(await stored04());
  await page.goto(`/projects/${projectId}/interviews`);
  await row('04_anthropic').getByRole('button', { name: 'Edit roles' }).click();
  await row('04_anthropic').getByLabel('Role of User').selectOption('unknown');
  const confirm = row('04_anthropic').getByRole('group', { name: 'Change the role of User' });
  await expect.poll(() => confirm.textContent()).toContain('Changing a role re-analyses this interview (1 credit).');
  await confirm.getByRole('button', { name: 'Change role and re-analyse' }).click();
  await expect.poll(() => credits()).toBe(7);
  // The re-analysis has run once the stored interview is ready with a newer analysis (the row may still show the
  // first analysis's Ready for a moment after the credit is spent).
  await expect
    .poll(async () => {
      const snap = await stored04();
      return snap.get('status') === 'ready' && analysedAt(snap) > firstAnalysis;
    }, { timeout: FUNCTIONS_WORK_WAIT_MS })
    .toBe(true);
  await expect.poll(() => row('04_anthropic').getByTestId('status-chip').textContent(), { timeout: FUNCTIONS_WORK_WAIT_MS }).toBe('Ready');
  await expect.poll(() => line.textContent()).toBe('7 credits left · each new interview or re-analysis uses one');
  // With no participant left, the analyser's insights for it are gone; the researcher's edited one is kept.
  const after = (await insightsOf(projectId)).filter((i) => i.documentId === doc04.id);
  expect(after.find((i) => i.id === edited.id)).toMatchObject({ title: 'Kept through re-analysis', deleted: false, mergedInto: null });
  expect(after.filter((i) => visible(i) && i.id !== edited.id).map((i) => i.id)).toEqual([]);

  // An analysis that failed can be retried (one credit).
  await adminDb().doc(`projects/${projectId}/documents/${doc04.id}`).update({
    status: 'failed',
    error: ANALYSIS_TIMEOUT,
    errorCode: 'analysis-timeout',
  });
  await expect.poll(() => row('04_anthropic').getByTestId('document-error').textContent()).toBe(ANALYSIS_TIMEOUT);
  expect(await row('04_anthropic').getByRole('button', { name: 'Upload again' }).count()).toBe(0);
  await row('04_anthropic').getByRole('button', { name: 'Retry analysis (1 credit)' }).click();
  await expect.poll(() => row('04_anthropic').getByTestId('status-chip').textContent(), { timeout: FUNCTIONS_WORK_WAIT_MS }).toBe('Ready');
  expect(await credits()).toBe(6);

  // Out of credits: the line says so, and a role change asks to subscribe and changes nothing.
  await adminDb().doc(`users/${user.uid}`).update({ creditsRemaining: 0 });
  await expect.poll(() => line.textContent()).toBe('No credits left · subscribe for unlimited interviews and re-analyses Subscribe');
  const speakersBefore = (await storedInterviews(projectId)).find((d) => d.id === doc04.id)!.speakers;
  await row('04_anthropic').getByLabel('Role of AI').selectOption('participant');
  await row('04_anthropic').getByRole('group', { name: 'Change the role of AI' }).getByRole('button', { name: 'Change role and re-analyse' }).click();
  await expect.poll(() => page.getByRole('dialog').getByRole('heading').textContent()).toBe("It's time to subscribe!");
  expect((await storedInterviews(projectId)).find((d) => d.id === doc04.id)!.speakers).toEqual(speakersBefore);
  expect(await credits()).toBe(0);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  expect(await row('04_anthropic').getByRole('alert').textContent()).toMatch(/credits/);
  await screenshot(page, 'interviews');
}
