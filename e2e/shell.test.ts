import { describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { callApi } from '../functions/test/support/api';
import { createPasswordUser, sentAuthEmails, uniqueEmail } from '../test/support/emulators';
import { holdRequests } from './support/billing';
import { afterNextFrames, logIn, useBrowser } from './support/browser';

const newPage = useBrowser();

async function signedInPage(options?: { width?: number }) {
  const user = await createPasswordUser();
  const page = await newPage(options);
  await page.goto('/login');
  await logIn(page, user.email, user.password);
  await page.waitForURL('**/projects');
  await expect.poll(() => page.getByTestId('trial-banner').textContent()).toBe('Free trial active 10 credits left');
  return { page, user };
}

describe('trial banner', () => {
  it('follows the profile live: low, then expired, then gone for a subscriber', async () => {
    const { page, user } = await signedInPage();
    const profile = adminDb().doc(`users/${user.uid}`);
    const banner = page.getByTestId('trial-banner');

    await profile.update({ creditsRemaining: 1 });
    await expect.poll(() => banner.textContent()).toBe('Free trial credits running low! 1 credit left Subscribe now');
    expect(await banner.getByRole('link', { name: 'Subscribe now' }).getAttribute('href')).toBe('/pricing');

    await profile.update({ creditsRemaining: 0 });
    await expect.poll(() => banner.textContent()).toBe('Trial expired. Subscribe for unlimited usage');

    await profile.update({ subscriptionActive: true });
    await expect.poll(() => banner.count()).toBe(0);
    expect(await page.getByTestId('page').evaluate((el) => getComputedStyle(el).paddingTop)).toBe('60px');
    expect(await page.locator('header.navbar').evaluate((el) => getComputedStyle(el).top)).toBe('0px');
  });
});

describe('trial banner for a subscriber', () => {
  it('never shows, not even for a moment while a slow profile loads', async () => {
    const user = await createPasswordUser();
    await callApi('/users/createOrUpdate', { token: user.idToken, json: { uid: user.uid, email: user.email, name: '' } });
    await adminDb().doc(`users/${user.uid}`).update({ subscriptionActive: true, creditsRemaining: 0 });
    const page = await newPage();
    // Records whether the banner was ever in the page, however briefly.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="trial-banner"]')) (window as unknown as { bannerSeen: boolean }).bannerSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    // Both of the profile's sources are slow: GET /users/me and the Firestore listen channel.
    const me = await holdRequests(page, '**/api/users/me');
    const firestore = await holdRequests(page, 'http://127.0.0.1:8080/**');
    await page.goto('/login');
    await logIn(page, user.email, user.password);
    await page.waitForURL('**/projects');
    await me.arrived;
    await expect.poll(() => page.locator('header.navbar').count()).toBe(1);
    // All the page can show without its profile is drawn, with its effects run.
    await afterNextFrames(page);
    const seen = () => page.evaluate(() => (window as unknown as { bannerSeen?: boolean }).bannerSeen === true);
    expect(await seen()).toBe(false);

    const meAnswered = page.waitForResponse('**/api/users/me');
    me.release();
    firestore.release();
    await expect.poll(() => page.getByRole('heading', { name: 'Projects', exact: true }).count()).toBe(1);
    // Both sources have answered (the profile's GET, and Firestore: the empty list of projects came through its
    // channel), and what they changed is drawn.
    await meAnswered;
    await expect.poll(() => page.getByTestId('projects-empty').count()).toBe(1);
    await afterNextFrames(page);
    expect(await seen()).toBe(false);
    expect(await page.getByTestId('page').evaluate((el) => getComputedStyle(el).paddingTop)).toBe('60px');
  });
});

describe('navbar', () => {
  it('the account menu closes on a click outside it', async () => {
    const { page } = await signedInPage();
    await page.getByRole('button', { name: /Account/ }).click();
    await expect.poll(() => page.getByRole('menu').count()).toBe(1);
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Subscription', 'Reset Password', 'Log Out']);
    await page.getByRole('heading', { name: 'Projects', exact: true }).click();
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
  });

  it('collapses into a hamburger on a small screen', async () => {
    const { page } = await signedInPage({ width: 420 });
    const projects = page.getByRole('link', { name: 'Projects', exact: true });
    expect(await projects.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect.poll(() => projects.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Feedback' }).getAttribute('target')).toBe('_blank');
  });

  it('is hidden on the log-in, sign-up and reset-password pages', async () => {
    const { page } = await signedInPage();
    await page.goto('/reset-password');
    await expect.poll(() => page.getByRole('heading', { name: 'Reset your password' }).count()).toBe(1);
    expect(await page.locator('header.navbar').count()).toBe(0);
    expect(await page.getByTestId('trial-banner').count()).toBe(0);
  });
});

describe('pages', () => {
  it('an unknown address shows the not-found page', async () => {
    const page = await newPage();
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
  });

  it('the legal page is public', async () => {
    const page = await newPage();
    await page.goto('/legal');
    await expect.poll(() => page.getByRole('heading', { name: 'Terms and privacy' }).count()).toBe(1);
  });
});

describe('password reset', () => {
  it('sends a reset email and confirms without revealing whether the account exists', async () => {
    const user = await createPasswordUser();
    const page = await newPage();
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(`  ${user.email} `);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(
      `If an account exists for ${user.email}, a reset link is on its way. Check your inbox.`,
    );
    const sent = await sentAuthEmails();
    expect(sent.filter((m) => m.email === user.email).map((m) => m.requestType)).toEqual(['PASSWORD_RESET']);

    const unknown = uniqueEmail('ghost');
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(unknown);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(
      `If an account exists for ${unknown}, a reset link is on its way. Check your inbox.`,
    );
  });
});
