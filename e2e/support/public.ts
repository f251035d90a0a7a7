import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import type { ShareKind } from '@verbatim/contract/share';
import { signUp } from '../../functions/test/support/projects';
import { createPasswordUser, type TestUser } from '../../test/support/emulators';
import { APP_URL, logIn } from './browser';
import { seedReadyProject } from './seed';

/** A new owner with a project whose interview is analysed and whose public views are built (seeded: e2e/support/seed.ts). */
export async function projectWithPublicViews(fixtureName: string, projectName: string): Promise<{ user: TestUser; projectId: string }> {
  const user = await createPasswordUser();
  await signUp(user);
  const { projectId } = await seedReadyProject(user, projectName, [fixtureName]);
  return { user, projectId };
}

/** The owner, logged in on `page` through the login form. */
export async function logInOwner(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await logIn(page, user.email, user.password);
  await page.waitForURL('**/projects');
}

/** The public endpoint's answer, as a visitor's fetch gets it (through Hosting). */
export async function publicView<T>(kind: ShareKind, token: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${APP_URL}/api/public/${kind}/${token}`, { headers: { accept: 'application/json' } });
  return { status: res.status, body: (await res.json()) as T };
}

/** The token at the end of a public page's address. */
export function tokenOf(url: string): string {
  return new URL(url).pathname.split('/').pop()!;
}

/** Counts the page's requests to the public API (to prove what is and is not retried). */
export function countPublicRequests(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/public/')) counter.count += 1;
  });
  return counter;
}

/**
 * Lets `page` make every request it would make on its own from now on, then returns: its clock (installed with
 * `page.clock.install()` before it loaded) is moved on five minutes, so each retry, back-off or refetch it has
 * scheduled fires at once; then a marker request is started from the page and awaited. Requests reach
 * `page.on('request')` in the order the page starts them, so by then every one of its own has been counted.
 */
export async function afterScheduledRequests(page: Page): Promise<void> {
  await page.clock.runFor('05:00');
  const marker = `/favicon.svg?marker=${Math.random().toString(36).slice(2)}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate((url) => void fetch(url), marker);
  await seen;
}

export interface LoadedAsset {
  url: string;
  type: 'html' | 'js' | 'css';
  bytes: number;
  gzip: number;
  text: string;
}

/** Records the page, every script and every stylesheet it loads from the app's origin, with their sizes gzipped. */
export function recordAssets(page: Page): { assets: LoadedAsset[]; settled: () => Promise<void> } {
  const assets: LoadedAsset[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.origin !== new URL(APP_URL).origin) return;
    const type = url.pathname.endsWith('.js')
      ? 'js'
      : url.pathname.endsWith('.css')
        ? 'css'
        : response.request().resourceType() === 'document'
          ? 'html'
          : null;
    if (!type) return;
    pending.push(
      response.body().then((body) => {
        assets.push({ url: url.pathname, type, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length, text: body.toString('utf8') });
      }),
    );
  });
  return { assets, settled: async () => void (await Promise.all(pending)) };
}

/**
 * Strings only the Firebase SDKs carry: Firestore's backend host and package name, and Auth's
 * backend host. A public page's scripts must contain none of them.
 */
export const FIREBASE_MARKERS = ['firestore.googleapis.com', '@firebase/firestore', 'identitytoolkit.googleapis.com'];
