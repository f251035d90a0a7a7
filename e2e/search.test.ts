import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGeminiStandIn, type GeminiStandIn } from '../test/support/gemini-stand-in.mjs';
import { adminDb } from '../functions/test/support/admin';
import { fixture } from '../functions/test/support/fixtures';
import { uploadViaApi } from '../functions/test/support/projects';
import { useBrowser } from './support/browser';
import { createProjectFor, logInNewUser } from './support/projects';
import { FUNCTIONS_WORK_WAIT_MS } from '../test/support/emulators';

// The researcher's journey through Search and Ask: press /, search, filter, open a passage, ask, hover and open a
// citation. The emulators run with GEMINI_BASE_URL pointing at this stand-in (scripts/test.sh).
const newPage = useBrowser();
let gemini: GeminiStandIn;
beforeAll(async () => {
  gemini = await startGeminiStandIn({ port: Number(process.env.GEMINI_STAND_IN_PORT ?? 9311), apiKey: process.env.GEMINI_API_KEY ?? 'test-api-key', behaviour: 'realistic' });
});
afterAll(async () => {
  await gemini?.close();
});

describe('search and ask across all research', () => {
  it('needs a login', async () => {
    const page = await newPage();
    await page.goto('/search?q=aquifer');
    await page.waitForURL('**/login');
  });

  it('/ searches every project; a filter narrows; a result and a citation open their exact passage', async () => {
    const page = await newPage();
    const user = await logInNewUser(page);
    // A project that uses Gemini: Ask sends a private project's passages nowhere.
    const projectId = await createProjectFor(user, 'Scientists and AI', 'gemini');
    const { reserve } = await uploadViaApi(user.idToken, projectId, 'science.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
    const documentId = reserve.body.document.id;
    const ref = adminDb().doc(`projects/${projectId}/documents/${documentId}`);
    await expect.poll(async () => (await ref.get()).get('status'), { timeout: FUNCTIONS_WORK_WAIT_MS, interval: 500 }).toBe('ready');

    // "/" from anywhere on the page focuses the navbar's search box.
    await page.locator('body').press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('navbar-search');
    await page.keyboard.type('aquifer');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search?q=aquifer');
    const hits = page.getByTestId('search-hit');
    await expect.poll(() => hits.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('region', { name: 'Scientists and AI' }).isVisible()).toBe(true);
    expect((await hits.first().locator('mark').first().textContent())?.toLowerCase()).toMatch(/^aquifers?$/);

    // Only transcript passages.
    await page.getByLabel('Kind').selectOption('passage');
    await page.waitForURL(/kind=passage/);
    await expect.poll(async () => [...new Set(await hits.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))))]).toEqual(['passage']);

    // The result opens the interview at its passage, highlighted.
    // A transcript passage is shown exactly as the highlighted words, not in quotation marks (it may be the interviewer's).
    const shown = (await hits.first().locator('.search-hit__text').textContent())!;
    await hits.first().getByRole('link').click();
    await page.waitForURL(new RegExp(`/projects/${projectId}/documents/${documentId}#q-\\d+-\\d+$`));
    await expect.poll(() => page.getByTestId('quote-highlight').first().textContent(), { timeout: 15_000 }).toBe(shown);

    // Ask the project (from its header), get an answer whose citations are verbatim sources.
    await page.goto(`/projects/${projectId}/insights`);
    await page.getByRole('link', { name: 'Ask your research' }).click();
    await page.waitForURL(`**/search?projectId=${projectId}&ask=1`);
    await page.getByLabel('Your question').fill('What did people say about the aquifer?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const citation = page.getByTestId('ask-citation').first();
    await expect.poll(() => citation.count(), { timeout: 20_000 }).toBe(1);
    const sources = await page.getByTestId('ask-source').locator('blockquote').allTextContents();
    expect(sources.length).toBeGreaterThan(0);
    await citation.hover();
    const title = (await citation.getAttribute('title'))!;
    expect(title).toMatch(/^“.+” — .+, science\.txt/s);
    expect(sources).toContain(title.slice(0, title.lastIndexOf('” — ') + 1));
    expect(gemini.requests.some((r) => r.userText.includes('QUESTION: What did people say about the aquifer?'))).toBe(true);
    await citation.click();
    await page.waitForURL(new RegExp(`/documents/${documentId}#q-\\d+-\\d+$`));
    await expect.poll(() => page.getByTestId('quote-highlight').first().textContent(), { timeout: 15_000 }).toBe(title.slice(1, title.lastIndexOf('” — ')));
  }, 150_000);
});
