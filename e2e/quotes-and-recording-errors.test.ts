import { RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callApi } from '../functions/test/support/api';
import { signUp } from '../functions/test/support/projects';
import { createPasswordUser } from '../test/support/emulators';
import { useBrowser } from './support/browser';
import { PHONE } from './support/layout';
import { logInOwner, projectWithPublicViews } from './support/public';
import { markRecordingReady, spokenRecording } from './support/recording-file';
import { seedReadyProject } from './support/seed';

const newPage = useBrowser();

describe('a public card’s quotes', () => {
  it('say on the folded card that they are there, and open from the keyboard or a tap, not only on hover', async () => {
    const { user, projectId } = await projectWithPublicViews('10_changelog_founders-talk-91.md', 'Founders, shared');
    const link = await callApi<{ link: { token: string } }>(`/projects/${projectId}/shares/interviews`, { token: user.idToken, method: 'PUT', json: { enabled: true } });
    expect(link.status).toBe(200);
    // A phone's touch screen: a tap never hovers first (a mouse would open the card on its way to the control).
    const page = await newPage({ ...PHONE, touch: true });
    await page.goto(`/public/interviews/${link.body.link.token}`);
    const card = page.getByTestId('public-insight').first();
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
    const show = card.getByTestId('show-quotes');
    // Folded, as the spec has it (hover opens it); the card says what it holds, with a control that opens it.
    expect(await card.getByTestId('supporting-quotes').isHidden()).toBe(true);
    expect(await show.textContent()).toMatch(/^Show \d+ supporting quotes?/);
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    // A tap on it opens the quotes, and keeps them open.
    await show.tap();
    await expect.poll(() => card.getByTestId('public-quote').count()).toBeGreaterThan(0);
    expect(await show.getAttribute('aria-expanded')).toBe('true');
    expect(await show.textContent()).toBe('Hide the supporting quotes');

    // From the keyboard: the next card's control, focused, opens with Enter.
    const next = page.getByTestId('public-insight').nth(1).getByTestId('show-quotes');
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('public-insight').nth(1).getByTestId('public-quote').count()).toBeGreaterThan(0);
  }, 120_000);
});

describe('a recording card', () => {
  it('says one problem, the latest: a failed attachment replaces a failed removal', async () => {
    const spoken = spokenRecording();
    const owner = await createPasswordUser();
    await signUp(owner);
    const {
      projectId,
      documentIds: [documentId],
    } = await seedReadyProject(owner, 'Heard', [{ name: 'call.vtt', bytes: spoken.vtt }]);
    await markRecordingReady(projectId, documentId, spoken, 'call.webm');
    const page = await newPage({ width: 1366, height: 900 });
    await logInOwner(page, owner);
    await page.goto(`/projects/${projectId}/documents/${documentId}`);
    const panel = page.getByTestId('recording-panel');
    await expect.poll(() => panel.getByTestId('recording-facts').count(), { timeout: 20_000 }).toBe(1);

    // The removal fails.
    await page.route(`**/api/projects/${projectId}/documents/${documentId}/recording`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 503, json: { error: { message: 'The recording could not be removed just now. Try again in a minute.', code: 'unavailable' } } })
        : route.continue(),
    );
    await panel.getByRole('button', { name: 'Remove', exact: true }).click();
    await panel.getByRole('button', { name: 'Remove recording' }).click();
    await expect.poll(() => panel.getByTestId('recording-error').allTextContents()).toEqual(['The recording could not be removed just now. Try again in a minute.']);

    await panel.getByRole('group', { name: 'Remove the recording' }).getByRole('button', { name: 'Cancel' }).click();
    expect(await panel.getByTestId('recording-error').count()).toBe(1);
    // Then a file that is not a recording is picked to replace it: its reason replaces the removal's.
    const dir = mkdtempSync(join(tmpdir(), 'rec-'));
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'not a recording');
    await page.getByLabel('Choose the interview’s recording').setInputFiles(notes);
    await expect.poll(() => panel.getByTestId('recording-error').allTextContents()).toEqual([`${RECORDING_MESSAGES.notMedia('notes.txt')} Dismiss`]);
  }, 120_000);
});
