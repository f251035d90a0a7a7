import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { callApi } from '../functions/test/support/api';
import { AUTH_HOST } from '../test/support/emulators';
import { APP_URL, logIn, reportedCspViolations, useBrowser } from './support/browser';

// Hosting's security headers (firebase.json), as the Hosting emulator serves them, and the app under
// them: every screen, signed out and in, and the public pages, without one CSP violation. (Every
// browser test fails on a violation too: e2e/support/browser.ts.)
const newPage = useBrowser();
const demo = JSON.parse(readFileSync(new URL('../scripts/demo-login.json', import.meta.url), 'utf8')) as { email: string; password: string };
let demoToken: string;
let projectId: string;
let documentId: string;
const tokens: Record<'summary' | 'interviews', string> = { summary: '', interviews: '' };

/** The CSP's directives by name. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));
}

beforeAll(async () => {
  const res = await fetch(`http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demo.email, password: demo.password, returnSecureToken: true }),
  });
  const session = (await res.json()) as { localId: string; idToken: string };
  demoToken = session.idToken;
  projectId = (await adminDb().collection('projects').where('ownerId', '==', session.localId).get()).docs[0].id;
  documentId = (await adminDb().collection(`projects/${projectId}/documents`).get()).docs[0].id;
  for (const kind of ['summary', 'interviews'] as const) {
    const shared = await callApi<{ link: { token: string } }>(`/projects/${projectId}/shares/${kind}`, { token: demoToken, method: 'PUT', json: { enabled: true } });
    tokens[kind] = shared.body.link.token;
  }
}, 60_000);

afterAll(async () => {
  // The demo project as the seed made it: no public links.
  for (const kind of ['summary', 'interviews'] as const) {
    await callApi(`/projects/${projectId}/shares/${kind}`, { token: demoToken, method: 'PUT', json: { enabled: false } });
  }
});

describe('security headers on Hosting', () => {
  it('app pages, public pages, assets and the API carry the policy, nosniff, a strict referrer policy, HSTS, no framing, an opener policy that keeps sign-in popups, and no camera, microphone or location', async () => {
    const html = await (await fetch(`${APP_URL}/`)).text();
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)![1];
    for (const path of ['/', '/projects', `/public/summary/${tokens.summary}`, asset, '/api/capabilities']) {
      const res = await fetch(`${APP_URL}${path}`);
      await res.arrayBuffer();
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin');
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=63072000; includeSubDomains; preload');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('cross-origin-opener-policy'), path).toBe('same-origin-allow-popups');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      expect(res.headers.get('permissions-policy'), path).toMatch(/^camera=\(\), microphone=\(\), geolocation=\(\), /);
      const csp = directives(res.headers.get('content-security-policy') ?? '');
      expect(csp['frame-ancestors'], path).toEqual(["'none'"]);
      expect(csp['object-src'], path).toEqual(["'none'"]);
      // Scripts: our origin and exactly Google's sign-in, Picker and (with a measurement id) analytics loaders.
      expect(csp['script-src'], path).toEqual(["'self'", 'https://apis.google.com', 'https://accounts.google.com/gsi/client', 'https://www.googletagmanager.com']);
    }
    // The built page needs no inline script.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('the listener sees a violation when there is one (control: an inline script injected into the page)', async () => {
    const page = await newPage();
    await page.goto('/pricing');
    await expect.poll(() => page.getByText('$19/month').count()).toBe(1);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => reportedCspViolations().length).toBeGreaterThan(0);
    expect(reportedCspViolations()[0]).toMatch(/script-src/);
    // Cleared, so that this test's own afterEach does not fail on the violation it caused on purpose.
    (reportedCspViolations() as string[]).splice(0);
  });

  it('no violation on any main screen, signed out, signed in, and on the public pages', async () => {
    const page = await newPage();
    // Chromium reads every feature the Permissions-Policy names (an unknown one is reported in the console).
    const policyErrors: string[] = [];
    page.on('console', (message) => /Permissions-Policy/i.test(message.text()) && policyErrors.push(message.text()));
    const visit = async (path: string, ready: (p: Page) => Promise<unknown>) => {
      await page.goto(path);
      await ready(page);
      expect(reportedCspViolations(), path).toEqual([]);
    };
    const heading = (text: string | RegExp) => (p: Page) => expect.poll(() => p.getByRole('heading', { name: text }).count()).toBeGreaterThan(0);
    await visit('/', heading('Interview insights you can trace to the word.'));
    await visit('/pricing', (p) => expect.poll(() => p.getByText('$19/month').count()).toBe(1));
    await visit('/signup', heading(/sign up|create/i));
    await visit(`/public/summary/${tokens.summary}`, heading('Project-Level Summary Insights'));
    await visit(`/public/interviews/${tokens.interviews}`, heading('Interview-Level Detailed Insights'));
    await visit('/login', heading(/log in/i));
    await logIn(page, demo.email, demo.password);
    await page.waitForURL('**/projects');
    await visit('/projects', heading('Projects'));
    await visit(`/projects/${projectId}/interviews`, heading('PDPilot user study: explaining ML models'));
    await visit(`/projects/${projectId}/insights`, (p) => expect.poll(() => p.getByTestId('insight-card').count()).toBeGreaterThan(0));
    await visit(`/projects/${projectId}/documents/${documentId}`, (p) => expect.poll(() => p.locator('.transcript, [data-testid="transcript"]').count()).toBeGreaterThan(0));
    await visit(`/projects/${projectId}/deliverable`, heading('Deliverables'));
    await visit(`/projects/${projectId}/share`, heading('Share'));
    await visit('/account/subscription', (p) => expect.poll(() => p.getByTestId('subscription-message').count()).toBe(1));
    expect(policyErrors).toEqual([]);
  }, 120_000);
});
