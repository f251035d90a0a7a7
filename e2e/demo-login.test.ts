import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { logIn, useBrowser } from './support/browser';

const demo = JSON.parse(readFileSync(new URL('../scripts/demo-login.json', import.meta.url), 'utf8')) as { email: string; password: string };
const newPage = useBrowser();

describe('demo data', () => {
  it('the demo login printed by npm start works and shows its trial', async () => {
    const page = await newPage();
    await page.goto('/');
    // Signed out, / is the landing page.
    await expect.poll(() => page.getByRole('heading', { name: 'Interview insights you can trace to the word.' }).count()).toBe(1);
    await page.goto('/login');
    await logIn(page, demo.email, demo.password);
    await page.waitForURL('**/projects');
    // The demo researcher has analysed the four PDPilot interviews: 4 of the 10 trial credits spent.
    await expect.poll(() => page.getByTestId('trial-banner').textContent()).toBe('Free trial active 6 credits left');
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(1);
    expect(await page.getByTestId('project-card').locator('h2').textContent()).toBe('PDPilot user study: explaining ML models');
    await page.getByTestId('project-card').locator('h2').click();
    await page.waitForURL('**/interviews');
    await page.getByRole('link', { name: 'Insights', exact: true }).click();
    await page.waitForURL('**/insights');
    await expect.poll(() => page.getByTestId('insight-card').count()).toBeGreaterThan(10);
    // The summary names the strongest findings with how many of the four interviews support each.
    expect(await page.getByTestId('summary-sentence').textContent()).toMatch(/^Across 4 interviews: (?:[1-4] of 4 participants |[^;(“”]+ \([1-4] of 4 interviews)/);
    // Signed in, / goes straight to the projects.
    await page.goto('/');
    await page.waitForURL('**/projects');
  });
});
