import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PERSONAS, type PersonaId } from '../../web/src/features/landing/personas';
import { adminDb } from '../../functions/test/support/admin';
import { uniqueEmail } from '../../test/support/emulators';
import { startStripeStandIn } from '../../test/support/stripe-stand-in.mjs';
import { completeCheckout, holdRequests, STRIPE_SECRET, STRIPE_STAND_IN_PORT } from './billing';
import { downloadedBytes, useBrowser } from './browser';
import { seedReadyInterviews } from './seed';

// One whole journey per persona, from its landing page to a paid plan, as a researcher clicks through it (run by
// e2e/journeys-1.test.ts and journeys-2.test.ts, half each, so the halves run side by side). One of them uploads its
// interview through the page and waits for the real pipeline (upload → progress → ready → insights); the others get
// theirs analysed as that upload leaves it (e2e/support/seed.ts, the server's own modules in-process).
const FIXTURES = new URL('../../functions/test/fixtures/transcripts/', import.meta.url).pathname;
const JOURNEYS: Array<[PersonaId, string, 'uploaded' | 'seeded']> = [
  ['generic', '04_anthropic-interviewer_science_0012.txt', 'seeded'],
  ['uxr', '18_pdpilot_P1_user-study-interview.pdf', 'seeded'],
  ['consultant', '08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt', 'seeded'],
  ['pm', '10_changelog_founders-talk-91.md', 'seeded'],
  ['advariant', '07_gvc_CodeConversations-ChrisDiBona.srt', 'seeded'],
  ['agent', '15_qualcoder_ID1_student-response.docx', 'uploaded'],
];

const banner = (page: Page) => page.getByTestId('trial-banner');

/** The whole journey of `persona` on `page`; `newPage` opens the visitor's own browser context. */
async function journey(page: Page, newPage: () => Promise<Page>, persona: PersonaId, fixture: string, interview: 'uploaded' | 'seeded') {
  // Landing → sign up.
  await page.goto(PERSONAS[persona].path);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(PERSONAS[persona].headline);
  await page.getByRole('link', { name: /start free/i }).first().click();
  await page.waitForURL('**/signup');
  const email = uniqueEmail(persona);
  await page.getByLabel('Name').fill(`Journey ${persona}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct-horse-9');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.waitForURL('**/projects');
  await expect.poll(() => banner(page).textContent(), { timeout: 15_000 }).toBe('Free trial active 10 credits left');
  const uid = (await adminDb().collection('users').where('email', '==', email).get()).docs[0].id;

  // A project, an interview, its insights.
  await page.getByLabel('Project name').fill(`${persona} study`);
  // This server offers Gemini (no stand-in runs for this test): keep the project's analysis Verbatim only.
  await page.getByRole('radio', { name: /^Verbatim only/ }).check();
  // The new project opens on its Interviews page.
  await page.getByRole('button', { name: 'Create project' }).click();
  await page.waitForURL('**/interviews');
  const projectId = new URL(page.url()).pathname.split('/')[2];
  const row = page.getByTestId('document-row').filter({ hasText: fixture.replace(/\.[a-z]+$/, '') });
  if (interview === 'uploaded') {
    // The file's bytes are held at the server's door a moment, to see the upload's progress.
    const held = await holdRequests(page, '**/documents/*/content');
    await page.getByLabel('Choose transcript files').setInputFiles(`${FIXTURES}${fixture}`);
    await held.arrived;
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(1);
    expect(await row.getByTestId('status-chip').textContent()).toBe('Uploading');
    held.release();
  } else {
    await seedReadyInterviews({ uid }, projectId, [fixture]);
  }
  await expect.poll(() => row.getByTestId('status-chip').textContent(), { timeout: 90_000 }).toBe('Ready');
  await expect.poll(() => banner(page).textContent()).toBe('Free trial active 9 credits left');
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Insights' }).click();
  await expect.poll(() => page.getByTestId('insight-card').count(), { timeout: 30_000 }).toBeGreaterThan(0);

  // Share the summary; a visitor (another browser context) reads it.
  await page.getByTestId('share-button').click();
  const panel = page.getByTestId('share-panel-summary');
  await panel.getByTestId('share-switch').click();
  await expect.poll(() => panel.getByTestId('share-status').textContent(), { timeout: 15_000 }).toMatch(/^Anyone with the link/);
  const url = await panel.getByTestId('share-url').inputValue();
  // The public view is built on the server once the link is on.
  await expect.poll(async () => (await adminDb().doc(`projects/${projectId}/publicViews/summary`).get()).exists, { timeout: 30_000 }).toBe(true);
  const visitor = await newPage();
  await visitor.goto(url);
  await expect.poll(() => visitor.getByRole('heading', { level: 1 }).textContent(), { timeout: 30_000 }).toBe('Project-Level Summary Insights');
  await expect.poll(() => visitor.getByTestId('project-name').textContent(), { timeout: 15_000 }).toBe(`${persona} study`);

  // The slide deck.
  await page.goto(`/projects/${projectId}/deliverable`);
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Download slides (.pptx)' }).click();
  const deck = await JSZip.loadAsync(await downloadedBytes(await download));
  expect(Object.keys(deck.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).length).toBeGreaterThan(3);

  // Out of credits: the last credit goes on a second interview, then the next one asks to subscribe.
  await adminDb().doc(`users/${uid}`).update({ creditsRemaining: 1 });
  await page.goto(`/projects/${projectId}/interviews`);
  await expect.poll(() => banner(page).textContent()).toBe('Free trial credits running low! 1 credit left Subscribe now');
  await page.getByLabel('Choose transcript files').setInputFiles({ name: 'follow-up.txt', mimeType: 'text/plain', buffer: Buffer.from('Interviewer: How was it?\n\nParticipant: The export saved me an afternoon of copying quotes.\n') });
  await expect.poll(() => banner(page).textContent(), { timeout: 30_000 }).toBe('Trial expired. Subscribe for unlimited usage');
  await page.getByLabel('Choose transcript files').setInputFiles({ name: 'third.txt', mimeType: 'text/plain', buffer: Buffer.from('Participant: One more.\n') });
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByRole('heading').textContent()).toBe("It's time to subscribe!");

  // Subscribe: the modal goes to Stripe's checkout (stand-in) for the Solo price the server sells; Stripe's
  // webhook lands and the browser comes back to the success page; the banner goes.
  // The stand-in holds the one port every emulated function calls for Stripe only for this step (another file
  // holding it is waited for: test/support/loopback-server.mjs).
  const stripe = await startStripeStandIn({ port: STRIPE_STAND_IN_PORT, secretKey: STRIPE_SECRET });
  try {
    await dialog.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await completeCheckout(stripe, uid);
    await page.goto('/subscription-success');
    await expect.poll(() => page.getByTestId('activation-status').textContent(), { timeout: 15_000 }).toBe('Your Solo plan is active: unlimited usage.');
    expect(await banner(page).count()).toBe(0);
  } finally {
    await stripe.close();
  }
}

/** Registers the journeys `from` to `to` (0-based, end excluded) in the calling test file, each in a page of its own. */
export function describeJourneys(from: number, to: number): void {
  const newPage = useBrowser();
  describe('persona journeys: landing → sign-up → project → upload → insights → share → deck → out of credits → subscribed', () => {
    for (const [persona, fixture, interview] of JOURNEYS.slice(from, to)) {
      it(`${persona} (${PERSONAS[persona].path}, ${fixture.split('.').pop()}, ${interview})`, async () => {
        await journey(await newPage(), newPage, persona, fixture, interview);
      }, 360_000);
    }
  });
}
