import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { callApi } from '../functions/test/support/api';
import { clickUntil, useBrowser } from './support/browser';
import { storedInsights, storedSettings, storedTranscript } from './support/insights';
import { createProjectFor, logInNewUser, newAccount } from './support/projects';
import { seedReadyProject } from './support/seed';

const newPage = useBrowser();
const FIXTURE_NAME = '10_changelog_founders-talk-91.md';
const PARTICIPANT = 'Jack Dorsey';
const GEMINI_UNAVAILABLE = 'Google Gemini is not configured on this server: interviews are analysed with Verbatim only, and nothing leaves Verbatim’s servers.';

const cards = (page: Page) => page.getByTestId('insight-card');
const mmss = (ts: number) => `${String(Math.floor(ts / 60)).padStart(2, '0')}:${String(Math.floor(ts % 60)).padStart(2, '0')}`;

/** A new user's project with the fixture analysed as an upload leaves it (seeded by the server's own modules). */
async function analysedInterview() {
  const page = await newPage();
  const user = await logInNewUser(page);
  const { projectId, documentIds: [documentId] } = await seedReadyProject(user, 'Founders', [FIXTURE_NAME]);
  await page.goto(`/projects/${projectId}/interviews`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 }).toBe('Founders');
  const row = page.getByTestId('document-row').filter({ hasText: FIXTURE_NAME });
  await expect.poll(() => row.getByTestId('status-chip').textContent()).toBe('Ready');
  return { page, user, projectId, documentId };
}

describe('insights board', () => {
  it(
    'shows the analysed interview’s insights by theme, each quote citing and opening its exact passage',
    async () => {
      const { page, user, projectId, documentId } = await analysedInterview();
      const stored = await storedInsights(projectId);
      expect(stored.length).toBeGreaterThan(1);

      await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Insights' }).click();
      await page.waitForURL(`**/projects/${projectId}/insights`);

      // Every stored insight is a card, under a theme, with the heading counting the cards.
      await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(stored.length);
      const n = stored.length;
      expect(await page.getByTestId('jump-heading').textContent()).toBe(`${n} ${n === 1 ? 'insight' : 'insights'}. Jump to theme:`);
      const themes = await page.getByTestId('theme-heading').allTextContents();
      expect(themes.length).toBeGreaterThanOrEqual(1);
      expect(new Set(themes).size).toBe(themes.length);
      const buttons = page.getByTestId('theme-jump');
      expect(await buttons.count()).toBe(themes.length);
      for (let i = 0; i < themes.length; i++) expect((await buttons.nth(i).textContent())?.startsWith(themes[i])).toBe(true);
      expect(await page.getByTestId('insight-counts').textContent()).toBe(`${n} ${n === 1 ? 'insight' : 'insights'} from 1 interview`);

      // Each card has quotes, each one verbatim from the stored insight, cited to the participant.
      const storedTexts = new Set(stored.flatMap((i) => i.quotes.map((q) => q.text)));
      for (let i = 0; i < n; i++) {
        const quotes = await cards(page).nth(i).getByTestId('quote-text').allTextContents();
        expect(quotes.length).toBeGreaterThan(0);
        for (const text of quotes) expect(storedTexts.has(text)).toBe(true);
      }
      const citations = await page.getByTestId('quote-citation').allTextContents();
      // The interview is named after its participant, so a citation names them once.
      for (const cite of citations) expect(cite).toMatch(new RegExp(`^— ${PARTICIPANT}( · \\d\\d:\\d\\d)?$`));

      // The quote check and the analyser, stated beside the board.
      const analysis = (await adminDb().doc(`projects/${projectId}/documents/${documentId}`).get()).get('analysis');
      expect(await page.getByTestId('analyser-label').textContent()).toBe('Verbatim only: nothing left Verbatim’s servers');
      expect(await page.getByTestId('quote-stats').textContent()).toMatch(new RegExp(`^${analysis.quoteStats.proposed} quotes checked against the transcript;`));

      // A theme button scrolls its section to just under the navbar.
      // (The fixture's insights fall under several themes; the second is far enough down to scroll to.)
      expect(themes.length).toBeGreaterThanOrEqual(2);
      const target = page.getByTestId('theme-section').nth(1);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await buttons.nth(1).click();
      const expectedTop = await page.evaluate(() => Math.max(80, (document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0) + 20));
      await expect.poll(() => target.evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 5_000 }).toBe(expectedTop);

      // The search narrows the board and the heading follows.
      const firstTitle = (await cards(page).first().locator('h3').textContent())!;
      await page.getByRole('searchbox', { name: 'Search insights and quotes' }).fill(firstTitle);
      const narrowed = async () => {
        const heading = Number((await page.getByTestId('jump-heading').textContent())?.split(' ')[0]);
        const shown = await cards(page).count();
        return heading === shown && shown < n ? shown : -1;
      };
      await expect.poll(narrowed).toBeGreaterThan(0);
      expect(await cards(page).locator('h3').allTextContents()).toContain(firstTitle);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => cards(page).count()).toBe(n);

      // The project synthesis: the server's consolidated insights, each with its quotes and their citations.
      await expect.poll(async () => (await adminDb().doc(`projects/${projectId}/synthesis/current`).get()).exists, { timeout: 20_000 }).toBe(true);
      const synthesis = (await adminDb().doc(`projects/${projectId}/synthesis/current`).get()).data()!;
      // The tab is pressed (clicked again only if a re-render as the synthesis arrives swallowed the click), and the
      // address says so, and keeps saying so: the search box's delayed write of `q` after Clear filters once put back
      // an address without the view (use-board-filters.ts).
      const synthesisTab = page.getByRole('button', { name: /^Project synthesis/ });
      await clickUntil(synthesisTab, async () => (await synthesisTab.getAttribute('aria-pressed')) === 'true', 30_000);
      await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('synthesis');
      await expect.poll(() => cards(page).count()).toBe(synthesis.consolidatedInsights.length);
      expect(await page.getByTestId('summary-sentence').textContent()).toBe(synthesis.summarySentence);
      const consolidatedTexts = new Set((synthesis.consolidatedInsights as { quotes: { text: string }[] }[]).flatMap((c) => c.quotes.map((q) => q.text)));
      for (let i = 0; i < synthesis.consolidatedInsights.length; i++) {
        const texts = await cards(page).nth(i).getByTestId('quote-text').allTextContents();
        expect(texts.length).toBeGreaterThan(0);
        for (const text of texts) expect(consolidatedTexts.has(text)).toBe(true);
      }
      expect(await page.getByTestId('quote-citation').first().getAttribute('href')).toMatch(new RegExp(`^/projects/${projectId}/documents/${documentId}#q-\\d+-\\d+$`));
      await page.getByRole('button', { name: /^By interview/ }).click();
      await page.waitForURL((url) => url.pathname === `/projects/${projectId}/insights` && !url.searchParams.has('view'));
      await expect.poll(() => cards(page).count()).toBe(n);

      // A citation opens the interview at the quote: exactly those characters marked, in the participant's turn.
      // The first quote of the first card, its text and its citation read together (one view, one moment); the stored
      // quote it cites is the one at the offsets its link names.
      const card = cards(page).first();
      const first = await card.evaluate((el) => {
        const citationOf = el.querySelector('[data-testid="quote-citation"]');
        return { text: el.querySelector('[data-testid="quote-text"]')?.textContent ?? '', citation: citationOf?.textContent ?? '', href: citationOf?.getAttribute('href') ?? '' };
      });
      const quoteText = first.text;
      // The citation read above, found again by its link: the board may still regroup its cards (themes arrive after
      // the insights), and a citation found by its place could be another quote's by the time it is clicked.
      const citation = page.locator(`[data-testid="quote-citation"][href="${first.href}"]`).first();
      const [, citedStart, citedEnd] = /#q-(\d+)-(\d+)$/.exec(first.href) ?? [];
      const cited = stored.flatMap((i) => i.quotes).find((q) => q.start === Number(citedStart) && q.end === Number(citedEnd))!;
      expect(cited?.text).toBe(quoteText);
      expect(first.citation).toBe(`— ${PARTICIPANT}${cited.ts === undefined ? '' : ` · ${mmss(cited.ts)}`}`);
      await citation.click();
      await page.waitForURL(`**/projects/${projectId}/documents/${documentId}#q-${cited.start}-${cited.end}`);
      const mark = page.getByTestId('quote-highlight');
      await expect.poll(() => mark.count(), { timeout: 15_000 }).toBe(1);
      expect(await mark.textContent()).toBe(quoteText);
      const content = await storedTranscript(projectId, documentId);
      expect(content.text.slice(cited.start, cited.end)).toBe(quoteText);
      const turn = page.locator('li.turn', { has: mark });
      expect(await turn.locator('.turn__speaker').textContent()).toBe(PARTICIPANT);
      expect(await turn.getAttribute('class')).toContain('turn--participant');
      const source = content.turns.find((t) => t.start <= cited.start && cited.start < t.end)!;
      expect(source.speaker).toBe(PARTICIPANT);
      expect(await turn.getAttribute('id')).toBe(`t-${source.start}`);
      // The rest of the turn stays around the mark, unchanged.
      expect(await turn.locator('.turn__text').textContent()).toBe(content.text.slice(source.start, source.end));
      await expect.poll(() => mark.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      })).toBe(true);

      // The interview's own panel lists its insights; its quote links move the mark on the same page.
      const panel = page.getByTestId('document-insights');
      await expect.poll(() => panel.getByTestId('document-insight').count()).toBe(stored.filter((i) => i.documentId === documentId).length);
      const other = stored.flatMap((i) => i.quotes).find((q) => q.start !== cited.start)!;
      await panel.locator(`a[href$="#q-${other.start}-${other.end}"]`).first().click();
      await page.waitForURL(`**/documents/${documentId}#q-${other.start}-${other.end}`);
      await expect.poll(() => mark.textContent()).toBe(other.text);
      expect(await page.getByTestId('quote-highlight').count()).toBe(1);

      // A turn link (#t-) still marks its turn.
      await page.goto(`/projects/${projectId}/documents/${documentId}#t-${source.start}`);
      await expect.poll(() => page.locator(`li#t-${source.start}`).getAttribute('class')).toBe('turn turn--participant turn--target');
      expect(await page.getByTestId('quote-highlight').count()).toBe(0);

      // The Analysis control says what this server offers and saves the choice.
      await page.goto(`/projects/${projectId}/insights`);
      await page.getByTestId('analysis-toggle').click();
      const local = page.getByRole('radio', { name: 'Verbatim only' });
      const gemini = page.getByRole('radio', { name: 'Google Gemini' });
      expect(await local.isChecked()).toBe(true);
      const capabilities = await callApi<{ analysers: { gemini: boolean } }>('/capabilities', { token: user.idToken });
      if (!capabilities.body.analysers.gemini) {
        await expect.poll(() => gemini.isDisabled()).toBe(true);
        expect(await page.getByRole('group', { name: 'Analysis' }).textContent()).toContain(GEMINI_UNAVAILABLE);
        expect(await page.getByRole('switch').count()).toBe(0);
      } else {
        // Who wrote the board: Verbatim only, for the insights and the synthesis, with when.
        expect(await page.getByTestId('insights-writer').textContent()).toMatch(/^Insights: Verbatim only, 1 interview; latest \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC\.$/);
        expect(await page.getByTestId('synthesis-writer').textContent()).toMatch(/^Synthesis: Verbatim only, \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC\.$/);
        expect(await page.getByTestId('reanalyse-offer').count()).toBe(0);
        await expect.poll(() => gemini.isDisabled()).toBe(false);
        await gemini.check();
        const redact = page.getByRole('switch', { name: 'Redact names, emails and phone numbers before sending to Gemini' });
        await expect.poll(() => redact.isChecked()).toBe(true);
        await expect.poll(() => storedSettings(projectId)).toEqual({ analyser: 'gemini', redactPii: true });
        // The switch offers to re-analyse the interview with Gemini, its cost said before anything is spent.
        const offer = page.getByTestId('reanalyse-offer');
        await expect.poll(() => offer.locator('p').first().textContent()).toBe('This interview was analysed with Verbatim only; this project’s analysis is now Google Gemini.');
        expect(await offer.getByRole('button').textContent()).toBe('Re-analyse the interview with Google Gemini (1 credit of your 9)');
        expect((await adminDb().doc(`users/${user.uid}`).get()).get('creditsRemaining')).toBe(9);
        await redact.uncheck();
        await expect.poll(() => storedSettings(projectId)).toEqual({ analyser: 'gemini', redactPii: false });
        await local.check();
        await expect.poll(() => storedSettings(projectId)).toEqual({ analyser: 'local', redactPii: false });
        expect(await page.getByRole('switch').count()).toBe(0);
        await expect.poll(() => offer.count()).toBe(0);
      }
    },
    180_000,
  );

  it('without interviews, points to the Interviews tab', async () => {
    const user = await newAccount();
    const page = await newPage({ signedInAs: user });
    const projectId = await createProjectFor(user, 'Empty study');
    await page.goto(`/projects/${projectId}/insights`);
    const empty = page.getByTestId('insights-empty');
    await expect.poll(() => empty.locator('h2').textContent(), { timeout: 10_000 }).toBe('No interviews yet');
    expect(await cards(page).count()).toBe(0);
    await empty.getByRole('link', { name: 'Go to Interviews' }).click();
    await page.waitForURL(`**/projects/${projectId}/interviews`);
    const tabs = page.getByRole('navigation', { name: 'Project sections' });
    await expect.poll(() => tabs.getByRole('link', { name: 'Interviews' }).getAttribute('aria-current')).toBe('page');
    expect(await tabs.getByRole('link', { name: 'Insights' }).getAttribute('aria-current')).toBeNull();
    await expect.poll(() => page.getByTestId('interviews-empty').count()).toBe(1);
  });
});
