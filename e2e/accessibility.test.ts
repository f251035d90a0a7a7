import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { callApi } from '../functions/test/support/api';
import type { TestUser } from '../test/support/emulators';
import { useBrowser } from './support/browser';
import { overflowing, PHONE, phoneLayoutProblems } from './support/layout';
import { logInOwner, projectWithPublicViews } from './support/public';
import { screenshot } from './support/workspace';

const newPage = useBrowser();
let owner: TestUser;
let projectId: string;
let documentId: string;
let tokens: Record<'summary' | 'interviews', string>;

beforeAll(async () => {
  ({ user: owner, projectId } = await projectWithPublicViews('08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt', 'Accessibility study'));
  documentId = (await adminDb().collection(`projects/${projectId}/documents`).get()).docs[0].id;
  tokens = { summary: '', interviews: '' };
  for (const kind of ['summary', 'interviews'] as const) {
    const res = await callApi<{ link: { token: string } }>(`/projects/${projectId}/shares/${kind}`, { token: owner.idToken, method: 'PUT', json: { enabled: true } });
    tokens[kind] = res.body.link?.token ?? '';
  }
});

/** axe-core's serious and critical violations on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function check(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(path);
  await ready(page);
  expect(await seriousViolations(page), path).toEqual([]);
}

const heading = (text: string | RegExp) => (page: Page) => expect.poll(() => page.getByRole('heading', { name: text }).count(), { timeout: 15_000 }).toBeGreaterThan(0);

describe('accessibility (axe-core: no serious or critical violations)', () => {
  it('signed-out screens', async () => {
    const page = await newPage();
    await check(page, '/login', heading(/log in/i));
    await check(page, '/signup', heading(/sign up|create/i));
    await check(page, '/reset-password', heading(/reset/i));
    await check(page, '/pricing', (p) => expect.poll(() => p.getByText('$19/month').count()).toBe(1));
    await check(page, `/public/summary/${tokens.summary}`, heading('Project-Level Summary Insights'));
    await check(page, `/public/interviews/${tokens.interviews}`, heading('Interview-Level Detailed Insights'));
  }, 120_000);

  it('the workspace', async () => {
    const page = await newPage();
    await logInOwner(page, owner);
    const onProject = (p: Page) => heading('Accessibility study')(p);
    await check(page, '/projects', heading('Projects'));
    await check(page, `/projects/${projectId}/interviews`, onProject);
    await check(page, `/projects/${projectId}/insights`, (p) => expect.poll(() => p.getByTestId('insight-card').count(), { timeout: 15_000 }).toBeGreaterThan(0));
    await check(page, `/projects/${projectId}/documents/${documentId}`, (p) => expect.poll(() => p.locator('.transcript, [data-testid="transcript"]').count(), { timeout: 15_000 }).toBeGreaterThan(0));
    await check(page, `/projects/${projectId}/deliverable`, heading('Deliverables'));
    await check(page, `/projects/${projectId}/share`, heading('Share'));
    await check(page, '/search?q=interview', heading('Search your research'));
    await check(page, '/account/subscription', (p) => expect.poll(() => p.getByTestId('subscription-message').count()).toBe(1));
  }, 180_000);

  it('the project screens on a 390 px phone: nothing wider than the screen or against its edge, no control under 44 px tall, no button label on two lines', async () => {
    // The owner's session (the workspace test above signs in through the login form).
    const page = await newPage({ ...PHONE, signedInAs: owner });
    // Every screen is checked (soft expectations), so one run names every problem.
    const fits = async (label: string) => {
      await screenshot(page, `phone-${label}`);
      expect.soft(await overflowing(page), label).toEqual([]);
      expect.soft(await phoneLayoutProblems(page), label).toEqual([]);
      expect.soft(await seriousViolations(page), label).toEqual([]);
    };
    const cards = (p: Page) => expect.poll(() => p.getByTestId('insight-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    for (const [section, ready] of [
      ['interviews', (p: Page) => expect.poll(() => p.getByTestId('document-row').count(), { timeout: 15_000 }).toBe(1)],
      ['deliverable', heading('Deliverables')],
      ['insights', cards],
    ] as const) {
      await page.goto(`/projects/${projectId}/${section}`);
      await ready(page);
      await fits(section);
    }
    // The header's analysis menu opened, and the board's other view.
    await page.getByTestId('analysis-toggle').click();
    await fits('analysis-settings');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Project synthesis/ }).click();
    await fits('synthesis');
    // The interview reader, and the share screen.
    await page.goto(`/projects/${projectId}/documents/${documentId}`);
    await expect.poll(() => page.locator('.transcript, [data-testid="transcript"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await fits('interview');
    // A match of find in transcript is marked inside its sentence, not set apart as a block of its own.
    await page.getByRole('searchbox', { name: 'Find in transcript' }).fill('App Engine');
    await expect.poll(() => page.getByTestId('find-match').count()).toBeGreaterThan(1);
    expect(await page.getByTestId('find-match').evaluateAll((marks) => [...new Set(marks.map((m) => getComputedStyle(m).display))])).toEqual(['inline']);
    await fits('interview-find');
    await page.goto(`/projects/${projectId}/share`);
    await heading('Share')(page);
    await fits('share');
  }, 180_000);

  it('with reduced motion asked for, nothing spins or slides: the spinner, a toast, a jump to a theme', async () => {
    const page = await newPage({ ...PHONE, signedInAs: owner });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/projects/${projectId}/insights`);
    await expect.poll(() => page.getByTestId('theme-jump').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    // The animation the app's stylesheet gives a spinner and a toast, on elements made for the question.
    const animations = await page.evaluate(() =>
      ['spinner', 'toast'].map((name) => {
        const element = document.body.appendChild(document.createElement('span'));
        element.className = name;
        const animation = getComputedStyle(element).animationName;
        element.remove();
        return `${name}: ${animation}`;
      }),
    );
    expect(animations).toEqual(['spinner: spinner-fade', 'toast: none']);
    // A jump to the last theme lands at once: the page is already there when the click returns.
    const [before, after] = await page.evaluate(() => {
      window.scrollTo(0, 0);
      const top = window.scrollY;
      [...document.querySelectorAll<HTMLElement>('[data-testid="theme-jump"]')].at(-1)!.click();
      return [top, window.scrollY];
    });
    expect(after).toBeGreaterThan(before + 100);
  }, 120_000);
});
