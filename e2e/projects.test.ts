import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { uploadViaApi } from '../functions/test/support/projects';
import { useBrowser } from './support/browser';
import { PHONE } from './support/layout';
import { createProjectFor, logInNewUser } from './support/projects';

const newPage = useBrowser();
const FIXTURE = readFileSync(new URL('../functions/test/fixtures/transcripts/04_anthropic-interviewer_science_0012.txt', import.meta.url));

async function projectsOf(uid: string) {
  const snap = await adminDb().collection('projects').where('ownerId', '==', uid).get();
  return snap.docs.map((d) => ({ id: d.id, ...(d.data() as { name: string; counts: Record<string, number>; settings: unknown }) }));
}

describe('projects list', () => {
  it('creates a project and opens it, and lists it live, with projects made elsewhere appearing too', async () => {
    const page = await newPage();
    const user = await logInNewUser(page);
    await expect.poll(() => page.getByTestId('projects-empty').locator('h2').textContent()).toBe('No projects yet');

    // This server has a Gemini key: the form offers Google Gemini, chosen, and Verbatim only.
    expect(await page.getByRole('radio', { name: /^Google Gemini: your transcripts are sent to Google/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /^Verbatim only: your transcripts never leave Verbatim/ }).isChecked()).toBe(false);
    await page.getByLabel('Project name').fill('  Onboarding   interviews ');
    await page.getByRole('button', { name: 'Create project' }).click();
    // The new project opens, on its Interviews page, where its first transcripts go.
    await page.waitForURL(/\/projects\/[^/]+\/interviews$/, { timeout: 10_000 });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Onboarding interviews');
    const stored = await projectsOf(user.uid);
    expect(stored.map((p) => p.name)).toEqual(['Onboarding interviews']);
    expect(page.url()).toMatch(new RegExp(`/projects/${stored[0].id}/interviews$`));
    expect(stored[0].settings).toEqual({ analyser: 'gemini', redactPii: true });

    await page.getByRole('link', { name: 'Projects' }).first().click();
    await page.waitForURL('**/projects');
    const cards = page.getByTestId('project-card');
    await expect.poll(() => cards.locator('h2').allTextContents()).toEqual(['Onboarding interviews']);
    expect(await cards.getByTestId('project-counts').textContent()).toBe('0 interviews · 0 words');
    expect(await page.getByTestId('projects-empty').count()).toBe(0);

    // Made in another tab (through the API): the list shows it without a reload, newest first.
    await createProjectFor(user, 'Churn study');
    await expect.poll(() => cards.locator('h2').allTextContents()).toEqual(['Churn study', 'Onboarding interviews']);

    await cards.getByRole('link', { name: 'Onboarding interviews' }).click();
    await page.waitForURL(`**/projects/${stored[0].id}/interviews`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Onboarding interviews');
  });

  it('shows the name error before calling the server', async () => {
    const page = await newPage();
    const user = await logInNewUser(page);
    const posts: string[] = [];
    page.on('request', (req) => req.method() === 'POST' && req.url().endsWith('/api/projects') && posts.push(req.url()));

    await page.getByLabel('Project name').fill('   ');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect.poll(() => page.getByTestId('new-project-error').textContent()).toBe('Please give the project a name.');
    expect(await page.getByLabel('Project name').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Project name').fill('x'.repeat(121));
    await expect.poll(() => page.getByTestId('new-project-error').textContent()).toBe('A project name can be at most 120 characters.');
    await page.getByRole('button', { name: 'Create project' }).click();
    expect(posts).toEqual([]);

    expect(await projectsOf(user.uid)).toEqual([]);
  });

  it('renames a project in place', async () => {
    const page = await newPage();
    const user = await logInNewUser(page);
    const projectId = await createProjectFor(user, 'Draft name');
    const card = page.getByTestId('project-card');
    await expect.poll(() => card.locator('h2').textContent()).toBe('Draft name');

    await card.getByRole('button', { name: 'Rename' }).click();
    await card.getByLabel('New name').fill('');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => card.getByRole('alert').textContent()).toBe('Please give the project a name.');

    await card.getByLabel('New name').fill('Pricing interviews, Q2');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => card.locator('h2').textContent()).toBe('Pricing interviews, Q2');
    expect(await card.getByLabel('New name').count()).toBe(0);
    expect((await adminDb().doc(`projects/${projectId}`).get()).data()?.name).toBe('Pricing interviews, Q2');

    // Cancel leaves the name alone.
    await card.getByRole('button', { name: 'Rename' }).click();
    await card.getByLabel('New name').fill('Not this');
    await card.getByRole('button', { name: 'Cancel' }).click();
    expect(await card.locator('h2').textContent()).toBe('Pricing interviews, Q2');
  });

  it('deletes a project with its interviews only after a confirmation that says so', async () => {
    const page = await newPage();
    const user = await logInNewUser(page);
    const projectId = await createProjectFor(user, 'To be deleted');
    const { upload } = await uploadViaApi(user.idToken, projectId, 'interview.txt', FIXTURE);
    expect(upload?.status).toBe(200);
    const card = page.getByTestId('project-card');
    await expect.poll(() => card.getByTestId('project-counts').textContent()).toMatch(/^1 interview · [\d,]+ words$/);

    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Delete the project To be deleted?');
    expect(await dialog.getByTestId('delete-warning').textContent()).toBe(
      'This permanently removes the project and its 1 interview with its transcript and uploaded file. This cannot be undone.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await adminDb().doc(`projects/${projectId}`).get()).exists).toBe(true);

    await card.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete project' }).click();
    await expect.poll(() => card.count()).toBe(0);
    await expect.poll(() => page.getByTestId('projects-empty').count()).toBe(1);
    expect((await adminDb().doc(`projects/${projectId}`).get()).exists).toBe(false);
    expect((await adminDb().collection(`projects/${projectId}/documents`).get()).size).toBe(0);
  });

  it('asks as every confirmation does, on a 390 px phone: focus on Cancel, two whole 44 px answers stacked, Escape or the backdrop cancels', async () => {
    const page = await newPage(PHONE);
    const user = await logInNewUser(page);
    const projectId = await createProjectFor(user, 'Kept on a phone');
    const card = page.getByTestId('project-card');
    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the project Kept on a phone?' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent())).toContain('This cannot be undone.');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    const box = (await dialog.boundingBox())!;
    const cancel = (await dialog.getByRole('button', { name: 'Cancel' }).boundingBox())!;
    const remove = (await dialog.getByRole('button', { name: 'Delete project' }).boundingBox())!;
    for (const [name, button] of [['Cancel', cancel], ['Delete project', remove]] as const) {
      expect(button.height, name).toBeGreaterThanOrEqual(44);
      expect(button.x, name).toBeGreaterThanOrEqual(box.x);
      expect(button.x + button.width, name).toBeLessThanOrEqual(box.x + box.width);
      expect(button.y + button.height, name).toBeLessThanOrEqual(PHONE.height);
    }
    // Stacked, the acting answer first and Cancel under it.
    expect(remove.y + remove.height).toBeLessThanOrEqual(cancel.y);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await card.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor();
    await page.mouse.click(4, 4);
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await adminDb().doc(`projects/${projectId}`).get()).exists).toBe(true);
  });
});
