import { AxeBuilder } from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_HEATMAP, EXAMPLE_INSIGHT } from '../web/src/features/landing/example-data';
import { CTA, PERSONA_LIST, PERSONAS, type PersonaConfig } from '../web/src/features/landing/personas';
import { useBrowser } from './support/browser';
import { logInNewUser } from './support/projects';

const newPage = useBrowser();
const SCREENSHOTS = new URL('../.cache/screenshots/', import.meta.url);
mkdirSync(SCREENSHOTS, { recursive: true });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Waits for the page's one h1 to read `headline` (the page loads lazily, `/` after auth). */
async function expectHeadline(page: Page, headline: string) {
  await expect.poll(() => page.locator('h1').allTextContents()).toEqual([headline]);
}

/** axe-core on the page as it is: no serious or critical violation (what fails is printed). */
async function expectNoSeriousAxeViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of bad) {
    console.error(`[axe] ${label}: ${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n  ')}`);
  }
  expect(bad.map((v) => `${v.id} (${v.impact})`)).toEqual([]);
}

const hasNoHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const hrefOf = (page: Page, scope: string, name: string) => page.locator(scope).getByRole('link', { name, exact: true }).getAttribute('href');

async function expectCallsToAction(page: Page) {
  expect(await hrefOf(page, '[data-testid="hero-cta"]', CTA.primary)).toBe('/signup');
  expect(await hrefOf(page, '[data-testid="hero-cta"]', CTA.secondary)).toBe('/pricing');
}

/**
 * One page for the signed-out screens, kept across the file's tests: each test sets its width, and a phone test looks
 * at the page its desktop test loaded (narrowed), instead of a new context and a cold load per width.
 */
let kept: Page | undefined;
async function pageAt(viewport: { width: number; height: number }, path: string, { reload = true } = {}): Promise<Page> {
  kept ??= await newPage({ ...DESKTOP, keep: true });
  await kept.setViewportSize(viewport);
  if (reload || new URL(kept.url()).pathname !== path) await kept.goto(path);
  return kept;
}

const screenshot = (page: Page, persona: PersonaConfig, size: 'desktop' | 'phone') =>
  page.screenshot({ path: new URL(`landing-${persona.id}-${size}.png`, SCREENSHOTS).pathname, fullPage: true });

describe('landing pages', () => {
  it("/ shows a signed-out visitor the generic landing page", async () => {
    const page = await pageAt(DESKTOP, '/');
    await expectHeadline(page, PERSONAS.generic.headline);
    await expectCallsToAction(page);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  for (const persona of PERSONA_LIST) {
    it(`${persona.path} (${persona.id}): its headline, one h1, the calls to action, top bar and footer; no serious axe violation`, async () => {
      const page = await pageAt(DESKTOP, persona.path);
      await expectHeadline(page, persona.headline);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await expectCallsToAction(page);
      for (const { pain } of persona.pains) expect(await page.getByText(pain, { exact: true }).count()).toBe(1);
      // Top bar: logo, Pricing, Log in, Start free. Footer: Pricing, Legal, Log in.
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual(['Pricing', 'Log in', CTA.primary]);
      expect(await hrefOf(page, '.landing-bar', 'Verbatim')).toBe('/');
      const footer = page.getByRole('navigation', { name: 'Footer' });
      expect(await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
        '/pricing',
        '/legal',
        '/login',
        'mailto:hello@verbatim.app',
      ]);
      // The real product element: an insight card whose quotes carry their citations, and the heatmap.
      expect(await page.getByTestId('example-quote').count()).toBe(EXAMPLE_INSIGHT.quotes.length);
      expect(await page.locator('.landing-heatmap__table tbody tr').count()).toBe(EXAMPLE_HEATMAP.rows.length);
      expect(await page.title()).toBe(persona.title);
      await screenshot(page, persona, 'desktop');
      await expectNoSeriousAxeViolations(page, `${persona.path} desktop`);
    });

    it(`${persona.path} (${persona.id}) on a 390 px phone: no horizontal scroll; no serious axe violation`, async () => {
      const page = await pageAt(PHONE, persona.path, { reload: false });
      await expectHeadline(page, persona.headline);
      await expectCallsToAction(page);
      expect(await hasNoHorizontalScroll(page)).toBe(true);
      await screenshot(page, persona, 'phone');
      await expectNoSeriousAxeViolations(page, `${persona.path} phone`);
    });
  }

  it('Start free goes to sign-up and See pricing to the plans', async () => {
    const page = await pageAt(DESKTOP, PERSONAS.uxr.path);
    await expectHeadline(page, PERSONAS.uxr.headline);
    await page.getByTestId('hero-cta').getByRole('link', { name: CTA.primary }).click();
    await page.waitForURL('**/signup');
    await page.goBack();
    await expectHeadline(page, PERSONAS.uxr.headline);
    await page.getByTestId('hero-cta').getByRole('link', { name: CTA.secondary }).click();
    await page.waitForURL('**/pricing');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Plans and pricing');
  });

  it('a signed-in user who opens / goes to /projects; a persona page shows them the navbar instead of its own top bar', async () => {
    const page = await newPage(DESKTOP);
    await logInNewUser(page);
    await page.goto('/');
    await page.waitForURL('**/projects');
    expect(new URL(page.url()).pathname).toBe('/projects');

    await page.goto(PERSONAS.pm.path);
    await expectHeadline(page, PERSONAS.pm.headline);
    // The navbar is its own piece, loaded once the session is read (the page keeps its room meanwhile).
    await expect.poll(() => page.locator('header.navbar').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  });
});

describe('legal page', () => {
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`${size}: names the processors and says who sees what; no serious axe violation`, async () => {
      const page = await pageAt(viewport, '/legal', { reload: size === 'desktop' });
      await expectHeadline(page, 'Terms and privacy');
      const processors = (await page.getByTestId('processors').textContent()) ?? '';
      for (const name of ['Google Firebase', 'Authentication', 'Firestore', 'Cloud Functions', 'Cloud Storage', 'Hosting', 'Stripe', 'Google Gemini']) {
        expect(processors).toContain(name);
      }
      const body = (await page.locator('article').textContent()) ?? '';
      expect(body).toContain('names, emails and phone numbers are redacted, unless you turn redaction off');
      expect(body).toContain('The full transcripts are never on a public page.');
      expect(body).toContain('Deleting a project removes its documents, insights and files');
      expect(body).toContain('free trial of 10 interview credits');
      expect(body).toContain('$19 a month');
      expect(await page.getByRole('link', { name: 'hello@verbatim.app' }).first().getAttribute('href')).toBe('mailto:hello@verbatim.app');
      if (size === 'phone') expect(await hasNoHorizontalScroll(page)).toBe(true);
      await expectNoSeriousAxeViolations(page, `/legal ${size}`);
    });
  }
});

describe('not-found page', () => {
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`${size}: an unknown address says so and links home and to the projects; no serious axe violation`, async () => {
      const page = await pageAt(viewport, '/no/such/page', { reload: size === 'desktop' });
      await expectHeadline(page, 'Page not found');
      expect(await page.getByText('/no/such/page', { exact: true }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('link', { name: 'Go to your projects' }).getAttribute('href')).toBe('/projects');
      if (size === 'phone') expect(await hasNoHorizontalScroll(page)).toBe(true);
      await expectNoSeriousAxeViolations(page, `not-found ${size}`);
    });
  }
});
