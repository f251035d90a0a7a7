import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { FUNCTIONS_WORK_WAIT_MS } from '../test/support/emulators';
import { useBrowser } from './support/browser';
import { createProjectFor, logInNewUser } from './support/projects';

// An interview is named at upload from its transcript — the participant (never the interviewer) and the day — in a
// field of the upload list the researcher can change before the file goes, and is cited by that name.
const newPage = useBrowser();
const FIXTURES = new URL('../functions/test/fixtures/transcripts/', import.meta.url).pathname;

const rows = (page: Page) => page.getByTestId('document-row');

async function storedNames(projectId: string): Promise<{ name: string; fileName: string }[]> {
  const snap = await adminDb().collection(`projects/${projectId}/documents`).get();
  return snap.docs.map((d) => ({ name: d.get('name'), fileName: d.get('fileName') }));
}

/** A transcript whose header says the day, an interviewer who asks and a participant, Dana Whitfield, who answers. */
function danaTranscript(): string {
  const dir = mkdtempSync(join(tmpdir(), 'names-'));
  const path = join(dir, 'interview.txt');
  const turns = [
    'Recorded 12 March 2024, remote.',
    '',
    'Interviewer: How do you decide what to research next?',
    'Dana Whitfield: I start from the decision the study should inform, then I look for the people who make it every week.',
    'Interviewer: What makes that hard?',
    'Dana Whitfield: Finding time with them. Calendars are full and the recruiting tool keeps losing my notes.',
  ];
  writeFileSync(path, `${turns.join('\n')}\n`);
  return path;
}

describe('interview names', () => {
  it('proposes the participant and the day from the transcript, editable in the upload list before the file goes', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const user = await logInNewUser(page);
    const projectId = await createProjectFor(user, 'Research ops');
    await page.goto(`/projects/${projectId}/interviews`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 }).toBe('Research ops');

    // The reservation is held at the server's door: the upload list shows the proposed name, editable.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/projects/${projectId}/documents`, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await page.getByLabel('Choose transcript files').setInputFiles(danaTranscript());
    const field = page.getByTestId('pending-upload').getByLabel('Interview name');
    await expect.poll(() => field.inputValue()).toBe('Dana Whitfield · 12 Mar 2024');
    expect(await page.getByTestId('pending-upload').locator('.doc-row__meta').textContent()).toMatch(/^interview\.txt · /);
    await field.fill('Dana Whitfield, recruiting · 12 Mar 2024');
    await field.blur();
    release();

    // Stored as the interview's name; the row says it, with the file it came from.
    await expect.poll(() => storedNames(projectId), { timeout: 15_000 }).toEqual([{ name: 'Dana Whitfield, recruiting · 12 Mar 2024', fileName: 'interview.txt' }]);
    const row = rows(page).filter({ hasText: 'interview.txt' });
    await expect.poll(() => row.locator('.doc-row__name').textContent()).toBe('Dana Whitfield, recruiting · 12 Mar 2024');
    expect(await row.locator('.doc-row__meta').first().textContent()).toMatch(/^interview\.txt · TXT · /);
  }, 120_000);

  it('names an interview after its participant, not the interviewer, and cites it by that name', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const user = await logInNewUser(page);
    const projectId = await createProjectFor(user, 'Founders');
    await page.goto(`/projects/${projectId}/interviews`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 }).toBe('Founders');
    // Adam Stacoviak asks, Jack Dorsey answers.
    await page.getByLabel('Choose transcript files').setInputFiles(`${FIXTURES}10_changelog_founders-talk-91.md`);
    const row = rows(page).filter({ hasText: '10_changelog_founders-talk-91.md' });
    await expect.poll(() => row.getByTestId('status-chip').textContent(), { timeout: FUNCTIONS_WORK_WAIT_MS }).toBe('Ready');
    expect(await row.locator('.doc-row__name').textContent()).toBe('Jack Dorsey');

    // The reader is headed by it.
    await row.getByRole('link', { name: 'Jack Dorsey' }).click();
    await page.waitForURL(`**/projects/${projectId}/documents/*`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Jack Dorsey');

    // Quotes are cited by it, never by the file's name, and the participant's name is not said twice.
    await page.goto(`/projects/${projectId}/insights`);
    await expect.poll(() => page.getByTestId('quote-citation').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const citations = await page.getByTestId('quote-citation').allTextContents();
    for (const cite of citations) {
      expect(cite).not.toContain('.md');
      expect(cite).toMatch(/^— Jack Dorsey( · \d\d:\d\d)?$/);
    }
  }, FUNCTIONS_WORK_WAIT_MS + 60_000);
});
