import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { callApi } from '../functions/test/support/api';
import type { TestUser } from '../test/support/emulators';
import { useBrowser } from './support/browser';
import { logInOwner, projectWithPublicViews } from './support/public';

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
});
