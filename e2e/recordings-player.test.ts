import { AxeBuilder } from '@axe-core/playwright';
import { quoteTime } from '@verbatim/contract/citation';
import { quoteMoments } from '@verbatim/contract/quote-moments';
import { quotePlaySpan } from '../web/src/features/recordings/recording-moments';
import { RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import type { Turn } from '@verbatim/contract/transcript';
import type { Locator, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { signUp } from '../functions/test/support/projects';
import { createPasswordUser, type TestUser } from '../test/support/emulators';
import { useBrowser } from './support/browser';
import { storedInsights, storedTranscript, type StoredQuote } from './support/insights';
import { overflowing, PHONE, phoneLayoutProblems } from './support/layout';
import { logInOwner } from './support/public';
import { seedReadyInterviews, seedReadyProject } from './support/seed';
import { markRecordingReady, spokenRecording, type SpokenInterview } from './support/recording-file';

// Hearing the evidence: an interview whose transcript (a .vtt whose cues are the real times) has its recording, played
// beside the transcript and from the board. The interview is seeded ready as the pipeline leaves it, and its recording
// as the server leaves one it has read (`recording.status` 'ready'). The playback link the page asks for is answered
// here, with a same-origin address this test serves with byte ranges (as a signed link is served), so that its expiry
// can be played out. (Uploading and attaching through the server's routes: e2e/recordings-upload.test.ts.)
const newPage = useBrowser();
let owner: TestUser;
let projectId: string;
let documentId: string;
let plainId: string;
let unrecordedId: string;
let spoken: SpokenInterview;
let turns: Turn[];
let quotes: StoredQuote[];

beforeAll(async () => {
  spoken = spokenRecording();
  owner = await createPasswordUser();
  await signUp(owner);
  ({
    projectId,
    documentIds: [documentId],
  } = await seedReadyProject(owner, 'Scientists, heard', [{ name: 'science-call.vtt', bytes: spoken.vtt }]));
  [plainId, unrecordedId] = await seedReadyInterviews(owner, projectId, ['04_anthropic-interviewer_science_0012.txt', '08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt']);
  await markRecordingReady(projectId, documentId, spoken, 'science-call.webm');
  turns = (await storedTranscript(projectId, documentId)).turns;
  quotes = (await storedInsights(projectId)).flatMap((i) => i.quotes).filter((q) => q.documentId === documentId && typeof q.ts === 'number');
  if (quotes.length === 0) throw new Error('The seeded interview has no quote with a timestamp to play.');
}, 180_000);

/** The bytes of `body` a Range header asks for (206), or all of them. */
function ranged(route: Route, body: Buffer, contentType: string) {
  const asked = route.request().headers().range?.match(/^bytes=(\d+)-(\d*)$/);
  const headers = { 'content-type': contentType, 'accept-ranges': 'bytes', 'cache-control': 'no-store' };
  if (!asked) return route.fulfill({ status: 200, headers, body });
  const start = Number(asked[1]);
  const end = asked[2] ? Math.min(Number(asked[2]), body.length - 1) : body.length - 1;
  return route.fulfill({ status: 206, headers: { ...headers, 'content-range': `bytes ${start}-${end}/${body.length}` }, body: body.subarray(start, end + 1) });
}

/** Answers the page's playback-link requests for the recorded interview; the links it handed out, in order. */
async function serveRecording(page: Page): Promise<string[]> {
  const links: string[] = [];
  await page.route(`**/api/projects/${projectId}/documents/${documentId}/recording/playback`, (route) => {
    const url = `/e2e-media/${documentId}.webm?link=${links.length + 1}`;
    links.push(url);
    return route.fulfill({
      json: { url, expiresAt: new Date(Date.now() + 3_600_000).toISOString(), contentType: spoken.contentType, hasVideo: false, durationSeconds: spoken.durationSeconds },
    });
  });
  await page.route('**/e2e-media/**', (route) => ranged(route, spoken.bytes, spoken.contentType));
  return links;
}

/** The state of a media element of the page. */
function mediaState(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((el: HTMLMediaElement) => ({ time: el.currentTime, paused: el.paused, rate: el.playbackRate }));
}

const turnItem = (page: Page, turn: Turn): Locator => page.locator('li.turn').filter({ has: page.locator(`[data-turn="${turn.start}"]`) });
const playingTurns = (page: Page) => page.locator('li.turn[aria-current="true"]');

/** Whether the element is inside the window (below the transcript's sticky bar). */
function onScreen(locator: Locator) {
  return locator.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    const top = document.querySelector('.transcript-bar')?.getBoundingClientRect().bottom ?? 0;
    return rect.bottom > top && rect.top < window.innerHeight;
  });
}

async function openInterview(width = 1280, height = 800) {
  // The owner's session (sessionOf); this file's last test signs in through the login form.
  const page = await newPage({ width, height, signedInAs: owner });
  // Scrolling is immediate for a reader who asked for less motion: what is in view can be checked at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const links = await serveRecording(page);
  await page.goto(`/projects/${projectId}/documents/${documentId}`);
  await expect.poll(() => page.getByRole('region', { name: 'Recording player' }).count()).toBe(1);
  return { page, links, player: page.getByRole('region', { name: 'Recording player' }) };
}

describe('an interview with its recording', () => {
  it('plays a turn from its timestamp, marks the turn being said as it plays, and follows it while the reader does', async () => {
    const { page, player } = await openInterview(1280, 640);
    const participant = turns.findIndex((t, i) => i > 2 && t.speaker === 'User' && t.ts !== undefined && i + 2 < turns.length);
    const [first, second, third] = turns.slice(participant, participant + 3);
    const item = turnItem(page, first);
    await item.scrollIntoViewIfNeeded();
    await item.getByRole('button', { name: `Play from ${quoteTime(first.ts!)}` }).click();

    await expect.poll(async () => (await mediaState(page, 'recording-media')).paused).toBe(false);
    const started = await mediaState(page, 'recording-media');
    expect(started.time).toBeGreaterThanOrEqual(first.ts! - 0.3);
    expect(started.time).toBeLessThan(first.ts! + 4);
    await expect.poll(() => item.getAttribute('aria-current')).toBe('true');
    expect(await playingTurns(page).count()).toBe(1);
    expect(await player.getByRole('button', { name: 'Pause' }).count()).toBe(1);

    // Twice as fast, to the next turn: it is marked in its place, and brought into view for a reader following along.
    await player.getByLabel('Playback speed').selectOption('2');
    expect((await mediaState(page, 'recording-media')).rate).toBe(2);
    // The rest at eight times (the media element's own rate, past the menu's): the same marks, without waiting turns out.
    await page.getByTestId('recording-media').evaluate((media: HTMLMediaElement) => (media.playbackRate = 8));
    await expect.poll(() => turnItem(page, second).getAttribute('aria-current'), { timeout: 60_000 }).toBe('true');
    expect(await item.getAttribute('aria-current')).toBeNull();
    expect(await playingTurns(page).count()).toBe(1);
    await expect.poll(() => onScreen(turnItem(page, second))).toBe(true);

    // A reader who scrolled away is left where they are when the next turn begins.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => onScreen(turnItem(page, second))).toBe(false);
    await expect.poll(() => turnItem(page, third).getAttribute('aria-current'), { timeout: 60_000 }).toBe('true');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // …and can go back to it.
    await player.getByRole('button', { name: 'Show the turn being played' }).click();
    await expect.poll(() => onScreen(turnItem(page, third))).toBe(true);

    await player.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await mediaState(page, 'recording-media')).paused).toBe(true);
    expect(await playingTurns(page).count()).toBe(1);
  });

  it('plays a quote beside the transcript from its own first word and stops just after its last, inside its turn', async () => {
    const { page, player } = await openInterview();
    await player.getByLabel('Playback speed').selectOption('2');
    const transcript = await storedTranscript(projectId, documentId);
    const duration = (await adminDb().doc(`projects/${projectId}/documents/${documentId}`).get()).get('recording.durationSeconds') as number;
    const context = { text: transcript.text, duration };
    const holdingOf = (q: StoredQuote) => turns.find((t) => t.start <= q.start && q.start < t.end)!;
    // A quote that starts well inside its turn: the turn's own time is not the quote's.
    const quote = quotes.find((q) => q.start > holdingOf(q).start + 40) ?? quotes[0];
    const holding = holdingOf(quote);
    const moment = quoteMoments(quote, transcript.turns, transcript.timeMarks, context)!.start;
    const span = quotePlaySpan(quote, transcript.turns, transcript.timeMarks, context)!;
    // Its words lie inside its turn as spoken (the recording's true times).
    const spokenTurn = spoken.turns.find((t) => t.text.includes(quote.text.slice(0, 40)))!;
    expect(span.start).toBeGreaterThanOrEqual(spokenTurn.start - 1);
    expect(span.end).toBeLessThanOrEqual(spokenTurn.end + 1.5);

    // The quote's own item (its link and its play button) beside the transcript.
    const item = page.getByTestId('document-insights').locator(`a[href$="#q-${quote.start}-${quote.end}"]`).first().locator('xpath=..');
    await item.getByRole('button', { name: `Play from ${quoteTime(moment)}` }).click();
    await expect.poll(async () => (await mediaState(page, 'recording-media')).paused).toBe(false);
    const { time } = await mediaState(page, 'recording-media');
    expect(time).toBeGreaterThanOrEqual(span.start - 0.3);
    expect(time).toBeLessThan(span.start + 2);
    if (quote.start > holding.start + 40 && holding.ts !== undefined) expect(span.start).toBeGreaterThan(holding.ts + 0.5);
    // The turn holding it is the one marked.
    await expect.poll(() => turnItem(page, holding).getAttribute('aria-current')).toBe('true');
    // It stops by itself just after its last word.
    await expect.poll(async () => (await mediaState(page, 'recording-media')).paused, { timeout: 60_000 }).toBe(true);
    const stopped = (await mediaState(page, 'recording-media')).time;
    expect(stopped).toBeGreaterThanOrEqual(span.end - 0.3);
    expect(stopped).toBeLessThan(span.end + 1);
  });

  it('works from the keyboard, every control labelled, with no serious accessibility problem', async () => {
    const { page, player } = await openInterview();
    for (const name of ['Play', 'Back 10 seconds', 'Forward 10 seconds']) expect(await player.getByRole('button', { name, exact: true }).count()).toBe(1);
    expect(await player.getByRole('slider', { name: 'Position' }).count()).toBe(1);
    expect(await player.getByRole('combobox', { name: 'Playback speed' }).count()).toBe(1);

    await player.getByRole('button', { name: 'Play', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await mediaState(page, 'recording-media')).paused).toBe(false);
    await expect.poll(() => player.getByRole('button', { name: 'Pause' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await mediaState(page, 'recording-media')).paused).toBe(true);
    // The position moves with the arrow keys, and says where it is.
    const before = (await mediaState(page, 'recording-media')).time;
    await player.getByRole('slider', { name: 'Position' }).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await mediaState(page, 'recording-media')).time).toBeGreaterThan(before + 3);
    expect(await player.getByRole('slider', { name: 'Position' }).getAttribute('aria-valuetext')).toMatch(/^00:0\d of \d\d:\d\d$/);

    const { violations } = await new AxeBuilder({ page }).include('.document-page').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  it('on a phone: nothing wider than the screen, every control of the player and the turns a 44 px target', async () => {
    const { page, player } = await openInterview(PHONE.width, PHONE.height);
    await turnItem(page, turns[1]).getByTestId('turn-play').click();
    await expect.poll(async () => (await mediaState(page, 'recording-media')).paused).toBe(false);
    await player.getByRole('button', { name: 'Pause' }).click();
    expect(await overflowing(page)).toEqual([]);
    expect(await phoneLayoutProblems(page)).toEqual([]);
  });

  it('asks for a new link when the one it has stops working, and plays on from where it was', async () => {
    const { page, links } = await openInterview();
    await expect.poll(() => links.length).toBe(1);
    const turn = turns[3];
    await turnItem(page, turn).getByRole('button', { name: `Play from ${quoteTime(turn.ts!)}` }).click();
    await expect.poll(async () => (await mediaState(page, 'recording-media')).paused).toBe(false);
    // The link expires: its address answers 403 from now on, as a signed link past its time does.
    await page.route(`**${links[0]}`, (route) => route.fulfill({ status: 403, body: 'expired' }));
    const at = (await mediaState(page, 'recording-media')).time;
    await page.getByTestId('recording-media').evaluate((el: HTMLMediaElement) => {
      // A new load from the expired address, as the browser makes when it needs bytes it does not hold.
      const time = el.currentTime;
      el.src = el.getAttribute('src')!;
      el.currentTime = time;
      void el.play().catch(() => undefined);
    });
    await expect.poll(() => links.length).toBe(2);
    // The player takes the new link once its answer is in, then seeks back to where it was: read after that.
    const media = page.getByTestId('recording-media');
    await expect.poll(() => media.evaluate((el: HTMLMediaElement) => el.currentSrc)).toContain(links[1]);
    await expect.poll(async () => (await mediaState(page, 'recording-media')).paused).toBe(false);
    await expect.poll(async () => (await mediaState(page, 'recording-media')).time).toBeGreaterThanOrEqual(at - 0.5);
  });
});

describe('on the insights board', () => {
  it('every quote of the recorded interview plays its own words through one small player for the page, up to their end', async () => {
    const page = await newPage({ signedInAs: owner });
    await serveRecording(page);
    await page.goto(`/projects/${projectId}/insights`);
    const card = page.getByTestId('insight-card').filter({ has: page.getByTestId('quote-play') }).first();
    await card.waitFor();
    const button = card.getByTestId('quote-play').first();
    const label = (await button.getAttribute('aria-label'))!;
    expect(label).toMatch(/^Play from \d\d:\d\d$/);
    await button.click();
    const bar = page.getByRole('region', { name: 'Quote player' });
    await expect.poll(() => bar.isVisible()).toBe(true);
    await expect.poll(async () => (await mediaState(page, 'quote-player-media')).paused).toBe(false);
    // Four times as fast, to reach the quote's end sooner (where it stops is checked beside the transcript, above).
    await page.getByTestId('quote-player-media').evaluate((el: HTMLMediaElement) => (el.playbackRate = 4));
    const [mm, ss] = label.replace('Play from ', '').split(':').map(Number);
    const { time } = await mediaState(page, 'quote-player-media');
    // From just before the quote's first word (its clip's margin; its label names the second that word is said in).
    expect(time).toBeGreaterThanOrEqual(mm * 60 + ss - 1);
    expect(time).toBeLessThan(mm * 60 + ss + 5);
    // The button it was played from now pauses it; the page has one player, not one a quote. (The element plays from
    // the call to play(); the button follows on the element's play event, a moment later.)
    await expect.poll(() => button.getAttribute('aria-label')).toBe('Pause');
    expect(await page.locator('audio, video').count()).toBe(1);
    // It stops by itself at the quote's end.
    await expect.poll(async () => (await mediaState(page, 'quote-player-media')).paused, { timeout: 90_000 }).toBe(true);
    // …and its button offers to play it again once the element's pause event has reached it.
    await expect.poll(() => button.getAttribute('aria-label')).toBe(label);
    await bar.getByRole('button', { name: 'Close the player' }).click();
    await expect.poll(() => bar.isVisible()).toBe(false);
  });

  it('shows no play button on quotes of interviews without a recording', async () => {
    const page = await newPage({ signedInAs: owner });
    await serveRecording(page);
    await page.goto(`/projects/${projectId}/insights?interview=${plainId}`);
    await expect.poll(() => page.getByTestId('insight-card').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('quote-play').count()).toBe(0);
  });
});

describe('an interview without a recording', () => {
  it('offers to attach one when its transcript has timestamps, and says why not when it has none', async () => {
    const page = await newPage();
    await logInOwner(page, owner);
    await page.goto(`/projects/${projectId}/documents/${unrecordedId}`);
    const panel = page.getByTestId('recording-panel');
    await expect.poll(() => panel.getByRole('button', { name: 'Attach a recording' }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Recording player' }).count()).toBe(0);

    await page.goto(`/projects/${projectId}/documents/${plainId}`);
    await expect.poll(() => panel.getByTestId('recording-unavailable').textContent()).toBe(RECORDING_MESSAGES.noTimestamps);
    expect(await panel.getByRole('button', { name: 'Attach a recording' }).count()).toBe(0);
    expect(await page.getByTestId('turn-play').count()).toBe(0);
  });
});
