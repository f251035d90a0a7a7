import { describe, expect, it } from 'vitest';
import { FUNCTIONS_URL, HOSTING_URL } from '../../../test/support/emulators';

// The public pages' rate limit is held in each function instance's memory (as in production, per instance). These
// cases count on one instance answering them all, so they run when no other file calls the API (the per-instance
// lane of vitest.config.ts, after every other suite).
describe('public rate limit (keyed on the address the front end appended)', () => {
  const paths = { hosting: `${HOSTING_URL}/api/public`, function: `${FUNCTIONS_URL}/api/public` } as const;
  for (const [via, visitor] of [['hosting', '198.51.100.21'], ['function', '198.51.100.22']] as const) {
    it(`through ${via}: once a visitor is limited, 200 requests with forged X-Forwarded-For entries are all refused; another visitor is not`, async () => {
      // The test stands in for the platform's front end: it appends the caller's address last.
      const get = async (forged: string | null, from: string = visitor) => {
        const res = await fetch(`${paths[via]}/summary/no-such-token`, { headers: { 'x-forwarded-for': forged === null ? from : `${forged}, ${from}` } });
        await res.arrayBuffer();
        return res.status;
      };
      let allowed = 0;
      while ((await get(null)) !== 429) expect(++allowed).toBeLessThanOrEqual(120);
      expect(allowed).toBeGreaterThan(0);
      const forgedStatuses: number[] = [];
      for (let i = 0; i < 200; i++) forgedStatuses.push(await get(`10.${i >> 8}.${i & 255}.9, 172.16.0.${i & 255}`));
      expect(forgedStatuses.filter((s) => s !== 429)).toEqual([]);
      expect(await get('10.0.0.1', via === 'hosting' ? '198.51.100.31' : '198.51.100.32')).toBe(404);
    });
  }
});
