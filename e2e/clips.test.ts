import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { byteSizeText } from '@verbatim/contract/byte-size';
import { recordingPath } from '@verbatim/contract/upload-path';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { callApi } from '../functions/test/support/api';
import { probeMedia } from '../functions/test/support/probe-media';
import { signUp } from '../functions/test/support/projects';
import { defaultRecordingsDir } from '../functions/src/config/server-config';
import { localDiskRecordingStore } from '../functions/src/storage/recording-store';
import { sweepLapsedReels } from '../functions/src/clips/reel-sweep';
import { REEL_LEASE_MS, REEL_MESSAGES } from '@verbatim/contract/reel';
import { createPasswordUser, type TestUser } from '../test/support/emulators';
import { downloadedBytes, useBrowser } from './support/browser';
import { storedInsights, storedTranscript, type StoredQuote } from './support/insights';
import { seedReadyProject } from './support/seed';
import { markRecordingReady, spokenRecording, type SpokenInterview } from './support/recording-file';

// A researcher's clip of a quote: made from the quote beside the transcript, nudged a word at a time, downloaded as a
// file the server cut from the recording (its length checked with ffprobe), and listed on the project's Clips tab. The
// interview is seeded ready with its recording stored where the emulated functions keep recordings, as the server
// leaves one it has read.
const newPage = useBrowser();
let owner: TestUser;
let projectId: string;
let documentId: string;
let spoken: SpokenInterview;
let quote: StoredQuote;

beforeAll(async () => {
  [spoken, owner] = [spokenRecording(), await createPasswordUser()];
  await signUp(owner);
  const seeded = await seedReadyProject(owner, 'Scientists, clipped', [{ name: 'science-call.vtt', bytes: spoken.vtt }]);
  [projectId, documentId] = [seeded.projectId, seeded.documentIds[0]];
  const fileName = 'science-call.webm';
  const store = localDiskRecordingStore(defaultRecordingsDir());
  await store.write(recordingPath({ uid: owner.uid, projectId, documentId, fileName }), Readable.from([spoken.bytes]), spoken.contentType, spoken.bytes.length + 1);
  await markRecordingReady(projectId, documentId, spoken, fileName);
  const quotes = (await storedInsights(projectId)).flatMap((i) => i.quotes).filter((q) => q.documentId === documentId && typeof q.ts === 'number');
  if (quotes.length === 0) throw new Error('The seeded interview has no quote with a timestamp to clip.');
  quote = quotes.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
}, 180_000);

const words = (text: string) => text.trim().split(/\s+/).length;

describe('a clip of a quote', () => {
  it('is made beside the transcript, nudged a word later, downloaded at its own length, and listed on the Clips tab', async () => {
    const page = await newPage({ signedInAs: owner });
    await page.goto(`/projects/${projectId}/documents/${documentId}`);
    const item = page.getByTestId('document-insights').locator(`a[href$="#q-${quote.start}-${quote.end}"]`).first().locator('xpath=..');
    await item.getByTestId('quote-make-clip').click();

    const editor = page.getByTestId('clip-editor');
    const held = editor.getByTestId('clip-held-words');
    await expect.poll(() => held.textContent(), { timeout: 20_000 }).toBe(quote.text);
    const lengthBefore = parseFloat((await editor.getByTestId('clip-length').textContent()) ?? '');

    // A word later at the end: the clip holds one more word of the transcript, and lasts longer.
    const canGrow = ((await editor.getByTestId('clip-words').textContent()) ?? '').trim().endsWith(quote.text.trim()) === false;
    const edge = canGrow ? 'clip-end-later' : 'clip-start-earlier';
    await editor.getByTestId(edge).click();
    await expect.poll(async () => words((await held.textContent()) ?? ''), { timeout: 20_000 }).toBe(words(quote.text) + 1);
    await expect.poll(async () => parseFloat((await editor.getByTestId('clip-length').textContent()) ?? ''), { timeout: 10_000 }).toBeGreaterThan(lengthBefore);

    const stored = (await adminDb().collection(`projects/${projectId}/clips`).get()).docs.map((d) => d.data());
    expect(stored).toHaveLength(1);
    expect(stored[0].words).toBe((await held.textContent())?.trim());

    const download = page.waitForEvent('download', { timeout: 60_000 });
    await editor.getByTestId('clip-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.m4a$/);
    const bytes = await downloadedBytes(file);
    expect(bytes.length).toBeLessThan(spoken.bytes.length);
    expect(Math.abs(probeMedia(bytes).duration - (stored[0].to - stored[0].from))).toBeLessThan(0.3);

    await editor.getByRole('button', { name: 'Done' }).click();
    // The project's tabs: Clips lists it.
    await page.goto(`/projects/${projectId}/interviews`);
    await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Clips' }).click();
    const row = page.getByTestId('clip-row');
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.getByTestId('clip-held-words').textContent()).toBe(stored[0].words);
    expect(await row.getByTestId('clip-row-speaker').textContent()).toBe(stored[0].speaker);
    expect(await row.getByTestId('clip-row-length').textContent()).toBe(`${(stored[0].to - stored[0].from).toFixed(1)} s`);
    expect(await row.textContent()).toContain('science-call');
    // The file cut for the download is counted in the storage the clips keep.
    expect(await page.getByTestId('clips-storage').textContent()).toBe(`Clips and reels cut so far keep ${byteSizeText(bytes.length)} in storage.`);
  });

  it('is made of words selected in the transcript, a whole turn of one speaker', async () => {
    const { text, turns } = await storedTranscript(projectId, documentId);
    const turn = turns.find((t) => t.speaker === quote.speaker && t.end - t.start > 60 && t.end - t.start < 600)!;
    const before = (await adminDb().collection(`projects/${projectId}/clips`).get()).size;
    const page = await newPage({ signedInAs: owner });
    await page.goto(`/projects/${projectId}/documents/${documentId}`);
    const paragraph = page.locator(`p[data-turn="${turn.start}"]`);
    await paragraph.scrollIntoViewIfNeeded();
    await paragraph.click({ clickCount: 3 });
    await page.getByTestId('selection-bar').getByTestId('selection-make-clip').click();
    const editor = page.getByTestId('clip-editor');
    await expect.poll(() => editor.getByTestId('clip-held-words').textContent(), { timeout: 20_000 }).toBe(text.slice(turn.start, turn.end).trim());
    expect(await editor.getByTestId('clip-facts').textContent()).toContain(turn.speaker);
    expect((await adminDb().collection(`projects/${projectId}/clips`).get()).size).toBe(before + 1);
  });

  it('makes a highlight reel of the clips chosen on the Clips tab, rendered with its progress, downloaded as an .mp4', async () => {
    const page = await newPage({ signedInAs: owner });
    await page.goto(`/projects/${projectId}/clips`);
    const rows = page.getByTestId('clip-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await rows.nth(1).getByTestId('clip-row-choose').check();
    await rows.nth(0).getByTestId('clip-row-choose').check();
    await page.getByTestId('make-reel').click();
    const reel = page.getByTestId('reel-row');
    await expect.poll(() => reel.getAttribute('data-status'), { timeout: 120_000 }).toBe('ready');
    const stored = (await adminDb().collection(`projects/${projectId}/reels`).get()).docs.map((d) => d.data());
    expect(stored).toHaveLength(1);
    expect(stored[0].clipIds).toHaveLength(2);

    const download = page.waitForEvent('download', { timeout: 60_000 });
    await reel.getByTestId('reel-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.mp4$/);
    expect(Math.abs(probeMedia(await downloadedBytes(file)).duration - stored[0].seconds)).toBeLessThan(0.5);
  }, 180_000);

  it('makes a finding’s highlight reel in one click on the board, rendered and downloaded with the finding on its cards', async () => {
    const finding = (await storedInsights(projectId)).find((i) => i.quotes.some((q) => q.documentId === documentId && typeof q.ts === 'number'))!;
    const page = await newPage({ signedInAs: owner });
    await page.goto(`/projects/${projectId}/insights`);
    const card = page.locator(`article[aria-labelledby="insight-${finding.id}"]`);
    await card.getByTestId('finding-reel').click();
    await expect.poll(async () => (await adminDb().collection(`projects/${projectId}/reels`).where('finding', '==', finding.title).get()).size, { timeout: 20_000 }).toBe(1);

    await page.goto(`/projects/${projectId}/clips`);
    const reel = page.locator('[data-testid="reel-row"]', { hasText: finding.title });
    await expect.poll(() => reel.getAttribute('data-status'), { timeout: 120_000 }).toBe('ready');
    const stored = (await adminDb().collection(`projects/${projectId}/reels`).where('finding', '==', finding.title).get()).docs[0].data();
    expect(stored.clipIds.length).toBeGreaterThan(0);
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await reel.getByTestId('reel-download').click();
    const bytes = await downloadedBytes(await download);
    const probed = probeMedia(bytes);
    expect(probed.streams).toEqual(['audio', 'video']);
    expect(Math.abs(probed.duration - stored.seconds)).toBeLessThan(0.5);
  }, 180_000);
  it('makes a theme’s highlight reel in one click on the board, its findings’ clips rendered with the theme on its cards', async () => {
    const finding = (await storedInsights(projectId)).find((i) => i.quotes.some((q) => q.documentId === documentId && typeof q.ts === 'number'))!;
    const page = await newPage({ signedInAs: owner });
    await page.goto(`/projects/${projectId}/insights`);
    const section = page.getByTestId('theme-section').filter({ has: page.locator(`article[aria-labelledby="insight-${finding.id}"]`) });
    const theme = (await section.getByTestId('theme-heading').textContent())!;
    await section.getByTestId('theme-reel').click();
    await expect.poll(async () => (await adminDb().collection(`projects/${projectId}/reels`).where('theme', '==', theme).get()).size, { timeout: 20_000 }).toBe(1);
    const stored = (await adminDb().collection(`projects/${projectId}/reels`).where('theme', '==', theme).get()).docs[0].data();
    expect(stored).toMatchObject({ title: theme, finding: null });
    expect(stored.clipIds.length).toBeGreaterThan(0);

    await page.goto(`/projects/${projectId}/clips`);
    const reel = page.locator('[data-testid="reel-row"]', { hasText: theme });
    await expect.poll(() => reel.getAttribute('data-status'), { timeout: 120_000 }).toBe('ready');
  }, 180_000);

  it('puts each shown quote’s clip on its slide of the key findings deck downloaded from the deliverables page', async () => {
    // A clip of every quote with a time: whichever quote a finding's slide shows has one.
    const quotes = (await storedInsights(projectId)).flatMap((i) => i.quotes).filter((q) => q.documentId === documentId && typeof q.ts === 'number');
    for (const q of quotes) await callApi(`/projects/${projectId}/clips`, { token: owner.idToken, json: { documentId, start: q.start, end: q.end } });
    const page = await newPage({ signedInAs: owner });
    await page.goto(`/projects/${projectId}/deliverable`);
    const download = page.waitForEvent('download', { timeout: 90_000 });
    await page.getByRole('button', { name: 'Download key findings slides (.pptx)' }).click();
    const zip = await JSZip.loadAsync(await downloadedBytes(await download));
    const media = Object.keys(zip.files).filter((name) => /^ppt\/media\/media.*\.(m4a|mp4)$/.test(name));
    expect(media.length).toBeGreaterThan(0);
    const slides = await Promise.all(Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).map((n) => zip.file(n)!.async('string')));
    expect(slides.filter((xml) => /<a:(audio|video)File /.test(xml))).toHaveLength(media.length);
  }, 180_000);

  it('names each clip’s interview as it is now: renamed while the Clips tab is open, the rows and the editor show the new name', async () => {
    const page = await newPage({ signedInAs: owner });
    await page.goto(`/projects/${projectId}/clips`);
    const names = page.getByTestId('clip-row-interview');
    await expect.poll(async () => (await names.allTextContents()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const renamed = await callApi(`/projects/${projectId}/documents/${documentId}`, { method: 'PATCH', token: owner.idToken, json: { name: 'Lab call, renamed' } });
    expect(renamed.status).toBe(200);
    await expect.poll(async () => [...new Set(await names.allTextContents())], { timeout: 10_000 }).toEqual(['Lab call, renamed']);
    await page.getByTestId('clip-row').first().getByTestId('clip-row-edit').click();
    await expect.poll(() => page.getByTestId('clip-editor').getByTestId('clip-interview').textContent(), { timeout: 10_000 }).toBe('Lab call, renamed');
  });
  it('shows a reel whose rendering died with its task as failed once swept, with the sentence to make it again, and no file left', async () => {
    const store = localDiskRecordingStore(defaultRecordingsDir());
    const lastNews = new Date(Date.now() - REEL_LEASE_MS - 60_000);
    const ref = adminDb().collection(`projects/${projectId}/reels`).doc();
    const clipId = (await adminDb().collection(`projects/${projectId}/clips`).limit(1).get()).docs[0].id;
    await ref.set({ title: 'Killed halfway', clipIds: [clipId], documentIds: [documentId], finding: null, status: 'rendering', progress: 0.4, seconds: 0, size: 0, error: null, createdAt: lastNews, updatedAt: lastNews });
    await store.write(`reels/${projectId}/${ref.id}/reel.mp4`, Readable.from([Buffer.alloc(2048, 1)]), 'video/mp4', 2049);
    expect(await sweepLapsedReels({ db: adminDb(), store })).toBeGreaterThanOrEqual(1);
    expect(await store.stat(`reels/${projectId}/${ref.id}/reel.mp4`)).toBeNull();

    const page = await newPage({ signedInAs: owner });
    await page.goto(`/projects/${projectId}/clips`);
    const reel = page.locator('[data-testid="reel-row"]', { hasText: 'Killed halfway' });
    await expect.poll(() => reel.getAttribute('data-status'), { timeout: 20_000 }).toBe('failed');
    expect(await reel.getByTestId('reel-error').textContent()).toBe(REEL_MESSAGES.stopped);
    expect(await reel.getByTestId('reel-download').count()).toBe(0);
  });
});
