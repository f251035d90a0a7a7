import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { signUp } from '../functions/test/support/projects';
import { createPasswordUser, type TestUser } from '../test/support/emulators';
import { useBrowser } from './support/browser';
import { PHONE } from './support/layout';
import { logInOwner } from './support/public';
import { markRecordingReady, spokenRecording, type SpokenInterview } from './support/recording-file';
import { seedReadyInterviews, seedReadyProject } from './support/seed';

// A researcher on a 390 px phone: the interview reader puts the transcript near the top (speakers and insights fold
// above it), the heatmap's interview labels never break inside a word, and the floating quote player never covers a
// card's Edit, Move to theme or Delete.
const newPage = useBrowser();
let owner: TestUser;
let projectId: string;
let longId: string;
let recordedId: string;
let spoken: SpokenInterview;

beforeAll(async () => {
  spoken = spokenRecording();
  owner = await createPasswordUser();
  await signUp(owner);
  ({
    projectId,
    documentIds: [recordedId],
  } = await seedReadyProject(owner, 'On the phone', [{ name: 'science-call.vtt', bytes: spoken.vtt }]));
  [longId] = await seedReadyInterviews(owner, projectId, ['10_changelog_founders-talk-91.md', '18_pdpilot_P1_user-study-interview.pdf', '01_pdpilot_P2_user-study-interview.pdf']);
  await markRecordingReady(projectId, recordedId, spoken, 'science-call.webm');
  // Names like the ones that broke inside a word ("Partici pant").
  const docs = await adminDb().collection(`projects/${projectId}/documents`).get();
  await Promise.all(docs.docs.map((d, i) => d.ref.update({ name: `Participant ${i + 1}` })));
}, 240_000);

async function phonePage(): Promise<Page> {
  const page = await newPage(PHONE);
  await logInOwner(page, owner);
  return page;
}

describe('on a 390 px phone', () => {
  it('the reader shows the transcript near the top, speakers and insights folded above it', async () => {
    const page = await phonePage();
    await page.goto(`/projects/${projectId}/documents/${longId}`);
    const firstTurn = page.getByTestId('transcript').locator('li.turn').first();
    await expect.poll(() => firstTurn.count(), { timeout: 20_000 }).toBe(1);
    const top = await firstTurn.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    // It started about 4,400 px down, under every speaker and insight.
    expect(top).toBeLessThan(1_000);
    const fold = page.getByTestId('reader-side-fold');
    expect(await fold.evaluate((el: HTMLDetailsElement) => el.open)).toBe(false);
    expect(await fold.locator('summary').textContent()).toMatch(/^Speakers and \d+ insights?$/);
    await fold.locator('summary').click();
    await expect.poll(() => fold.getByTestId('insight-card').or(fold.locator('.doc-insights')).first().isVisible()).toBe(true);
  }, 60_000);

  it('the heatmap’s interview labels never break inside a word', async () => {
    const page = await phonePage();
    await page.goto(`/projects/${projectId}/insights`);
    const labels = page.getByTestId('heatmap').locator('.heatmap__interview-name');
    await expect.poll(() => labels.count(), { timeout: 20_000 }).toBe(4);
    // Each word of each label is drawn in one piece (a word broken over two lines has two boxes).
    const broken = await labels.evaluateAll((els) =>
      els.flatMap((el) => {
        const node = el.firstChild;
        if (!node || node.nodeType !== Node.TEXT_NODE) return [];
        const text = node.textContent ?? '';
        return [...text.matchAll(/\S+/g)].flatMap((m) => {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
          return boxes.length > 1 ? [`${m[0]} in "${text}": ${boxes.length} pieces`] : [];
        });
      }),
    );
    expect(broken).toEqual([]);
  }, 60_000);

  it('the floating quote player leaves every card’s Edit, Move to theme and Delete uncovered', async () => {
    const page = await phonePage();
    await page.route(`**/api/projects/${projectId}/documents/${recordedId}/recording/playback`, (route) =>
      route.fulfill({
        json: { url: `/e2e-media/${recordedId}.webm`, expiresAt: new Date(Date.now() + 3_600_000).toISOString(), contentType: spoken.contentType, hasVideo: false, durationSeconds: spoken.durationSeconds },
      }),
    );
    await page.route('**/e2e-media/**', (route: Route) => route.fulfill({ status: 200, headers: { 'content-type': spoken.contentType }, body: spoken.bytes }));
    await page.goto(`/projects/${projectId}/insights`);
    const playable = page.getByTestId('insight-card').filter({ has: page.getByTestId('quote-play') });
    await expect.poll(() => playable.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // A card whose Edit, Move to theme and Delete sit at the foot of the window, where the player appears, with its last
    // play button still in view above them.
    const spans = await playable.evaluateAll((els) =>
      els.map((el) => {
        const plays = el.querySelectorAll('[data-testid="quote-play"]');
        return el.getBoundingClientRect().bottom - plays[plays.length - 1].getBoundingClientRect().top;
      }),
    );
    const index = spans.findIndex((span) => span < 600);
    expect(index).toBeGreaterThanOrEqual(0);
    const card = playable.nth(index);
    await card.evaluate((el) => window.scrollTo(0, window.scrollY + el.getBoundingClientRect().bottom - window.innerHeight + 2));
    await card.getByTestId('quote-play').last().click();
    const player = page.getByTestId('quote-player');
    await expect.poll(() => player.isVisible()).toBe(true);

    const covered = () =>
      page.evaluate(() => {
        const bar = document.querySelector('[data-testid="quote-player"]')!.getBoundingClientRect();
        const out: string[] = [];
        for (const button of document.querySelectorAll<HTMLElement>('[data-testid="insight-card"] button')) {
          if (!/^(Edit|Move to theme|Delete)$/.test(button.textContent?.trim() ?? '')) continue;
          const r = button.getBoundingClientRect();
          if (r.height === 0 || r.bottom < 0 || r.top > window.innerHeight) continue;
          if (r.bottom > bar.top && r.top < bar.bottom && r.right > bar.left && r.left < bar.right) out.push(`${button.textContent} at ${Math.round(r.top)} px`);
        }
        return out;
      });
    // The card just played from is clear of the player (it scrolls once the player has been laid out).
    await expect.poll(covered).toEqual([]);
    // And at the foot of the page, the last card's buttons scroll clear of it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(covered).toEqual([]);
  }, 60_000);
});
