import { describe, expect, it } from 'vitest';
import { FUNCTIONS_URL, HOSTING_URL } from '../../../test/support/emulators';
import { forgedForwardedFor } from '../support/forged-forwarded-for';

// The public pages' rate limit is held in each function instance's memory (as in production, per instance). These
// cases count on one instance answering them all, so they run when no other file calls the API (the per-instance
// lane of vitest.config.ts, after every other suite). The emulators run with the trust setting `npm start` uses: the
// function is reached over a local socket and nobody appends to X-Forwarded-For, so every caller here is one visitor.
describe('public rate limit on the emulators', () => {
  const paths = { hosting: `${HOSTING_URL}/api/public`, function: `${FUNCTIONS_URL}/api/public` } as const;
  const get = async (via: keyof typeof paths, forwardedFor?: string) => {
    const res = await fetch(`${paths[via]}/summary/no-such-token`, { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } });
    await res.arrayBuffer();
    return res.status;
  };

  it('once the visitor is limited, 200 requests with forged X-Forwarded-For entries, through Hosting or straight to the function, are all refused', async () => {
    let allowed = 0;
    while ((await get('hosting')) !== 429) expect(++allowed).toBeLessThanOrEqual(120);
    const forged: string[] = [];
    for (let i = 0; i < 200; i++) {
      const status = await get(i % 2 === 0 ? 'hosting' : 'function', forgedForwardedFor(i));
      if (status !== 429) forged.push(`${forgedForwardedFor(i)} → ${status}`);
    }
    expect(forged).toEqual([]);
  });
});
