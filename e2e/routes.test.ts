import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import type { TestUser } from '../test/support/emulators';
import { logIn, useBrowser } from './support/browser';
import { logInOwner, projectWithPublicViews } from './support/public';

// The spec's route table, row by row, as a signed-out visitor and as a signed-in owner.
const newPage = useBrowser();
let owner: TestUser;
let projectId: string;
let documentId: string;

beforeAll(async () => {
  ({ user: owner, projectId } = await projectWithPublicViews('04_anthropic-interviewer_science_0012.txt', 'Route table study'));
  documentId = (await adminDb().collection(`projects/${projectId}/documents`).get()).docs[0].id;
}, 120_000);

const LANDING_PATHS = ['/', '/landing', '/ux-researchers', '/consultants', '/pm', '/modern-research', '/agents'];
const protectedPaths = () => [
  '/projects',
  `/projects/${projectId}/insights`,
  `/projects/${projectId}/interviews`,
  `/projects/${projectId}/documents/${documentId}`,
  `/projects/${projectId}/deliverable`,
];
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('the route table, signed out', () => {
  it('landing pages: one h1 and a way to start free', async () => {
    const page = await newPage();
    for (const path of LANDING_PATHS) {
      await page.goto(path);
      await expect.poll(() => h1(page).count(), { timeout: 15_000 }).toBe(1);
      expect(pathOf(page), path).toBe(path);
      expect(await page.getByRole('link', { name: /start free/i }).count(), path).toBeGreaterThan(0);
    }
  }, 90_000);

  it('auth, legal, pricing and subscription pages show without signing in', async () => {
    const page = await newPage();
    for (const [path, text] of [
      ['/login', /log in/i],
      ['/signup', /create your account/i],
      ['/reset-password', /reset your password/i],
      ['/legal', /terms|privacy/i],
      ['/pricing', /Solo[\s\S]*\$19[\s\S]*Team/],
      ['/account/subscription', /You need to log in to manage your subscription\./],
      ['/subscription-success', /Subscription Activated!/],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toMatch(text);
      expect(pathOf(page)).toBe(path);
    }
  }, 90_000);

  it('every login-protected screen sends a visitor to /login, and back there after logging in', async () => {
    const page = await newPage();
    for (const path of protectedPaths()) {
      await page.goto(path);
      await page.waitForURL('**/login');
    }
    const last = protectedPaths().at(-1)!;
    await page.goto(last);
    await page.waitForURL('**/login');
    await logIn(page, owner.email, owner.password);
    await page.waitForURL(`**${last}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Deliverables' }).count()).toBe(1);
  }, 90_000);

  it('an unknown path shows the not-found page', async () => {
    const page = await newPage();
    await page.goto('/no/such/page');
    await expect.poll(() => h1(page).textContent()).toBe('Page not found');
  });
});

describe('the route table, signed in', () => {
  it('/ goes to /projects; every project screen opens; landing pages stay reachable', async () => {
    const page = await newPage();
    await logInOwner(page, owner);
    await page.goto('/');
    await page.waitForURL('**/projects');
    await expect.poll(() => h1(page).textContent()).toBe('Projects');
    for (const path of protectedPaths().slice(1)) {
      await page.goto(path);
      await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toContain('Route table study');
      expect(pathOf(page)).toBe(path);
    }
    await page.goto('/ux-researchers');
    await expect.poll(() => h1(page).count()).toBe(1);
    expect(pathOf(page)).toBe('/ux-researchers');
  }, 90_000);
});
