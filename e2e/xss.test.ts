import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { callApi } from '../functions/test/support/api';
import { uploadViaApi, userWithProject } from '../functions/test/support/projects';
import { waitFor } from '../functions/test/support/wait';
import { FUNCTIONS_URL, type TestUser } from '../test/support/emulators';
import { afterNextFrames, useBrowser } from './support/browser';
import { logInOwner } from './support/public';

// Markup in everything a researcher or a transcript can put into Verbatim: each payload, if it ran, would set a
// flag on window. Every screen must show it as text and run none of it.
const newPage = useBrowser();
const PROJECT = 'Study <img src=x onerror="window.__xss=\'project\'"> & <b>co</b>';
const FILE = 'call <svg onload=window.__xss=1>.txt';
const TRANSCRIPT = [
  'Interviewer: What happened with the export? <script>window.__xss="interviewer"</script>',
  '',
  'Participant: The export failed every time we tried it <script>window.__xss="quote"</script> and honestly it was frustrating because the report was due.',
  '',
  'Interviewer: And then?',
  '',
  'Participant: We copied quotes by hand <iframe src="javascript:window.__xss=\'iframe\'"></iframe> which took hours and hours, a real problem for the whole team.',
].join('\n');
const TITLE = 'Exports fail <svg onload="window.__xss=\'title\'"></svg>';

let owner: TestUser;
let projectId: string;
let documentId: string;
let tokens: Record<'summary' | 'interviews', string>;

beforeAll(async () => {
  ({ user: owner, projectId } = await userWithProject(PROJECT));
  const { reserve } = await uploadViaApi(owner.idToken, projectId, FILE, Buffer.from(TRANSCRIPT));
  documentId = reserve.body.document.id;
  await waitFor(async () => (await adminDb().doc(`projects/${projectId}/documents/${documentId}`).get()).get('status'), (s) => s === 'ready', 90_000);
  const insights = await adminDb().collection(`projects/${projectId}/insights`).get();
  expect(insights.size).toBeGreaterThan(0);
  await insights.docs[0].ref.update({ title: TITLE, editedAt: new Date() });
  tokens = { summary: '', interviews: '' };
  for (const kind of ['summary', 'interviews'] as const) {
    const res = await callApi<{ link: { token: string } }>(`/projects/${projectId}/shares/${kind}`, { token: owner.idToken, method: 'PUT', json: { enabled: true } });
    tokens[kind] = res.body.link.token;
    await waitFor(async () => (await adminDb().doc(`projects/${projectId}/publicViews/${kind}`).get()).exists, Boolean, 30_000);
  }
}, 150_000);

async function expectInert(page: Page, path: string, shows: string) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(path);
  await expect.poll(() => page.locator('body').textContent(), { timeout: 20_000 }).toContain(shows);
  // Markup that became elements would act by now: an <svg onload> and a <script> as they are added, an <img src="x">
  // once it has failed to load (then its error event, run before the next frames).
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete || img.loading === 'lazy'));
  await afterNextFrames(page);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss), path).toBeUndefined();
  expect(dialogs, path).toEqual([]);
  expect(await page.locator('main script, main iframe, main img[src="x"], main svg[onload]').count(), path).toBe(0);
}

describe('markup is text everywhere', () => {
  it('in the workspace', async () => {
    const page = await newPage();
    await logInOwner(page, owner);
    await expectInert(page, '/projects', PROJECT);
    await expectInert(page, `/projects/${projectId}/interviews`, 'call <svg onload=window.__xss=1>');
    await expectInert(page, `/projects/${projectId}/insights`, TITLE);
    await expectInert(page, `/projects/${projectId}/documents/${documentId}`, '<script>window.__xss="quote"</script>');
    await expectInert(page, `/projects/${projectId}/deliverable`, PROJECT);
    await expectInert(page, `/projects/${projectId}/share`, PROJECT);
  }, 120_000);

  it('on the public pages', async () => {
    const page = await newPage();
    await expectInert(page, `/public/summary/${tokens.summary}`, PROJECT);
    await expectInert(page, `/public/interviews/${tokens.interviews}`, TITLE);
  });

  it('in the printable report', async () => {
    const headers = { authorization: `Bearer ${owner.idToken}` };
    const html = await (await fetch(`${FUNCTIONS_URL}/api/projects/${projectId}/exports/report.html`, { headers })).text();
    expect(html).not.toMatch(/<(script|img|svg|iframe)\b/i);
    // The markup a quoted passage holds (whichever passage the analyser quotes) arrives as text.
    expect(html).toMatch(/&lt;\/?(script|iframe)\b/);
    expect(html).toContain('Exports fail &lt;svg onload=&quot;window.__xss=&#39;title&#39;&quot;&gt;&lt;/svg&gt;');
    const page = await newPage();
    // setContent returns on the load event: every script has run and every image has loaded or failed before it.
    await page.setContent(html);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(await page.locator('body').textContent()).toContain(TITLE);
  });
});
