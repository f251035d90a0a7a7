import { createHash } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { quoteTime } from '@verbatim/contract/citation';
import { RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { callApi } from '../functions/test/support/api';
import { twoStorytellers } from '../functions/test/support/fixtures';
import { signUp } from '../functions/test/support/projects';
import { startGeminiStandIn, type GeminiStandIn } from '../test/support/gemini-stand-in.mjs';
import { createPasswordUser, FUNCTIONS_WORK_WAIT_MS, type TestUser } from '../test/support/emulators';
import { afterNextFrames, clickUntil, useBrowser } from './support/browser';
import { storedTranscript } from './support/insights';
import { createProjectFor, logInNewUser, newAccount } from './support/projects';
import { overflowing, PHONE } from './support/layout';
import { logInOwner } from './support/public';
import { seedReadyProject } from './support/seed';
import { spokenRecording, type SpokenInterview } from './support/recording-file';

// Bringing a recording in: refused at once where it cannot be used; attached to an interview with timestamps, with its
// progress, then played; uploaded as a new interview that Gemini (its stand-in) transcribes; and heard by a public
// page's visitors when the owner allows it. Through the server's own recording routes, store and playback links.
const newPage = useBrowser();
let spoken: SpokenInterview;

beforeAll(() => {
  spoken = spokenRecording();
}, 120_000);

const recordingFile = (name = 'science-call.webm') => ({ name, mimeType: spoken.contentType, buffer: spoken.bytes });

function mediaState(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((el: HTMLMediaElement) => ({ time: el.currentTime, paused: el.paused }));
}

/** Holds requests whose address matches until `release` is called (to see a progress bar before the bytes are in). */
async function holdRequests(page: Page, pattern: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('a recording refused before anything is sent', () => {
  it('in a private project, dropping a recording says what to upload instead, and sends nothing', async () => {
    const page = await newPage();
    const user = await logInNewUser(page);
    const projectId = await createProjectFor(user, 'Private study', 'local');
    const calls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (!url.pathname.includes(`/api/projects/${projectId}/documents`)) return;
      // A reservation names its file (POST …/documents {fileName, size}); the bytes follow to the path it answers.
      const fileName = req.method() === 'POST' && req.postData()?.startsWith('{') ? (req.postDataJSON() as { fileName?: string }).fileName : undefined;
      calls.push([req.method(), url.pathname, fileName].filter(Boolean).join(' '));
    });
    await page.goto(`/projects/${projectId}/interviews`);
    await expect.poll(() => page.getByTestId('accepted-recordings').textContent()).toContain('this project has its analysis set to Verbatim only');

    await page.getByLabel('Choose transcript files').setInputFiles(recordingFile('team-call.m4a'));
    await expect.poll(() => page.getByTestId('rejections').textContent()).toBe(`team-call.m4a: ${RECORDING_MESSAGES.needsTranscript}Dismiss`);
    expect(calls).toEqual([]);
    expect((await adminDb().collection(`projects/${projectId}/documents`).get()).size).toBe(0);
  });
});

describe('attaching a recording to an interview', () => {
  let owner: TestUser;
  let projectId: string;
  let documentId: string;

  beforeAll(async () => {
    owner = await createPasswordUser();
    await signUp(owner);
    ({
      projectId,
      documentIds: [documentId],
    } = await seedReadyProject(owner, 'Scientists, attached', [{ name: 'science-call.vtt', bytes: spoken.vtt }]));
  }, 180_000);

  it('refuses a file that is not a recording, saying so, before anything is sent', async () => {
    const page = await newPage();
    await logInOwner(page, owner);
    const calls: string[] = [];
    page.on('request', (req) => req.url().includes('/recording') && calls.push(req.url()));
    await page.goto(`/projects/${projectId}/documents/${documentId}`);
    await page.getByTestId('attach-recording').waitFor();
    await page.getByLabel('Choose the interview’s recording').setInputFiles({ name: 'notes.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('not sound') });
    await expect.poll(() => page.getByTestId('recording-error').textContent()).toContain(RECORDING_MESSAGES.notMedia('notes.docx'));
    expect(calls).toEqual([]);
  });

  it('uploads it with a progress bar, then plays it beside the transcript; removing it keeps the transcript', async () => {
    const page = await newPage({ signedInAs: owner });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/projects/${projectId}/documents/${documentId}`);
    const panel = page.getByTestId('recording-panel');
    await panel.getByTestId('attach-recording').waitFor();

    const release = await holdRequests(page, '**/recording/content');
    await page.getByLabel('Choose the interview’s recording').setInputFiles(recordingFile());
    const bar = panel.getByRole('progressbar', { name: 'Uploading the recording' });
    await expect.poll(() => bar.count()).toBe(1);
    const value = Number(await bar.getAttribute('aria-valuenow'));
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(100);
    expect(await panel.getByRole('button', { name: 'Cancel upload' }).count()).toBe(1);
    release();

    await expect.poll(() => panel.getByTestId('recording-facts').textContent(), { timeout: FUNCTIONS_WORK_WAIT_MS }).toContain('science-call.webm');
    // Replace is offered once the upload's own answer arrived too (the live record may say ready a moment before).
    await expect.poll(() => panel.getByRole('button', { name: 'Replace' }).count()).toBe(1);
    const player = page.getByRole('region', { name: 'Recording player' });
    await expect.poll(() => player.count()).toBe(1);
    const turn = (await storedTranscript(projectId, documentId)).turns[3];
    await page.locator('li.turn').filter({ has: page.locator(`[data-turn="${turn.start}"]`) }).getByRole('button', { name: `Play from ${quoteTime(turn.ts!)}` }).click();
    await expect.poll(async () => (await mediaState(page, 'recording-media')).paused).toBe(false);
    expect((await mediaState(page, 'recording-media')).time).toBeGreaterThanOrEqual(turn.ts! - 0.3);

    await panel.getByRole('button', { name: 'Remove' }).click();
    await panel.getByRole('button', { name: 'Remove recording' }).click();
    await expect.poll(() => panel.getByRole('button', { name: 'Attach a recording' }).count()).toBe(1);
    expect(await player.count()).toBe(0);
    expect(await page.getByTestId('transcript').count()).toBe(1);
  });
});

describe('a recording uploaded as a new interview, in a project Gemini analyses', () => {
  let gemini: GeminiStandIn;

  beforeAll(async () => {
    gemini = await startGeminiStandIn({ port: Number(process.env.GEMINI_STAND_IN_PORT ?? 9311), apiKey: process.env.GEMINI_API_KEY ?? 'test-api-key', behaviour: 'realistic' });
  });
  afterAll(async () => {
    await gemini?.close();
  });

  it('shows its upload’s progress, then Gemini transcribing it, then its transcript, said to be machine-made', async () => {
    gemini.registerRecording({
      sha256: createHash('sha256').update(spoken.bytes).digest('hex'),
      durationSeconds: spoken.durationSeconds,
      speakers: [
        { id: 'AI', description: 'An American voice asking the questions' },
        { id: 'User', description: 'A British voice answering' },
      ],
      turns: spoken.turns.map((turn) => ({ speaker: turn.speaker, start: turn.start, text: turn.text })),
    });
    const user = await newAccount();
    const page = await newPage({ signedInAs: user });
    const projectId = await createProjectFor(user, 'Scientists, transcribed', 'gemini');
    await page.goto(`/projects/${projectId}/interviews`);
    await expect.poll(() => page.getByTestId('accepted-recordings').textContent()).toContain('transcribed by Gemini, one credit each');

    const reservations: unknown[] = [];
    page.on('request', (req) => req.method() === 'POST' && req.url().endsWith(`/api/projects/${projectId}/documents`) && reservations.push(req.postDataJSON()));
    const release = await holdRequests(page, '**/recording/content');
    await page.getByLabel('Choose transcript files').setInputFiles(recordingFile());
    // The project redacts (a new project's default): the researcher confirms that the recording goes as spoken.
    await page.getByRole('dialog', { name: 'Send this recording to Gemini?' }).getByRole('button', { name: 'Send to Gemini to transcribe' }).click();
    const row = page.getByTestId('document-row').filter({ hasText: 'science-call' });
    await expect.poll(() => row.getByRole('progressbar').count()).toBe(1);
    expect(await row.getByTestId('status-chip').textContent()).toBe('Uploading');
    release();

    await expect.poll(() => row.getByTestId('status-chip').textContent(), { timeout: FUNCTIONS_WORK_WAIT_MS }).toBe('Ready');
    expect(reservations).toEqual([{ fileName: 'science-call.webm', size: spoken.bytes.length, kind: 'recording', confirmUnredactedSound: true }]);
    await row.getByRole('link').first().click();
    await expect.poll(() => page.getByTestId('correction-bar').textContent()).toContain('Transcribed by Gemini from the recording');
    await expect.poll(() => page.getByRole('region', { name: 'Recording player' }).count()).toBe(1);
  });
});

describe('the notice before a recording goes to Gemini from a project that redacts', () => {
  /** Every call this page makes about the project's interviews. */
  function interviewCalls(page: Page, projectId: string) {
    const calls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (!url.pathname.includes(`/api/projects/${projectId}/documents`)) return;
      // A reservation names its file (POST …/documents {fileName, size}); the bytes follow to the path it answers.
      const fileName = req.method() === 'POST' && req.postData()?.startsWith('{') ? (req.postDataJSON() as { fileName?: string }).fileName : undefined;
      calls.push([req.method(), url.pathname, fileName].filter(Boolean).join(' '));
    });
    return calls;
  }

  async function openInterviews(page: Page, projectId: string) {
    await page.goto(`/projects/${projectId}/interviews`);
    await expect.poll(() => page.getByTestId('accepted-recordings').textContent()).toContain('transcribed by Gemini');
  }

  it('names the file and what redaction cannot do for sound; Escape or Cancel sends nothing, and no interview appears', async () => {
    const user = await newAccount();
    const page = await newPage({ signedInAs: user });
    const projectId = await createProjectFor(user, 'Scientists, asked first', 'gemini');
    const calls = interviewCalls(page, projectId);
    await openInterviews(page, projectId);

    await page.getByLabel('Choose transcript files').setInputFiles(recordingFile('team-call.m4a'));
    const notice = page.getByRole('dialog', { name: 'Send this recording to Gemini?' });
    await notice.waitFor();
    expect(await notice.getByRole('list', { name: 'Recordings to send' }).textContent()).toBe('team-call.m4a');
    const text = (await notice.textContent())!;
    expect(text).toContain('Redaction works on text only: names and other details said aloud in the recording reach Gemini (Google) as spoken.');
    expect(text).toContain('the file is deleted at Google once it is transcribed');
    expect(text).toContain('To send nothing anywhere, cancel, upload the interview’s transcript with timestamps');
    expect(text).toContain('then attach the recording on its interview’s page');
    // Its description is the sentence about redaction, read out with its name; focus starts on Cancel.
    const describedBy = (await notice.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain('Redaction works on text only');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="sound-notice"]').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect.poll(() => notice.count()).toBe(0);
    await page.getByLabel('Choose transcript files').setInputFiles(recordingFile('team-call.m4a'));
    await notice.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => notice.count()).toBe(0);

    // Nothing was reserved or sent, then or later.
    expect(calls).toEqual([]);
    expect(await page.getByTestId('interviews-empty').count()).toBe(1);
    expect(await page.getByTestId('pending-upload').count()).toBe(0);
    // Later: a transcript chosen after both answers goes through the same upload queue, behind anything the recording
    // left in it. Once it is uploaded, it is the one interview, and the only file any request named.
    await page.getByLabel('Choose transcript files').setInputFiles({ name: 'catch-up.txt', mimeType: 'text/plain', buffer: twoStorytellers() });
    const row = page.getByTestId('document-row').filter({ hasText: 'catch-up.txt' });
    await expect.poll(() => row.getByTestId('status-chip').textContent(), { timeout: FUNCTIONS_WORK_WAIT_MS }).toBe('Check speakers');
    expect(calls.filter((call) => call.includes('team-call'))).toEqual([]);
    expect(calls.filter((call) => call.startsWith('POST '))).toEqual([`POST /api/projects/${projectId}/documents catch-up.txt`]);
    const documents = await adminDb().collection(`projects/${projectId}/documents`).get();
    expect(documents.docs.map((d) => d.get('fileName'))).toEqual(['catch-up.txt']);
  });

  it('fits a 390 px phone: both answers are whole 44 px buttons inside the screen', async () => {
    const user = await newAccount();
    const page = await newPage({ ...PHONE, signedInAs: user });
    const projectId = await createProjectFor(user, 'Scientists, on a phone', 'gemini');
    const calls = interviewCalls(page, projectId);
    await openInterviews(page, projectId);
    await page.getByLabel('Choose transcript files').setInputFiles([recordingFile('first-call.m4a'), recordingFile('second-call.mp3')]);
    const notice = page.getByRole('dialog', { name: 'Send these 2 recordings to Gemini?' });
    await notice.waitFor();
    expect(await notice.getByRole('listitem').allTextContents()).toEqual(['first-call.m4a', 'second-call.mp3']);
    expect(await overflowing(page)).toEqual([]);
    const box = (await notice.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    for (const name of ['Cancel', 'Send to Gemini to transcribe']) {
      const button = (await notice.getByRole('button', { name }).boundingBox())!;
      expect(button.height, name).toBeGreaterThanOrEqual(44);
      expect(button.x, name).toBeGreaterThanOrEqual(box.x);
      expect(button.x + button.width, name).toBeLessThanOrEqual(box.x + box.width);
      expect(button.y + button.height, name).toBeLessThanOrEqual(PHONE.height);
    }
    await notice.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    expect(calls).toEqual([]);
  });

  it('a trial account short of credits: the notice comes first for the recording that can go, then the subscribe popup; with none, the popup alone', async () => {
    const user = await newAccount();
    const page = await newPage({ signedInAs: user });
    const projectId = await createProjectFor(user, 'Scientists, short of credits', 'gemini');
    const calls = interviewCalls(page, projectId);
    await openInterviews(page, projectId);
    await adminDb().doc(`users/${user.uid}`).update({ creditsRemaining: 1 });
    await expect.poll(() => page.getByTestId('trial-banner').textContent()).toContain('1 credit left');
    const subscribe = page.getByRole('dialog', { name: "It's time to subscribe!" });

    // One credit, two recordings: the first waits for the notice, the second is refused for want of a credit.
    await page.getByLabel('Choose transcript files').setInputFiles([recordingFile('first-call.m4a'), recordingFile('second-call.mp3')]);
    const notice = page.getByRole('dialog', { name: 'Send this recording to Gemini?' });
    await notice.waitFor();
    expect(await notice.getByRole('listitem').allTextContents()).toEqual(['first-call.m4a']);
    expect(await page.getByTestId('rejections').locator('li').allTextContents()).toEqual(['second-call.mp3: Not uploaded: you have no credits left for this interview.']);
    // The popup would open from the render that listed the refusal: its effects have run, and no popup.
    await afterNextFrames(page);
    expect(await subscribe.count()).toBe(0);
    expect(await page.getByTestId('modal-overlay').count()).toBe(0);

    // Once the notice is answered, the popup says why the other one did not go.
    await notice.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await subscribe.waitFor();
    await subscribe.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => subscribe.count()).toBe(0);

    // No credit at all: nothing could go, so there is nothing to ask about; the popup shows at once.
    await adminDb().doc(`users/${user.uid}`).update({ creditsRemaining: 0 });
    await expect.poll(() => page.getByTestId('trial-banner').textContent()).toContain('Trial expired.');
    await page.getByLabel('Choose transcript files').setInputFiles(recordingFile('third-call.m4a'));
    await subscribe.waitFor();
    expect(await page.getByTestId('sound-notice').count()).toBe(0);
    await subscribe.getByRole('button', { name: 'Cancel' }).click();
    expect(calls).toEqual([]);
  });

  it('with redaction off, asks nothing: the recording starts uploading at once', async () => {
    const user = await newAccount();
    const page = await newPage({ signedInAs: user });
    const created = await callApi<{ project: { id: string } }>('/projects', {
      token: user.idToken,
      json: { name: 'Scientists, not redacted', settings: { analyser: 'gemini', redactPii: false } },
    });
    const projectId = created.body.project.id;
    await openInterviews(page, projectId);
    const reservations: unknown[] = [];
    page.on('request', (req) => req.method() === 'POST' && req.url().endsWith(`/api/projects/${projectId}/documents`) && reservations.push(req.postDataJSON()));
    // Its bytes are held (never let through): the test stops it before they go.
    await holdRequests(page, '**/recording/content');
    await page.getByLabel('Choose transcript files').setInputFiles(recordingFile('open-call.m4a'));
    const row = page.getByTestId('document-row').filter({ hasText: 'open-call' });
    await expect.poll(() => row.getByRole('progressbar').count()).toBe(1);
    expect(await page.getByTestId('sound-notice').count()).toBe(0);
    expect(reservations).toEqual([{ fileName: 'open-call.m4a', size: spoken.bytes.length, kind: 'recording' }]);
    // Stopped before its bytes went: the interview reserved for it goes again.
    await row.getByRole('button', { name: 'Cancel upload' }).click();
    await expect.poll(async () => (await adminDb().collection(`projects/${projectId}/documents`).get()).size, { timeout: 15_000 }).toBe(0);
  });
});

describe('a public interviews page', () => {
  it('plays each quote as its own clip only once the owner turns that on, and stops an open page the owner turns off', async () => {
    const owner = await createPasswordUser();
    await signUp(owner);
    const {
      projectId,
      documentIds: [documentId],
    } = await seedReadyProject(owner, 'Scientists, shared', [{ name: 'science-call.vtt', bytes: spoken.vtt }]);
    const attached = await callApi<{ documentId: string; uploadVia: string }>(`/projects/${projectId}/documents/${documentId}/recording`, {
      token: owner.idToken,
      json: { fileName: 'science-call.webm', size: spoken.bytes.length },
    });
    expect(attached.status).toBe(201);
    const sent = await callApi(`/projects/${projectId}/documents/${documentId}/recording/content`, {
      token: owner.idToken,
      method: 'PUT',
      rawBody: spoken.bytes,
      contentType: 'application/octet-stream',
    });
    expect(sent.status).toBe(200);

    const page = await newPage({ signedInAs: owner });
    await page.goto(`/projects/${projectId}/share`);
    const panel = page.getByTestId('share-panel-interviews');
    await panel.getByTestId('share-switch').check();
    await expect.poll(() => panel.getByTestId('share-url').inputValue()).toMatch(/\/public\/interviews\//);
    const url = await panel.getByTestId('share-url').inputValue();
    const play = panel.getByTestId('play-recordings-switch');
    expect(await play.isChecked()).toBe(false);

    // Off by default: visitors read the quotes but have nothing to play.
    const visitor = await newPage();
    // The first insight's quotes, opened once the page answers its toggle (a click before the page is live does nothing).
    const openFirstInsight = async () => {
      const toggle = visitor.getByTestId('insight-title').first();
      await clickUntil(toggle, async () => (await toggle.getAttribute('aria-expanded')) === 'true');
    };
    await visitor.goto(url);
    await openFirstInsight();
    await expect.poll(() => visitor.getByTestId('public-quote').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await visitor.getByTestId('quote-play').count()).toBe(0);

    await play.check();
    await expect.poll(async () => (await adminDb().doc(`projects/${projectId}/shareLinks/interviews`).get()).get('playRecordings')).toBe(true);
    const button = visitor.getByTestId('quote-play').first();
    await expect
      .poll(
        async () => {
          await visitor.reload();
          await openFirstInsight();
          await visitor.getByTestId('public-quote').first().waitFor();
          return button.count();
        },
        { timeout: FUNCTIONS_WORK_WAIT_MS, interval: 2_000 },
      )
      .toBe(1);
    // The page asks for the quote's own clip, never for the recording.
    const asked: string[] = [];
    visitor.on('request', (req) => req.url().includes('/api/') && asked.push(new URL(req.url()).pathname));
    await button.click();
    await expect.poll(async () => (await mediaState(visitor, 'quote-player-media')).paused).toBe(false);
    const media = visitor.getByTestId('quote-player-media');
    const src = await media.evaluate((el: HTMLMediaElement) => el.currentSrc);
    expect(new URL(src).pathname).toMatch(new RegExp(`^/api/public/interviews/[\\w-]+/clips/${documentId}\\.\\d+\\.\\d+$`));
    expect(asked.filter((path) => /\/media\/|\/recordings?\//.test(path))).toEqual([]);

    // The player's length is the clip's: the quote's words and a short margin, not the recording's. Playing starts
    // before the clip's header is read, so its length is waited for.
    await expect.poll(() => media.evaluate((el: HTMLMediaElement) => Number.isFinite(el.duration))).toBe(true);
    const clipSeconds = await media.evaluate((el: HTMLMediaElement) => el.duration);
    const longest = Math.max(...spoken.turns.map((turn) => turn.end - turn.start));
    expect(clipSeconds).toBeGreaterThan(0.5);
    expect(clipSeconds).toBeLessThan(longest + 2);
    expect(clipSeconds).toBeLessThan(spoken.durationSeconds / 2);
    // Scrubbing past its end reaches no other words: the element holds the clip alone.
    const reached = await media.evaluate(async (el: HTMLMediaElement) => {
      const seeked = new Promise((resolve) => el.addEventListener('seeked', resolve, { once: true }));
      el.currentTime = 10_000;
      await seeked;
      return el.currentTime;
    });
    expect(reached).toBeLessThanOrEqual(clipSeconds + 0.05);

    // The owner turns the page off while the visitor listens: the open page stops and says why.
    await media.evaluate((el: HTMLMediaElement) => {
      el.currentTime = 0;
      el.playbackRate = 0.25;
      el.loop = true;
      return el.play();
    });
    await panel.getByTestId('share-switch').uncheck();
    await expect.poll(async () => (await adminDb().doc(`projects/${projectId}/shareLinks/interviews`).get()).get('enabled')).toBe(false);
    await expect.poll(() => visitor.getByTestId('quote-player').textContent(), { timeout: 15_000 }).toContain('This public link has been disabled by the project owner.');
    expect((await mediaState(visitor, 'quote-player-media')).paused).toBe(true);
    expect(await media.evaluate((el: HTMLMediaElement) => el.getAttribute('src'))).toBeNull();
    // The clip's address answers 404 from now on; a reload shows the page's own disabled message.
    expect((await fetch(src)).status).toBe(404);
    await visitor.reload();
    await expect.poll(() => visitor.locator('body').textContent()).toContain('This public link has been disabled by the project owner.');
  });
});
