import { describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { twoStorytellers } from '../functions/test/support/fixtures';
import { useBrowser } from './support/browser';
import { createProjectFor, logInNewUser } from './support/projects';
import { FUNCTIONS_WORK_WAIT_MS } from '../test/support/emulators';

const newPage = useBrowser();

/** The status of the project's one interview, as stored. */
async function storedStatus(projectId: string): Promise<string | undefined> {
  const [doc] = (await adminDb().collection(`projects/${projectId}/documents`).get()).docs;
  return doc?.get('status');
}

/** The statuses of all the project's interviews, as stored, sorted. */
async function storedStatuses(projectId: string): Promise<string[]> {
  return (await adminDb().collection(`projects/${projectId}/documents`).get()).docs.map((doc) => String(doc.get('status'))).sort();
}

describe('an interview whose speakers cannot be told apart', () => {
  it('says why on its page, takes a free role change, and is analysed for one credit when the owner asks', async () => {
    const page = await newPage();
    const user = await logInNewUser(page);
    const projectId = await createProjectFor(user, 'Clinic and office');
    await page.goto(`/projects/${projectId}/interviews`);
    await page.getByLabel('Choose transcript files').setInputFiles({ name: 'catch-up.txt', mimeType: 'text/plain', buffer: twoStorytellers() });

    // Read, and waiting for its owner: its own chip in the list, no progress bar, nothing spent.
    const row = page.getByTestId('document-row').filter({ hasText: 'catch-up.txt' });
    await expect.poll(() => row.getByTestId('status-chip').textContent(), { timeout: FUNCTIONS_WORK_WAIT_MS }).toBe('Check speakers');
    expect(await row.getByRole('progressbar').count()).toBe(0);
    // Its link is its name, proposed at upload from the transcript.
    await row.locator('a.doc-row__name').click();

    const question = page.getByTestId('roles-question');
    await expect.poll(() => question.textContent(), { timeout: 10_000 }).toMatch(/^No speaker stands out as the one asking the questions, so anyone could be quoted, the interviewer too\./);
    const analyse = page.getByRole('button', { name: 'Analyse with these roles (1 credit)' });
    expect(await analyse.count()).toBe(1);

    // Maya asked the questions: changed at once, with no re-analysis offer and no charge.
    await page.getByLabel('Role of Maya').selectOption('interviewer');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Maya is now interviewer.' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Change role and re-analyse' }).count()).toBe(0);
    expect(await page.getByTestId('trial-banner').textContent()).toBe('Free trial active 10 credits left');
    expect(await storedStatus(projectId)).toBe('awaiting-roles');

    await analyse.click();
    await expect.poll(() => storedStatus(projectId), { timeout: FUNCTIONS_WORK_WAIT_MS }).toBe('ready');
    await expect.poll(() => page.getByTestId('trial-banner').textContent()).toBe('Free trial active 9 credits left');
    await expect.poll(() => question.count()).toBe(0);
    await expect.poll(() => page.getByTestId('document-insight').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('the upload list counts the interviews waiting for their roles, and one click analyses them all with the roles as guessed', async () => {
    const page = await newPage();
    const user = await logInNewUser(page);
    const projectId = await createProjectFor(user, 'Two catch-ups');
    await page.goto(`/projects/${projectId}/interviews`);
    await page.getByLabel('Choose transcript files').setInputFiles([
      { name: 'catch-up-1.txt', mimeType: 'text/plain', buffer: twoStorytellers() },
      { name: 'catch-up-2.txt', mimeType: 'text/plain', buffer: twoStorytellers() },
    ]);

    const bar = page.getByTestId('roles-waiting');
    await expect.poll(() => bar.textContent(), { timeout: FUNCTIONS_WORK_WAIT_MS }).toContain('2 interviews wait for you to check who asks the questions');
    expect(await storedStatuses(projectId)).toEqual(['awaiting-roles', 'awaiting-roles']);
    expect(await page.getByTestId('trial-banner').textContent()).toBe('Free trial active 10 credits left');

    await bar.getByRole('button', { name: 'Confirm the guessed roles of all 2 (2 credits)' }).click();
    await expect.poll(() => bar.getByRole('status').textContent(), { timeout: 10_000 }).toMatch(/^2 interviews are being analysed with their roles as guessed: catch-up-\d, catch-up-\d\.$/);
    await expect.poll(() => storedStatuses(projectId), { timeout: FUNCTIONS_WORK_WAIT_MS }).toEqual(['ready', 'ready']);
    await expect.poll(() => page.getByTestId('trial-banner').textContent()).toBe('Free trial active 8 credits left');
    expect(await bar.getByRole('button').count()).toBe(0);
  });
});
