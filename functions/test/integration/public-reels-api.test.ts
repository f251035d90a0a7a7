import { beforeAll, describe, expect, it } from 'vitest';
import type { Reel } from '@verbatim/contract/reel';
import { PUBLIC_DISABLED_MESSAGE, PUBLIC_REEL_REFUSED_MESSAGE, type PublicInterviewsResponse } from '@verbatim/contract/share';
import { HOSTING_URL } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { probeMedia } from '../support/probe-media';
import { recordedInterview } from '../support/recorded-interview';
import { waitFor } from '../support/wait';

/**
 * A finding's highlight reel on a public interviews page: a visitor plays it only under the rule the page's quotes'
 * clips follow (the link on, playing quotes on), only a reel of a finding on the page made of that page's quotes, and
 * never receives the recording. Through Hosting, as a visitor's browser asks.
 */

async function sharedFindingReel() {
  const { user, projectId, documentId, bytes } = await recordedInterview('Reels in public');
  const share = (json: { enabled: boolean; playRecordings?: boolean }) =>
    callApi<{ link: { token: string } }>(`/projects/${projectId}/shares/interviews`, { token: user.idToken, method: 'PUT', json });
  const { token } = (await share({ enabled: true, playRecordings: true })).body.link;
  await waitFor(async () => (await adminDb().doc(`projects/${projectId}/publicViews/interviews`).get()).exists, (e) => e);
  const page = async () => (await callApi<PublicInterviewsResponse>(`/public/interviews/${token}`, { via: 'hosting' })).body;
  const finding = (await page()).insights.find((insight) => insight.quotes.some((q) => q.documentId === documentId && q.ts !== undefined))!;
  const made = await callApi<{ reel: Reel }>(`/projects/${projectId}/reels`, { token: user.idToken, json: { insightId: finding.id } });
  expect(made.status).toBe(201);
  const reel = made.body.reel;
  const done = await waitFor(async () => (await adminDb().doc(`projects/${projectId}/reels/${reel.id}`).get()).data(), (r) => r?.status === 'ready' || r?.status === 'failed', 90_000);
  expect(done).toMatchObject({ status: 'ready', insightId: finding.id });
  return { user, projectId, documentId, bytes, token, share, page, finding, reel: { ...reel, size: done!.size as number, seconds: done!.seconds as number } };
}

const getReel = (token: string, reelId: string, range?: string) => fetch(`${HOSTING_URL}/api/public/interviews/${token}/reels/${reelId}`, { headers: range ? { range } : {} });
const refused = { error: { code: 'not-found', message: PUBLIC_REEL_REFUSED_MESSAGE } };

describe('a visitor plays a finding’s highlight reel, never the recording', () => {
  // One project and its finding's reel for both tests (a reel's rendering is the file's costliest step): each test
  // sets the page's sharing as it needs it first.
  let shared: Awaited<ReturnType<typeof sharedFindingReel>>;
  beforeAll(async () => {
    shared = await sharedFindingReel();
  });

  it('lists the finding’s reel on the page and serves its file, ranges included, while the owner lets visitors play quotes', async () => {
    const { token, page, finding, reel, bytes, share } = shared;
    const view = await page();
    expect(view.reels).toEqual([{ insightId: finding.id, reelId: reel.id }]);
    expect(JSON.stringify(view)).not.toMatch(/\/media\/|"url"|recordings\//);

    const whole = await getReel(token, reel.id);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('cache-control')).toBe('no-store');
    const file = Buffer.from(await whole.arrayBuffer());
    expect(file.length).toBe(reel.size);
    expect(file.equals(bytes)).toBe(false);
    expect(Math.abs(probeMedia(file).duration - reel.seconds)).toBeLessThan(0.5);
    const part = await getReel(token, reel.id, 'bytes=0-99');
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    // Playing turned off: no reel on the page, and its file refused; the link off: refused as a link off.
    await share({ enabled: true, playRecordings: false });
    expect((await page()).reels).toBeUndefined();
    const off = await getReel(token, reel.id);
    expect(off.status).toBe(404);
    expect(await off.json()).toEqual(refused);
    await share({ enabled: false });
    const disabled = await getReel(token, reel.id);
    expect(disabled.status).toBe(404);
    expect(await disabled.json()).toEqual({ error: { code: 'disabled', message: PUBLIC_DISABLED_MESSAGE } });
  }, 60_000);

  it('refuses a reel of chosen clips, a reel with a clip nudged past its quote, another project’s reel and a forged id', async () => {
    const { token, page, reel, user, projectId, share } = shared;
    await share({ enabled: true, playRecordings: true });
    const clips = (await adminDb().collection(`projects/${projectId}/clips`).get()).docs;
    // The same clips chosen by hand: a reel of no finding is the researcher's own.
    const chosen = await callApi<{ reel: Reel }>(`/projects/${projectId}/reels`, { token: user.idToken, json: { clipIds: clips.map((c) => c.id) } });
    await waitFor(async () => (await adminDb().doc(`projects/${projectId}/reels/${chosen.body.reel.id}`).get()).data(), (r) => r?.status === 'ready', 90_000);
    expect((await page()).reels).toEqual([expect.objectContaining({ reelId: reel.id })]);
    expect(await (await getReel(token, chosen.body.reel.id)).json()).toEqual(refused);

    // A clip of the finding's reel moved past its quote: its words are no longer the page's.
    const clip = clips[0];
    await clip.ref.update({ end: (clip.get('end') as number) + 1 });
    expect((await page()).reels).toEqual([]);
    expect((await getReel(token, reel.id)).status).toBe(404);

    const other = await sharedFindingReel();
    const othersReel = await getReel(token, other.reel.id);
    expect(othersReel.status).toBe(404);
    expect(await othersReel.json()).toEqual(refused);
    // Forged ids that reach the route are refused by it (a "../" never does: the URL resolves it before it is sent).
    for (const forged of ['bad.id', 'no-such-reel']) {
      const answer = await getReel(token, forged);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual(refused);
    }
  }, 300_000);
});
