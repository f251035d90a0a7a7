import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { recordAssets } from './support/public';

const newPage = useBrowser();
const FIRST_LOAD_BUDGET = 150 * 1024;

describe('first load budget', () => {
  it('a signed-out visitor’s / loads at most 150 KB of JavaScript gzipped, without the Firestore SDK', async () => {
    const page = await newPage();
    const { assets, settled } = recordAssets(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByRole('link', { name: /start free/i }).count()).toBeGreaterThan(0);
    await settled();
    const scripts = assets.filter((a) => a.type === 'js');
    const total = scripts.reduce((n, a) => n + a.gzip, 0);
    const listing = scripts.map((a) => `${a.url} ${(a.gzip / 1024).toFixed(1)} KB`).join(', ');
    expect(total, `first load: ${(total / 1024).toFixed(1)} KB (${listing})`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
    expect(scripts.filter((a) => a.text.includes('firestore.googleapis.com')).map((a) => a.url)).toEqual([]);
  });
});
