import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupInsightsByTheme } from '@verbatim/contract/themes';
import type { TagGroup } from '@verbatim/contract/insight';
import { PUBLIC_DISABLED_MESSAGE, type PublicInterviewsResponse, type PublicQuote, type PublicSummaryResponse, type ShareKind } from '@verbatim/contract/share';
import { adminDb } from '../functions/test/support/admin';
import type { TestUser } from '../test/support/emulators';
import { useBrowser } from './support/browser';
import {
  afterScheduledRequests,
  countPublicRequests,
  FIREBASE_MARKERS,
  logInOwner,
  projectWithPublicViews,
  publicView,
  recordAssets,
  tokenOf,
} from './support/public';

const newPage = useBrowser();
const FIXTURE = '10_changelog_founders-talk-91.md';
const PROJECT_NAME = 'Founders talk study';
const GZIP_BUDGET_BYTES = 100 * 1024;

let owner: TestUser;
let projectId: string;

beforeAll(async () => {
  ({ user: owner, projectId } = await projectWithPublicViews(FIXTURE, PROJECT_NAME));
}, 120_000);

const mmss = (ts: number) => `${String(Math.floor(ts / 60)).padStart(2, '0')}:${String(Math.floor(ts % 60)).padStart(2, '0')}`;

/** The citation a quote must carry: its docName, else its document's name, else 'Doc ' + 6 characters of the id. */
function expectedCitation(q: PublicQuote, documents: { id: string; name: string }[]): string {
  const name = q.docName || documents.find((d) => d.id === q.documentId)?.name || `Doc ${q.documentId.slice(0, 6)}`;
  // An interview named after its participant is not named twice.
  const source = name === q.speaker ? name : `${q.speaker}, ${name}`;
  return `— ${source}${typeof q.ts === 'number' ? ` · ${mmss(q.ts)}` : ''}`;
}

/** The owner's share page, and one kind's panel on it. */
async function openSharePanel(page: Page, kind: ShareKind): Promise<Locator> {
  await page.goto(`/projects/${projectId}/share`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Share');
  return page.getByTestId(`share-panel-${kind}`);
}

/** Turns a kind's link on or off with its switch and waits for the live state; returns the address shown. */
async function setSwitch(panel: Locator, kind: ShareKind, on: boolean): Promise<string> {
  const toggle = panel.getByTestId('share-switch');
  if ((await toggle.isChecked()) !== on) await toggle.click();
  await expect.poll(() => panel.getByTestId('share-status').textContent(), { timeout: 15_000 }).toMatch(on ? /^Anyone with the link/ : /^The link is off/);
  // The server has it, and the page shows the live state (not only where the switch is going).
  await expect.poll(async () => (await storedLink(kind))?.enabled, { timeout: 15_000 }).toBe(on);
  await expect.poll(() => toggle.isEnabled(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => panel.getByTestId('share-url').getAttribute('aria-disabled'), { timeout: 15_000 }).toBe(String(!on));
  return panel.getByTestId('share-url').inputValue();
}

async function storedLink(kind: ShareKind) {
  return (await adminDb().doc(`projects/${projectId}/shareLinks/${kind}`).get()).data();
}

/** Checks what a visitor sees against the public endpoint's answer: themes, titles, the jump row. */
async function expectThemes<T extends { id: string; title: string; tag: string }>(page: Page, insights: T[], groups: TagGroup[]) {
  const sections = groupInsightsByTheme(insights, groups);
  expect(sections.length).toBeGreaterThanOrEqual(2);
  await expect.poll(() => page.getByTestId('public-insight').count(), { timeout: 15_000 }).toBe(insights.length);
  const n = insights.length;
  expect(await page.getByTestId('jump-heading').textContent()).toBe(`${n} ${n === 1 ? 'insight' : 'insights'}. Jump to theme:`);
  expect(await page.getByTestId('theme-heading').allTextContents()).toEqual(sections.map((s) => s.theme));
  const jumps = await page.getByTestId('theme-jump').allTextContents();
  expect(jumps).toEqual(sections.map((s) => `${s.theme}${s.insights.length}`));
  for (let i = 0; i < sections.length; i++) {
    const titles = await page.getByTestId('theme-section').nth(i).getByTestId('insight-title').allTextContents();
    expect(titles).toEqual(sections[i].insights.map((x) => x.title.trim() || 'Untitled Insight'));
  }
  return sections;
}

/** A theme button scrolls its section smoothly to 80 px below the top of the window. */
async function expectJump(page: Page, sectionCount: number) {
  // The first section after the first one that the page can scroll to the offset.
  const target = await page.evaluate((count) => {
    const max = document.documentElement.scrollHeight - innerHeight;
    const sections = [...document.querySelectorAll('[data-testid="theme-section"]')];
    return sections.findIndex((s, i) => i > 0 && i < count && s.getBoundingClientRect().top + scrollY - 80 <= max);
  }, sectionCount);
  expect(target).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Every position the window passes through (one frame sampled after the click could already be the last on a busy
  // machine: the click's own round trip takes frames).
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { scrollsSeen: number[] }).scrollsSeen = seen;
    addEventListener('scroll', () => seen.push(scrollY));
  });
  await page.getByTestId('theme-jump').nth(target).click();
  const section = page.getByTestId('theme-section').nth(target);
  await expect.poll(() => section.evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 5_000 }).toBe(80);
  // Smooth: the window passed through positions between the top and where it stopped.
  const { seen, end } = await page.evaluate(() => ({ seen: (window as unknown as { scrollsSeen: number[] }).scrollsSeen, end: scrollY }));
  expect(seen.some((y) => y > 0 && y < end), `positions: ${seen.join(', ')}`).toBe(true);
  return { section, index: target };
}

/** Hovering a card expands its Supporting Quotes, each verbatim from the view and cited to its source. */
async function expectQuotesOnHover(card: Locator, insight: { quotes: PublicQuote[] }, documents: { id: string; name: string }[]) {
  // Folded while the pointer is elsewhere. After the jump's scroll the pointer may have been resting on a card, and
  // Chromium tells that card so only when the scroll has ended: the pointer is moved away again until it is folded.
  await expect
    .poll(async () => {
      await card.page().mouse.move(1, 1);
      return card.getByText('Supporting Quotes', { exact: true }).count();
    })
    .toBe(0);
  await card.hover();
  await expect.poll(() => card.getByText('Supporting Quotes', { exact: true }).isVisible()).toBe(true);
  expect(await card.getByTestId('quote-text').allTextContents()).toEqual(insight.quotes.map((q) => q.text));
  expect(await card.getByTestId('quote-citation').allTextContents()).toEqual(insight.quotes.map((q) => expectedCitation(q, documents)));
}

/**
 * Reloads until the page shows the disabled message. A served view may be cached for up to 5 seconds
 * (the API's Cache-Control), so a reload right after the owner's change can still show it once.
 */
async function reloadUntilDisabled(page: Page) {
  const settled = page.locator('[data-testid="public-error"], [data-testid="public-insight"]').first();
  await expect
    .poll(
      async () => {
        await page.reload();
        await settled.waitFor({ timeout: 15_000 });
        return (await page.getByTestId('public-error').count()) > 0 ? page.getByTestId('public-error').textContent() : 'still shown';
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(PUBLIC_DISABLED_MESSAGE);
}

describe('public share pages', () => {
  it(
    'summary: the owner turns the link on, a logged-out visitor reads it by theme with quotes; regenerated and turned off, it stops working',
    async () => {
      const ownerPage = await newPage();
      await logInOwner(ownerPage, owner);
      const panel = await openSharePanel(ownerPage, 'summary');
      expect(await panel.getByTestId('share-status').textContent()).toMatch(/^Not shared/);
      const url = await setSwitch(panel, 'summary', true);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:5000\/public\/summary\/[A-Za-z0-9_-]{43}$/);
      expect(await storedLink('summary')).toMatchObject({ token: tokenOf(url), enabled: true });
      expect(await panel.getByTestId('share-open').getAttribute('href')).toBe(new URL(url).pathname);

      const { status, body: view } = await publicView<PublicSummaryResponse>('summary', tokenOf(url));
      expect(status).toBe(200);
      expect(view.consolidatedInsights.length).toBeGreaterThan(1);

      // A logged-out visitor: the Login / Sign Up bar, the heading, the project, the summary sentence.
      const visitor = await newPage({ width: 1280, height: 700 });
      await visitor.goto(url);
      await expect.poll(() => visitor.getByTestId('project-name').textContent(), { timeout: 15_000 }).toBe(PROJECT_NAME);
      expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Project-Level Summary Insights');
      expect(await visitor.getByTestId('summary-sentence').textContent()).toBe(view.summarySentence);
      const bar = visitor.getByTestId('public-auth-bar');
      expect(await bar.getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe('/login');
      expect(await bar.getByRole('link', { name: 'Sign Up', exact: true }).getAttribute('href')).toBe('/signup');
      expect(await visitor.locator('.pub-main').evaluate((el) => getComputedStyle(el).maxWidth)).toBe('1100px');
      expect(await visitor.getByTestId('public-footer').getByRole('link').first().getAttribute('href')).toBe('/');

      const sections = await expectThemes(visitor, view.consolidatedInsights, view.consolidatedGroupedTags);

      // Each title carries the count of its unique quote sources, with the tooltip.
      const badges = visitor.getByTestId('source-badge');
      expect(await badges.count()).toBe(view.consolidatedInsights.length);
      const ordered = sections.flatMap((s) => s.insights);
      for (let i = 0; i < ordered.length; i++) {
        const n = new Set(ordered[i].quotes.map((q) => q.documentId)).size;
        expect(await badges.nth(i).getAttribute('title')).toBe(`${n} unique quote sources`);
      }

      // Jump to a theme, then hover one of its insights: the quotes with their citations.
      const { section, index } = await expectJump(visitor, sections.length);
      const card = section.getByTestId('public-insight').first();
      await expectQuotesOnHover(card, sections[index].insights[0], view.documents);

      // Keyboard focus expands a card too.
      await visitor.mouse.move(1, 1);
      const other = visitor.getByTestId('public-insight').first();
      await other.getByTestId('insight-title').focus();
      await visitor.keyboard.press('Shift+Tab');
      await visitor.keyboard.press('Tab');
      await expect.poll(() => other.getByText('Supporting Quotes', { exact: true }).isVisible()).toBe(true);

      // The token opens only its own kind of page.
      const wrongKind = await newPage();
      await wrongKind.goto(`/public/interviews/${tokenOf(url)}`);
      await expect.poll(() => wrongKind.getByTestId('public-error').textContent(), { timeout: 15_000 }).toBe(PUBLIC_DISABLED_MESSAGE);

      // The owner, logged in, sees the page without the Login / Sign Up bar.
      await ownerPage.goto(url);
      await expect.poll(() => ownerPage.getByTestId('public-insight').count(), { timeout: 15_000 }).toBe(view.consolidatedInsights.length);
      await expect.poll(() => ownerPage.getByTestId('public-auth-bar').count()).toBe(0);

      // Regenerate, after a confirmation that says the old link stops working.
      const panelAgain = await openSharePanel(ownerPage, 'summary');
      await panelAgain.getByTestId('share-regenerate').click();
      const dialog = ownerPage.getByTestId('regenerate-dialog');
      expect(await dialog.getByTestId('regenerate-warning').textContent()).toMatch(/current link stops working/);
      await dialog.getByRole('button', { name: 'Replace link' }).click();
      await expect.poll(() => panelAgain.getByTestId('share-url').inputValue(), { timeout: 15_000 }).not.toBe(url);
      const newUrl = await panelAgain.getByTestId('share-url').inputValue();
      expect((await publicView('summary', tokenOf(url))).status).toBe(404);
      expect((await publicView('summary', tokenOf(newUrl))).status).toBe(200);
      await reloadUntilDisabled(visitor);

      // Off: the visitor's reload of the new link shows the disabled message, asked once (410 is not retried).
      await setSwitch(panelAgain, 'summary', false);
      expect(await storedLink('summary')).toMatchObject({ token: tokenOf(newUrl), enabled: false });
      const requests = countPublicRequests(visitor);
      await visitor.clock.install();
      await visitor.goto(newUrl);
      await expect.poll(() => visitor.getByTestId('public-error').textContent(), { timeout: 15_000 }).toBe(PUBLIC_DISABLED_MESSAGE);
      await afterScheduledRequests(visitor);
      expect(requests.count).toBe(1);
      expect(await visitor.getByTestId('public-insight').count()).toBe(0);
    },
    120_000,
  );

  it(
    'interviews: the owner turns the link on, a visitor reads every insight by theme and taps for quotes; turned off, it stops working',
    async () => {
      const ownerPage = await newPage();
      await logInOwner(ownerPage, owner);
      const panel = await openSharePanel(ownerPage, 'interviews');
      const url = await setSwitch(panel, 'interviews', true);
      expect(url).toMatch(/\/public\/interviews\/[A-Za-z0-9_-]{43}$/);
      const { body: view } = await publicView<PublicInterviewsResponse>('interviews', tokenOf(url));

      const visitor = await newPage({ width: 1280, height: 700 });
      await visitor.goto(url);
      await expect.poll(() => visitor.getByTestId('project-name').textContent(), { timeout: 15_000 }).toBe(PROJECT_NAME);
      expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Interview-Level Detailed Insights');
      expect(await visitor.getByTestId('public-auth-bar').isVisible()).toBe(true);
      const sections = await expectThemes(visitor, view.insights, view.groupedTags);
      expect(await visitor.getByTestId('source-badge').count()).toBe(0);

      const { section, index } = await expectJump(visitor, sections.length);
      const insight = sections[index].insights[0];
      await expectQuotesOnHover(section.getByTestId('public-insight').first(), insight, view.documents);
      // The interview page cites the quote's own docName.
      expect(insight.quotes.every((q) => typeof q.docName === 'string' && q.docName.length > 0)).toBe(true);

      // On a touch screen a tap expands a card and another tap folds it.
      const touch = await visitor.context().browser()!.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      try {
        const phone = await touch.newPage();
        await phone.goto(url);
        const card = phone.getByTestId('public-insight').first();
        await card.waitFor({ timeout: 15_000 });
        await card.getByTestId('insight-title').tap();
        await expect.poll(() => card.getByText('Supporting Quotes', { exact: true }).isVisible()).toBe(true);
        await card.getByTestId('insight-title').tap();
        await expect.poll(() => card.getByText('Supporting Quotes', { exact: true }).isVisible()).toBe(false);
        expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      } finally {
        await touch.close();
      }

      await setSwitch(panel, 'interviews', false);
      await reloadUntilDisabled(visitor);
    },
    120_000,
  );

  it('a random token and a malformed one show the disabled message, asked once', async () => {
    const visitor = await newPage();
    const requests = countPublicRequests(visitor);
    await visitor.clock.install();
    await visitor.goto(`/public/summary/${randomBytes(32).toString('base64url')}`);
    await expect.poll(() => visitor.getByTestId('public-error').textContent(), { timeout: 15_000 }).toBe(PUBLIC_DISABLED_MESSAGE);
    await afterScheduledRequests(visitor);
    expect(requests.count).toBe(1);

    await visitor.goto('/public/interviews/not-a-token');
    await expect.poll(() => visitor.getByTestId('public-error').textContent(), { timeout: 15_000 }).toBe(PUBLIC_DISABLED_MESSAGE);
    await visitor.goto('/public/summary/');
    await expect.poll(() => visitor.getByTestId('public-error').textContent(), { timeout: 15_000 }).toBe(PUBLIC_DISABLED_MESSAGE);
    expect(await visitor.getByTestId('public-auth-bar').isVisible()).toBe(true);
  });

  it('other errors are retried, then the page says it could not load', async () => {
    const visitor = await newPage();
    const token = randomBytes(32).toString('base64url');
    // A 403 is final too.
    await visitor.route('**/api/public/**', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: '{"error":{}}' }));
    const forbidden = countPublicRequests(visitor);
    await visitor.goto(`/public/interviews/${token}`);
    await expect.poll(() => visitor.getByTestId('public-error').textContent(), { timeout: 15_000 }).toBe(PUBLIC_DISABLED_MESSAGE);
    expect(forbidden.count).toBe(1);
    await visitor.unroute('**/api/public/**');

    // Two 503s, then the real (404) answer: asked three times.
    let served = 0;
    await visitor.route('**/api/public/**', (route) => (++served <= 2 ? route.fulfill({ status: 503, body: 'down' }) : route.continue()));
    await visitor.goto(`/public/summary/${token}`);
    await expect.poll(() => visitor.getByTestId('public-error').textContent(), { timeout: 15_000 }).toBe(PUBLIC_DISABLED_MESSAGE);
    expect(served).toBe(3);
    await visitor.unroute('**/api/public/**');

    // Always failing: the loading state, retries, then each page's own message.
    let failures = 0;
    await visitor.route('**/api/public/**', (route) => {
      failures += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"boom"}}' });
    });
    await visitor.goto(`/public/summary/${token}`);
    await expect.poll(() => visitor.getByTestId('public-loading').isVisible()).toBe(true);
    await expect.poll(() => visitor.getByTestId('public-error').textContent(), { timeout: 20_000 }).toBe('Unable to load summary.');
    expect(failures).toBe(4);
    await visitor.goto(`/public/interviews/${token}`);
    await expect.poll(() => visitor.getByTestId('public-error').textContent(), { timeout: 20_000 }).toBe('Unable to load detailed insights.');
    expect(failures).toBe(8);
  });

  it('a public page loads no Firebase SDK and stays within 100 KB gzipped', async () => {
    // The check can fail: the app's own scripts do carry the markers (Firestore loads once the owner is signed in).
    const app = await newPage();
    const appAssets = recordAssets(app);
    await logInOwner(app, owner);
    await expect.poll(() => app.getByTestId('project-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The signed-in app holds a Firestore listen channel open, so the network never idles: wait for the markers themselves.
    const carried = async () => {
      await appAssets.settled();
      return FIREBASE_MARKERS.filter((marker) => !appAssets.assets.some((a) => a.type === 'js' && a.text.includes(marker)));
    };
    await expect.poll(carried, { timeout: 15_000 }).toEqual([]);

    const visitor = await newPage();
    const loaded = recordAssets(visitor);
    await visitor.goto(`/public/summary/${randomBytes(32).toString('base64url')}`);
    await expect.poll(() => visitor.getByTestId('public-error').textContent(), { timeout: 15_000 }).toBe(PUBLIC_DISABLED_MESSAGE);
    await visitor.waitForLoadState('networkidle');
    await loaded.settled();
    const scripts = loaded.assets.filter((a) => a.type === 'js');
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) for (const marker of FIREBASE_MARKERS) expect(script.text.includes(marker), `${script.url} contains ${marker}`).toBe(false);
    // Its own small stylesheet, not the app's.
    const styles = loaded.assets.filter((a) => a.type === 'css');
    expect(styles.length).toBe(1);
    expect(styles[0].text).toContain('.pub-main');
    expect(styles[0].text).not.toContain('.navbar');

    const total = loaded.assets.reduce((sum, a) => sum + a.gzip, 0);
    console.log(
      `Public page assets, gzipped: ${(total / 1024).toFixed(1)} KB\n` +
        loaded.assets.map((a) => `  ${a.url}  ${(a.bytes / 1024).toFixed(1)} KB → ${(a.gzip / 1024).toFixed(1)} KB gzip`).join('\n'),
    );
    expect(total).toBeLessThanOrEqual(GZIP_BUDGET_BYTES);
  });
});
