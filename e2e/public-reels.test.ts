import { Readable } from 'node:stream';
import { recordingPath } from '@verbatim/contract/upload-path';
import type { Reel } from '@verbatim/contract/reel';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { callApi } from '../functions/test/support/api';
import { signUp } from '../functions/test/support/projects';
import { waitFor } from '../functions/test/support/wait';
import { defaultRecordingsDir } from '../functions/src/config/server-config';
import { localDiskRecordingStore } from '../functions/src/storage/recording-store';
import { createPasswordUser, type TestUser } from '../test/support/emulators';
import { useBrowser } from './support/browser';
import { storedInsights } from './support/insights';
import { seedReadyProject } from './support/seed';
import { markRecordingReady, spokenRecording } from './support/recording-file';

// A finding's highlight reel on its public page: the owner made the reel and lets visitors play quotes; a visitor plays
// the reel where the finding is, and the page asks for the reel alone, never the recording.
const newPage = useBrowser();
let owner: TestUser;
let projectId: string;
let token: string;
let finding: { id: string; title: string };
let reel: { id: string; seconds: number };

beforeAll(async () => {
  const spoken = spokenRecording();
  owner = await createPasswordUser();
  await signUp(owner);
  const seeded = await seedReadyProject(owner, 'Scientists, in public', [{ name: 'science-call.vtt', bytes: spoken.vtt }]);
  projectId = seeded.projectId;
  const documentId = seeded.documentIds[0];
  const fileName = 'science-call.webm';
  await localDiskRecordingStore(defaultRecordingsDir()).write(recordingPath({ uid: owner.uid, projectId, documentId, fileName }), Readable.from([spoken.bytes]), spoken.contentType, spoken.bytes.length + 1);
  await markRecordingReady(projectId, documentId, spoken, fileName);
  finding = (await storedInsights(projectId)).find((i) => i.quotes.some((q) => q.documentId === documentId && typeof q.ts === 'number'))!;
  const made = await callApi<{ reel: Reel }>(`/projects/${projectId}/reels`, { token: owner.idToken, json: { insightId: finding.id } });
  expect(made.status).toBe(201);
  const done = await waitFor(async () => (await adminDb().doc(`projects/${projectId}/reels/${made.body.reel.id}`).get()).data(), (r) => r?.status === 'ready' || r?.status === 'failed', 120_000);
  expect(done?.status).toBe('ready');
  reel = { id: made.body.reel.id, seconds: done!.seconds as number };
  const link = await callApi<{ link: { token: string } }>(`/projects/${projectId}/shares/interviews`, { token: owner.idToken, method: 'PUT', json: { enabled: true, playRecordings: true } });
  token = link.body.link.token;
  await waitFor(async () => (await adminDb().doc(`projects/${projectId}/publicViews/interviews`).get()).exists, (e) => e);
}, 240_000);

describe('a finding’s highlight reel on its public page', () => {
  it('plays for a visitor where the finding is, the page asking for the reel and never the recording', async () => {
    const page = await newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`/public/interviews/${token}`);
    const card = page.getByTestId('public-insight').filter({ hasText: finding.title.slice(0, 30) });
    const player = card.getByTestId('public-reel').locator('video');
    await expect.poll(() => player.count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('public-reel').count()).toBe(1);
    const duration = await player.evaluate(
      (video: HTMLVideoElement) =>
        new Promise<number>((resolve, reject) => {
          video.muted = true;
          video.addEventListener('loadedmetadata', () => resolve(video.duration), { once: true });
          video.addEventListener('error', () => reject(new Error(`the reel did not load: ${video.error?.message ?? video.error?.code}`)), { once: true });
          void video.play().catch(() => undefined);
        }),
    );
    expect(Math.abs(duration - reel.seconds)).toBeLessThan(0.5);
    expect(asked).toContain(`/api/public/interviews/${token}/reels/${reel.id}`);
    expect(asked.filter((path) => /recording|\/media\//.test(path))).toEqual([]);
  });

  it('is gone from the page once the owner stops visitors playing quotes', async () => {
    await callApi(`/projects/${projectId}/shares/interviews`, { token: owner.idToken, method: 'PUT', json: { enabled: true, playRecordings: false } });
    const page = await newPage();
    await page.goto(`/public/interviews/${token}`);
    await expect.poll(() => page.getByTestId('public-insight').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('public-reel').count()).toBe(0);
  });
});
