import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { logInNewUser } from './support/projects';

const newPage = useBrowser();

/** The pricing screen's lazily fetched piece (web/dist/assets/pricing-page-<hash>.js). */
const PRICING_CHUNK = '**/assets/pricing-page-*.js';
const TEXT = {
  heading: 'This page could not be loaded',
  body: 'Your connection may have dropped, or Verbatim was just updated. Try again to load it.',
};

/** Fails every request for the pricing piece, as a dropped connection or a deploy that removed it would. */
async function blockPricingChunk(page: Page): Promise<{ blocked: () => number; unblock: () => Promise<void> }> {
  let count = 0;
  const abort = (route: Route) => {
    count += 1;
    return route.abort();
  };
  await page.route(PRICING_CHUNK, abort);
  return { blocked: () => count, unblock: () => page.unroute(PRICING_CHUNK, abort) };
}

async function expectFriendlyRetry(page: Page) {
  const alert = page.getByRole('alert');
  await expect.poll(() => alert.getByRole('heading').textContent()).toBe(TEXT.heading);
  expect(await alert.locator('p').textContent()).toBe(TEXT.body);
  expect(await alert.getByRole('button').allTextContents()).toEqual(['Try again']);
  expect(await page.getByText('Something went wrong').count()).toBe(0);
}

async function tryAgainLoadsPricing(page: Page) {
  await page.getByRole('button', { name: 'Try again' }).click();
  const solo = page.getByRole('article', { name: 'Solo' });
  await expect.poll(() => solo.locator('.plan-card__price').textContent()).toBe('$19/month');
  expect(new URL(page.url()).pathname).toBe('/pricing');
  expect(await page.getByText(TEXT.heading).count()).toBe(0);
}

describe('a screen whose code fails to load', () => {
  it('opened directly: a friendly retry, and Try again loads it once the connection is back', async () => {
    const page = await newPage();
    const chunk = await blockPricingChunk(page);
    await page.goto('/pricing');
    await expectFriendlyRetry(page);
    expect(chunk.blocked()).toBeGreaterThan(0);

    await chunk.unblock();
    await tryAgainLoadsPricing(page);
  });

  it('reached by a link inside the app: the same retry in place of the screen, and Try again loads it', async () => {
    const page = await newPage();
    await logInNewUser(page);
    await page.goto('/account/subscription');
    const upgrade = page.getByRole('link', { name: 'Upgrade Now' });
    await expect.poll(() => upgrade.count()).toBe(1);

    const chunk = await blockPricingChunk(page);
    await upgrade.click();
    await page.waitForURL('**/pricing');
    await expectFriendlyRetry(page);
    expect(chunk.blocked()).toBeGreaterThan(0);

    await chunk.unblock();
    await tryAgainLoadsPricing(page);
  });
});
