import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPasswordUser, type TestUser } from '../test/support/emulators';
import { useBrowser } from './support/browser';
import { createProjectFor, logInNewUser, newAccount } from './support/projects';

// Every /projects/:projectId screen shares one layout: the project is read once, the header and tabs are drawn
// once, and a project that can't be shown is said once, the same way, on every screen.
const newPage = useBrowser();
const UNAVAILABLE = 'This project does not exist or is not yours.';
const SECTIONS = ['interviews', 'insights', 'deliverable', 'share'];
let stranger: TestUser;
let strangersProject: string;

beforeAll(async () => {
  stranger = await createPasswordUser();
  strangersProject = await createProjectFor(stranger, 'Somebody else’s study');
}, 60_000);

const alertText = (page: Page) => page.locator('main').getByRole('alert').first().textContent();
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('the project workspace', () => {
  it('a project that does not exist, or is another researcher’s, is unavailable on every screen, with a way back', async () => {
    const page = await newPage();
    await logInNewUser(page);
    for (const projectId of ['no-such-project', strangersProject]) {
      for (const section of SECTIONS) {
        const path = `/projects/${projectId}/${section}`;
        await page.goto(path);
        await expect.poll(() => alertText(page), { message: path }).toBe(UNAVAILABLE);
        expect(await page.getByRole('link', { name: 'Back to your projects' }).count(), path).toBe(1);
        // Nothing of the screen itself: no header, no tabs, no project name.
        expect(await page.getByTestId('project-summary').count(), path).toBe(0);
        expect(await page.getByRole('navigation', { name: 'Project sections' }).count(), path).toBe(0);
        expect(await page.locator('main').innerText(), path).not.toContain('Somebody else');
      }
    }
    await page.getByRole('link', { name: 'Back to your projects' }).click();
    await page.waitForURL('**/projects');
  }, 120_000);

  it('moving between the tabs keeps the one header; the share screen has its own', async () => {
    const owner = await newAccount();
    const page = await newPage({ signedInAs: owner });
    const projectId = await createProjectFor(owner, 'Tab walk study');
    await page.goto(`/projects/${projectId}/interviews`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Tab walk study');
    // Mark the header element: a header drawn again would lose the mark.
    await page.locator('header.project-header').evaluate((el) => el.setAttribute('data-kept', 'yes'));
    const tabs = page.getByRole('navigation', { name: 'Project sections' });
    for (const [tab, path, text] of [
      ['Insights', 'insights', 'Go to Interviews'],
      ['Deliverables', 'deliverable', 'There are no insights to hand on yet.'],
      ['Interviews', 'interviews', 'Upload a transcript above.'],
    ] as const) {
      await tabs.getByRole('link', { name: tab }).click();
      await page.waitForURL(`**/projects/${projectId}/${path}`);
      await expect.poll(() => page.locator('main').innerText(), { message: path }).toContain(text);
      expect(await page.locator('header.project-header[data-kept="yes"]').count(), path).toBe(1);
      expect(await tabs.getByRole('link', { name: tab }).getAttribute('aria-current'), path).toBe('page');
    }
    await page.getByRole('link', { name: 'Share' }).first().click();
    await page.waitForURL(`**/projects/${projectId}/share`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Share');
    expect(await page.locator('header.project-header').count()).toBe(0);
  }, 120_000);

  it('the bare project address is not a screen, signed in or not', async () => {
    const page = await newPage();
    await page.goto(`/projects/${strangersProject}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(pathOf(page)).toBe(`/projects/${strangersProject}`);
    await logInNewUser(page);
    await page.goto(`/projects/${strangersProject}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
  }, 90_000);
});
