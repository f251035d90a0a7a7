import { joinTranscript, type TranscriptPart } from '@verbatim/contract/transcript-parts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { callApi } from '../functions/test/support/api';
import { sellNoSoloPrice } from './support/billing';
import { useBrowser } from './support/browser';
import { createProjectFor, logInNewUser } from './support/projects';
import { FUNCTIONS_WORK_WAIT_MS } from '../test/support/emulators';

const newPage = useBrowser();
const FIXTURE_NAME = '04_anthropic-interviewer_science_0012.txt';
/** The name proposed at upload: its labels ("User", "AI") tell no one apart, so the file's name without its extension. */
const INTERVIEW_NAME = '04 anthropic-interviewer science 0012';
const FIXTURE_PATH = new URL(`../functions/test/fixtures/transcripts/${FIXTURE_NAME}`, import.meta.url).pathname;
const SENTENCE =
  'My most recent research project was a literature review and combined data analysis of research surrounding radioactive contamination in [REDACTED] aquifers.';
const ACCEPTED = '.txt, .md, .docx, .pdf, .vtt, .srt, .sub';

/** A new user on the interviews page of a new project, with every document request recorded. */
async function interviewsPage() {
  const page = await newPage();
  const user = await logInNewUser(page);
  const projectId = await createProjectFor(user, 'Scientists and AI');
  const documentCalls: string[] = [];
  page.on('request', (req) => req.url().includes(`/api/projects/${projectId}/documents`) && documentCalls.push(`${req.method()} ${req.url()}`));
  await page.goto(`/projects/${projectId}/interviews`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 }).toBe('Scientists and AI');
  return { page, user, projectId, documentCalls };
}

const picker = (page: Page) => page.getByLabel('Choose transcript files');
const rows = (page: Page) => page.getByTestId('document-row');
const banner = (page: Page) => page.getByTestId('trial-banner');

interface StoredDocument {
  id: string;
  status: string;
  wordCount: number;
}

async function storedInterviews(projectId: string): Promise<StoredDocument[]> {
  const snap = await adminDb().collection(`projects/${projectId}/documents`).get();
  return snap.docs.map((d) => ({ id: d.id, status: d.get('status'), wordCount: d.get('wordCount') }));
}

async function creditsOf(uid: string): Promise<number> {
  return (await adminDb().doc(`users/${uid}`).get()).data()?.creditsRemaining;
}

describe('uploading a transcript', () => {
  it('shows progress, turns parsed live, spends one credit, and reads back verbatim with its speakers', async () => {
    const { page, user, projectId } = await interviewsPage();
    expect(await page.getByTestId('accepted-types').textContent()).toBe(`Accepted: ${ACCEPTED} · up to 20 MB each · one credit per interview`);

    // Hold the file's bytes at the server's door so the progress bar can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/documents/*/content', async (route) => {
      await held;
      await route.continue();
    });
    await picker(page).setInputFiles(FIXTURE_PATH);
    const row = rows(page).filter({ hasText: FIXTURE_NAME });
    await expect.poll(() => row.getByRole('progressbar').count()).toBe(1);
    expect(await row.getByTestId('status-chip').textContent()).toBe('Uploading');
    const value = Number(await row.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(100);
    release();

    // Parsed, then analysed by the insight engine: the chip follows the document live to Ready.
    await expect.poll(() => row.getByTestId('status-chip').textContent(), { timeout: FUNCTIONS_WORK_WAIT_MS }).toBe('Ready');
    expect(await row.getByRole('progressbar').count()).toBe(0);
    await expect.poll(() => banner(page).textContent()).toBe('Free trial active 9 credits left');
    expect(await creditsOf(user.uid)).toBe(9);

    const [stored] = await storedInterviews(projectId);
    const words = stored.wordCount;
    expect(words).toBeGreaterThan(1000);
    const formatted = words.toLocaleString('en-US');
    await expect.poll(() => page.getByTestId('project-summary').textContent()).toBe(`1 interview · ${formatted} words`);
    expect(await row.locator('.doc-row__meta').textContent()).toMatch(new RegExp(`^${FIXTURE_NAME} · TXT · 6\\.2 KB · ${formatted} words · 19 turns · Added `));
    expect(await row.getByRole('list', { name: 'Speakers' }).getByRole('listitem').allTextContents()).toEqual(['AIInterviewer', 'UserParticipant']);

    await row.getByRole('link', { name: INTERVIEW_NAME }).click();
    await page.waitForURL(`**/projects/${projectId}/documents/${stored.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(INTERVIEW_NAME);
    expect(await page.getByTestId('status-chip').textContent()).toBe('Ready');
    expect(await page.getByTestId('word-count').textContent()).toBe(`${formatted} words`);
    expect(await page.getByTestId('speaker-label').allTextContents()).toEqual(['AI', 'User']);
    expect(await page.getByLabel('Role of AI').inputValue()).toBe('interviewer');
    expect(await page.getByLabel('Role of User').inputValue()).toBe('participant');

    // The participant's words, verbatim, under their speaker, anchored at the turn's offset.
    const transcript = page.getByTestId('transcript');
    await expect.poll(() => transcript.getByText(SENTENCE).count()).toBe(1);
    const turn = transcript.locator('li.turn', { hasText: SENTENCE });
    expect(await turn.locator('.turn__speaker').textContent()).toBe('User');
    const parts = (await adminDb().collection(`projects/${projectId}/documents/${stored.id}/transcript`).get()).docs.map((d) => d.data() as TranscriptPart);
    const content = joinTranscript(parts, ['AI', 'User']);
    const source = content.turns.find((t) => content.text.slice(t.start, t.end).includes(SENTENCE))!;
    expect(await turn.getAttribute('id')).toBe(`t-${source.start}`);
    expect(await turn.locator('.turn__text').textContent()).toBe(content.text.slice(source.start, source.end));
    expect(await transcript.locator('li.turn').count()).toBe(19);

    // A link to a turn (#t-<start>) opens the transcript at that turn, marked.
    await page.goto(`/projects/${projectId}/documents/${stored.id}#t-${source.start}`);
    await expect.poll(() => turn.getAttribute('class')).toBe('turn turn--participant turn--target');
    expect(await transcript.locator('li.turn--target').count()).toBe(1);

    // The owner corrects a role. Who is a participant decides what may be quoted, so on an analysed interview the
    // change re-runs the analysis: the page says what it costs before anything is changed or spent.
    /** The stored roles ("AI interviewer, User participant") and the credits left. */
    const storedRolesAndCredits = async () => ({
      roles: ((await adminDb().doc(`projects/${projectId}/documents/${stored.id}`).get()).data()?.speakers as { label: string; role: string }[])
        .map((s) => `${s.label} ${s.role}`)
        .join(', '),
      credits: await creditsOf(user.uid),
    });
    await page.getByLabel('Role of AI').selectOption('unknown');
    const confirm = page.getByRole('group', { name: 'Change the role of AI' });
    await expect.poll(() => confirm.textContent()).toContain('Changing a role re-analyses this interview (1 credit).');
    expect(await storedRolesAndCredits()).toEqual({ roles: 'AI interviewer, User participant', credits: 9 });
    await confirm.getByRole('button', { name: 'Change role and re-analyse' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'is now' }).textContent()).toBe(
      'AI is now unknown role. The interview is being analysed again.',
    );
    expect(await storedRolesAndCredits()).toEqual({ roles: 'AI unknown, User participant', credits: 8 });
    await expect.poll(() => banner(page).textContent()).toBe('Free trial active 8 credits left');
    await expect.poll(() => page.getByTestId('status-chip').textContent(), { timeout: FUNCTIONS_WORK_WAIT_MS }).toBe('Ready');

    // While this page asks to confirm a change chosen from the roles it showed, another tab changes a role: this
    // page's change is refused, nothing is spent, and the panel shows the roles as they are now to choose again.
    await page.getByLabel('Role of User').selectOption('interviewer');
    const confirmUser = page.getByRole('group', { name: 'Change the role of User' });
    await expect.poll(() => confirmUser.count()).toBe(1);
    const otherTab = await callApi(`/projects/${projectId}/documents/${stored.id}`, {
      token: user.idToken,
      method: 'PATCH',
      json: { speakers: [{ label: 'AI', role: 'interviewer' }], rolesVersion: 1 },
    });
    expect(otherTab.status).toBe(200);
    expect(await storedRolesAndCredits()).toEqual({ roles: 'AI interviewer, User participant', credits: 7 });
    await confirmUser.getByRole('button', { name: 'Change role and re-analyse' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Speakers' }).getByRole('alert').textContent()).toBe(
      'These speaker roles were changed meanwhile (in another tab or window), so your change was not made and no credit was used. Now AI is the interviewer, User is the participant. Choose again if you still want a change.',
    );
    expect(await page.getByLabel('Role of AI').inputValue()).toBe('interviewer');
    expect(await page.getByLabel('Role of User').inputValue()).toBe('participant');
    expect(await storedRolesAndCredits()).toEqual({ roles: 'AI interviewer, User participant', credits: 7 });
    await expect.poll(() => banner(page).textContent()).toBe('Free trial active 7 credits left');

    // Once the other tab's analysis is done, the same choice made again, from the roles shown now, is made.
    await expect.poll(() => page.getByTestId('status-chip').textContent(), { timeout: FUNCTIONS_WORK_WAIT_MS }).toBe('Ready');
    await page.getByLabel('Role of User').selectOption('interviewer');
    await confirmUser.getByRole('button', { name: 'Change role and re-analyse' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'is now' }).textContent()).toBe(
      'User is now interviewer. The interview is being analysed again.',
    );
    expect(await storedRolesAndCredits()).toEqual({ roles: 'AI interviewer, User interviewer', credits: 6 });
  });

  it('refuses an unsupported file before sending anything, and spends no credit', async () => {
    const { page, user, projectId, documentCalls } = await interviewsPage();
    await picker(page).setInputFiles({
      name: 'notes.pptx',
      mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      buffer: Buffer.from('PK\u0003\u0004 not really a deck'),
    });
    await expect.poll(() => page.getByTestId('rejections').locator('li').allTextContents()).toEqual([
      `notes.pptx: Files ending in .pptx are not supported. Upload one of: ${ACCEPTED}.`,
    ]);
    await expect.poll(() => page.getByTestId('interviews-empty').count()).toBe(1);
    expect(documentCalls).toEqual([]);
    expect(await storedInterviews(projectId)).toEqual([]);
    expect(await banner(page).textContent()).toBe('Free trial active 10 credits left');
    expect(await creditsOf(user.uid)).toBe(10);
  });

  it("shows the document's own reason when a file cannot be read, without spending a credit", async () => {
    const { page, user, projectId } = await interviewsPage();
    // Empty: refused on its declared size. Blank: sent, then refused by the parser.
    await picker(page).setInputFiles([
      { name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
      { name: 'blank.txt', mimeType: 'text/plain', buffer: Buffer.from('   \n\n\t  \n') },
    ]);
    const empty = rows(page).filter({ hasText: 'empty.txt' });
    const blank = rows(page).filter({ hasText: 'blank.txt' });
    await expect.poll(() => empty.getByTestId('status-chip').textContent(), { timeout: 15_000 }).toBe('Failed');
    await expect.poll(() => blank.getByTestId('status-chip').textContent(), { timeout: 15_000 }).toBe('Failed');
    expect(await empty.getByTestId('document-error').textContent()).toBe('This file is empty. Export the transcript again and upload the new file.');
    expect(await blank.getByTestId('document-error').textContent()).toBe(
      'This file contains only blank space, no words; check that you picked the right file and upload it again.',
    );
    await expect.poll(() => page.getByTestId('project-summary').textContent()).toBe('2 interviews · 0 words');
    expect(await banner(page).textContent()).toBe('Free trial active 10 credits left');
    expect(await creditsOf(user.uid)).toBe(10);
    expect((await storedInterviews(projectId)).map((d) => d.status)).toEqual(['failed', 'failed']);

    // The interview's own page says the same.
    // Named at upload from its file without the extension (nothing in it names anyone).
    await blank.getByRole('link', { name: 'blank', exact: true }).click();
    await expect.poll(() => page.getByTestId('document-error').textContent()).toBe(
      'This file contains only blank space, no words; check that you picked the right file and upload it again.',
    );
    expect(await page.getByTestId('transcript').count()).toBe(0);
  });
});

describe('out of credits', () => {
  const BENEFITS = [
    'Instant document insights',
    'Highlights auto-tagged with insights',
    'Instant reports and slide decks based on insights',
    'Export of insights to a whiteboard tool',
    'Cancel any time',
  ];

  it('picking a file shows the subscribe prompt and uploads nothing', async () => {
    const { page, user, projectId, documentCalls } = await interviewsPage();
    await sellNoSoloPrice(page);
    await adminDb().doc(`users/${user.uid}`).update({ creditsRemaining: 0 });
    await expect.poll(() => banner(page).textContent()).toBe('Trial expired. Subscribe for unlimited usage');

    const dialog = page.getByRole('dialog');
    await picker(page).setInputFiles(FIXTURE_PATH);
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe("It's time to subscribe!");
    expect(await dialog.locator('.modal__lead').textContent()).toBe("Get full access to the product's powerful features.");
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual(BENEFITS);
    expect(await page.evaluate(() => document.body.classList.contains('modal-open'))).toBe(true);
    expect(await page.getByTestId('rejections').locator('li').allTextContents()).toEqual([
      `${FIXTURE_NAME}: Not uploaded: you have no credits left for this interview.`,
    ]);

    // Closed by Cancel, by the x, by a click on the overlay.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.body.classList.contains('modal-open'))).toBe(false);
    await picker(page).setInputFiles(FIXTURE_PATH);
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await picker(page).setInputFiles(FIXTURE_PATH);
    await page.getByTestId('modal-overlay').click({ position: { x: 8, y: 8 } });
    await expect.poll(() => dialog.count()).toBe(0);

    expect(documentCalls).toEqual([]);
    expect(await storedInterviews(projectId)).toEqual([]);
    expect(await rows(page).count()).toBe(0);

    // A server that sells no Solo price: Subscribe Now goes to the plans.
    await picker(page).setInputFiles(FIXTURE_PATH);
    await dialog.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.waitForURL('**/pricing');
    expect(documentCalls).toEqual([]);
  });
});
