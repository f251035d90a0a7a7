import { chromium, type Browser, type BrowserContext, type Download, type Locator, type Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { AUTH_HOST, HOSTING_URL } from '../../test/support/emulators';

export const APP_URL = HOSTING_URL;
const GAPI_STAND_IN = readFileSync(new URL('./gapi-stand-in.js', import.meta.url), 'utf8');

let browser: Browser;
const contexts: BrowserContext[] = [];
/** Contexts kept for the file's later tests (`keep`), closed after its last. */
const keptContexts: BrowserContext[] = [];
/** Content-Security-Policy violations Chromium reported on any page of the current test. */
const cspViolations: string[] = [];

/** Chromium's console report of a Content-Security-Policy violation ("Refused to … because it violates …"). */
export function isCspViolation(text: string): boolean {
  return /Content Security Policy/i.test(text) && /violates|Refused/i.test(text);
}

/** The violations reported so far in this test (every test fails on any: see afterEach). */
export function reportedCspViolations(): readonly string[] {
  return cspViolations;
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** A touch screen, as a phone's: a tap is a touch, not a mouse that hovers before it clicks. */
  touch?: boolean;
  /**
   * Serve the stand-in for Google's gapi loader, for a test that signs in with Google. Only then: a route makes
   * Chromium hand every request of the context to this process and wait for its answer.
   */
  googleSignIn?: boolean;
  /**
   * Open the page signed in as this account, as a tab of a browser where it signed in before: the session the app's
   * Auth SDK keeps (see `sessionOf`). The page starts blank, so the test's first `goto` is its first page load.
   */
  signedInAs?: PasswordAccount;
  /**
   * Keep the page open for the file's later tests (closed after its last): for tests that look at the same screens,
   * so each test need not pay for a new context and a cold page load.
   */
  keep?: boolean;
}

/** An email and password account (test/support/emulators' TestUser has these). */
export interface PasswordAccount {
  uid: string;
  email: string;
  password: string;
}

/** The web app's Firebase settings in the tests' build (web/src/lib/config.ts: the demo project's defaults). */
const FIREBASE_API_KEY = 'demo-api-key';
const FIREBASE_APP_NAME = '[DEFAULT]';

/**
 * What the app's Auth SDK keeps in the browser once `account` signed in with its password: the signed-in user as the
 * SDK persists it (its local-storage entry; the SDK moves it to IndexedDB when the page loads), with tokens from a
 * real sign-in to the Auth emulator. The SDK checks the user against the emulator on load, as after any reload.
 * The login form itself is tested where it is the subject (auth, billing's logged-out subscribe, the journeys) and
 * by each file's first `logInNewUser` / `logInOwner`.
 */
export async function sessionOf(account: PasswordAccount): Promise<{ cookies: []; origins: { origin: string; localStorage: { name: string; value: string }[] }[] }> {
  const res = await fetch(`http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${FIREBASE_API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
  });
  const signedIn = (await res.json()) as { localId: string; idToken: string; refreshToken: string; expiresIn: string; displayName?: string; error?: { message: string } };
  if (!res.ok) throw new Error(`Could not sign ${account.email} in: ${signedIn.error?.message ?? res.status}`);
  const now = Date.now();
  const user = {
    uid: signedIn.localId,
    email: account.email,
    emailVerified: false,
    displayName: signedIn.displayName || undefined,
    isAnonymous: false,
    providerData: [{ providerId: 'password', uid: account.email, displayName: signedIn.displayName || null, email: account.email, phoneNumber: null, photoURL: null }],
    stsTokenManager: { refreshToken: signedIn.refreshToken, accessToken: signedIn.idToken, expirationTime: now + Number(signedIn.expiresIn) * 1000 },
    createdAt: String(now),
    lastLoginAt: String(now),
    apiKey: FIREBASE_API_KEY,
    appName: FIREBASE_APP_NAME,
  };
  return {
    cookies: [],
    origins: [{ origin: new URL(APP_URL).origin, localStorage: [{ name: `firebase:authUser:${FIREBASE_API_KEY}:${FIREBASE_APP_NAME}`, value: JSON.stringify(user) }] }],
  };
}

/** How long a context may take to close before the test moves on without it. */
const CLOSE_WAIT_MS = 15_000;

/**
 * Closes a context, or leaves it to the end of the run (logged) when closing hangs. A close was once seen to hang for
 * five minutes, in a test whose page was being redirected to another origin as it closed. The test's verdict stands.
 */
async function closeOrLeave(context: BrowserContext): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), CLOSE_WAIT_MS)));
  const outcome = await Promise.race([context.close().then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') console.warn(`[browser] a context did not close within ${CLOSE_WAIT_MS / 1000} s; it stays open until the run ends`);
}

/**
 * The run's one Chromium (launched by e2e/support/chromium-server.ts, the suite's global setup), connected once per
 * test file; a fresh context (no cookies, no storage) per page.
 */
export function useBrowser(): (options?: PageOptions) => Promise<Page> {
  beforeAll(async () => {
    browser = await chromium.connect(inject('chromiumWsEndpoint'));
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map(closeOrLeave));
    // Every page of every browser test runs under the app's Content-Security-Policy (firebase.json).
    const violations = cspViolations.splice(0);
    if (violations.length > 0) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
  });
  afterAll(async () => {
    await Promise.all(keptContexts.splice(0).map(closeOrLeave));
    await browser?.close();
  });
  return async ({ width = 1280, height = 800, touch = false, googleSignIn = false, signedInAs, keep = false } = {}) => {
    const storageState = signedInAs ? await sessionOf(signedInAs) : undefined;
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch, baseURL: APP_URL, storageState });
    (keep ? keptContexts : contexts).push(context);
    // Google's gapi loader is unreachable here; the Auth SDK's popup flow gets a stand-in.
    if (googleSignIn) {
      await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STAND_IN }),
      );
    }
    const page = await context.newPage();
    // An action waits up to 30 s for its element: a page opened beside the other suites on two cores can take that
    // long to render from its live data. A missing element still fails.
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (err) => console.error('[page error]', err.message));
    page.on('console', (message) => {
      if (isCspViolation(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
    });
    return page;
  };
}

/**
 * Clicks `target` until `done` holds (polled, as expected values are). A click that lands while the live page re-renders
 * can miss; a second one is sent only while the first has not had its effect.
 */
export async function clickUntil(target: Locator, done: () => Promise<boolean>, timeout?: number): Promise<void> {
  await expect
    .poll(async () => {
      if (!(await done())) await target.click();
      return done();
    }, timeout === undefined ? {} : { timeout })
    .toBe(true);
}

/**
 * Resolves once the page has drawn two more frames: the effects of what it showed have run (React runs them after the
 * frame that shows their render) and whatever they changed has been drawn.
 */
export async function afterNextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** A download's bytes (the browser runs in the run's Chromium server, so the file is read through Playwright, not from its path). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const TEXT = {
  noMethods: 'No account found for that email. Please sign up or use the Sign in with Google button.',
  googleOnly: "This email is linked to Google sign-in only. Please use the 'Sign in with Google' button.",
  wrongPassword: 'Incorrect password. Please try again or reset your password.',
  signupGoogleOnly: 'You already have a Google account with that email. Please sign in with Google.',
};

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

export async function signUp(page: Page, name: string, email: string, password: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
}
