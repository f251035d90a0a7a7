import { describe, expect, it } from 'vitest';
import { smallInterview } from '../functions/test/support/fixtures';
import { useBrowser } from './support/browser';
import { storedInsights, storedTranscript } from './support/insights';
import { logInNewUser } from './support/projects';
import { seedReadyProject } from './support/seed';

const newPage = useBrowser();

describe('correcting a transcript on the interview page', () => {
  it('a word corrected inside a quote: the highlighted quote shows the corrected word, and the page counts the correction', async () => {
    const page = await newPage();
    const user = await logInNewUser(page);
    const { projectId, documentIds: [documentId] } = await seedReadyProject(user, 'Course feedback', [{ name: 'course.txt', bytes: smallInterview() }]);
    const [insight] = (await storedInsights(projectId)).filter((i) => i.quotes.length > 0);
    const quote = insight.quotes[0];
    const { text, turns } = await storedTranscript(projectId, documentId);
    const index = turns.findIndex((t) => t.start <= quote.start && quote.end <= t.end);
    // The quote's longest word, misheard: "marmalade" in its place.
    const word = [...quote.text.matchAll(/\p{L}+/gu)].sort((x, y) => y[0].length - x[0].length)[0];
    const at = quote.start + word.index - turns[index].start;
    const turnText = text.slice(turns[index].start, turns[index].end);
    const corrected = `${turnText.slice(0, at)}marmalade${turnText.slice(at + word[0].length)}`;
    const correctedQuote = `${quote.text.slice(0, word.index)}marmalade${quote.text.slice(word.index + word[0].length)}`;

    await page.goto(`/projects/${projectId}/documents/${documentId}`);
    // The words highlighted as this quote (a quote's mark may be cut where another quote overlaps it).
    const highlighted = (q: { start: number; end: number }) =>
      page.locator(`[data-testid="anchored-quote"][data-quotes~="${insight.id}|${q.start}-${q.end}"]`).evaluateAll((marks) => marks.map((m) => m.textContent).join(''));
    await expect.poll(() => highlighted(quote), { timeout: 15_000 }).toBe(quote.text);

    await page.getByRole('button', { name: 'Correct transcript' }).click();
    const correctTurn = page.getByRole('button', { name: `Correct the words of turn ${index + 1} (${turns[index].speaker})` });
    // Escape puts the turn back as it was.
    await correctTurn.click();
    const words = page.getByLabel(`Words of turn ${index + 1} (${turns[index].speaker})`, { exact: true });
    await expect.poll(() => words.inputValue()).toBe(turnText);
    await words.press('Escape');
    await expect.poll(() => words.count()).toBe(0);
    // Back on the button that opened it, for keyboard users.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Correct the words of turn ${index + 1} (${turns[index].speaker})`);

    await correctTurn.click();
    await words.fill(corrected);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Saved\./ }).count()).toBe(1);
    await expect.poll(() => words.count()).toBe(0);
    const moved = (await storedInsights(projectId)).find((i) => i.id === insight.id)!.quotes[0];
    expect(moved.text).toBe(correctedQuote);
    await expect.poll(() => highlighted(moved)).toBe(correctedQuote);
    expect(await page.getByTestId('correction-count').textContent()).toBe('Corrected 1 time.');
    // The insight beside the transcript quotes the corrected words too.
    await expect.poll(() => page.getByTestId('document-insight-quote').allTextContents()).toContain(`“${correctedQuote}”`);
  });
});
