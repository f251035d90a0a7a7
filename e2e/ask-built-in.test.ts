import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { logInNewUser } from './support/projects';
import { seedReadyProject } from './support/seed';

// Ask in a private project (the built-in analyser, nothing sent anywhere): the answer is about the question — the
// passages that speak to its subject in the search's own order, the sentence in each that does so marked, a first line
// that says how many interviews speak to it — and the question box shows the whole question.
const newPage = useBrowser();
const QUESTION = 'What did participants find hard about ICE plots? And what would they change about how the plots are drawn for their own models?';

describe('Ask without Gemini', () => {
  it('answers the question asked: on-subject passages, best first, their sentence marked, how many interviews first', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const user = await logInNewUser(page);
    const { projectId } = await seedReadyProject(user, 'PDPilot', ['01_pdpilot_P2_user-study-interview.pdf', '19_pdpilot_P3_user-study-interview.pdf']);
    await page.goto(`/search?projectId=${projectId}&ask=1`);
    const box = page.getByLabel('Your question');
    await box.fill(QUESTION);
    // The whole question is in view: the box grows with it instead of scrolling it out of sight.
    expect(await box.evaluate((el: HTMLTextAreaElement) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    await page.getByRole('button', { name: 'Ask', exact: true }).click();

    const headline = page.getByTestId('ask-headline');
    await expect.poll(() => headline.textContent(), { timeout: 20_000 }).toMatch(/^[12] interviews? speaks? to this: \d+ passages?/);
    const marked = await page.getByTestId('ask-focus').allTextContents();
    expect(marked.length).toBeGreaterThan(0);
    // Each marked sentence is about the subject, ICE plots, not merely a sentence with "find" or "hard" in it.
    for (const sentence of marked) expect(sentence).toMatch(/\b(ICE|plots?)\b/i);
    // Every source is a participant's exact words, numbered in the order the answer cites them.
    const sources = page.getByTestId('ask-source');
    expect(await sources.count()).toBeGreaterThanOrEqual(marked.length);
  }, 120_000);
});
