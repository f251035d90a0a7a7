import { describe, expect, it } from 'vitest';
import { FUNCTIONS_URL, HOSTING_URL } from '../../../test/support/emulators';
import { forgedForwardedFor } from '../support/forged-forwarded-for';

// The public pages' rate limit is held in each function instance's memory (as in production, per instance). These
// cases count on one instance answering them all, so they run when no other file calls the API (the per-instance
// lane of vitest.config.ts, after every other suite). The emulators run with the trust setting `npm start` uses: the
// function is reached over a local socket and nobody appends to X-Forwarded-For, so every caller here is one visitor.
describe('public rate limit on the emulators', () => {
  const paths = { hosting: `${HOSTING_URL}/api/public`, function: `${FUNCTIONS_URL}/api/public` } as const;
  const send = async (via: keyof typeof paths, forwardedFor?: string) => {
    const res = await fetch(`${paths[via]}/summary/no-such-token`, { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } });
    await res.arrayBuffer();
    return { status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 0) };
  };
  const get = async (via: keyof typeof paths, forwardedFor?: string) => (await send(via, forwardedFor)).status;

  /** Limits the visitor in a window with at least `seconds` left (earlier files' calls may have opened the current one). */
  async function limitedFor(seconds: number): Promise<number> {
    for (;;) {
      let allowed = 0;
      let answer = await send('hosting');
      while (answer.status !== 429) {
        expect(++allowed).toBeLessThanOrEqual(120);
        answer = await send('hosting');
      }
      const closesAt = Date.now() + answer.retryAfter * 1000;
      if (answer.retryAfter >= seconds) return closesAt;
      await new Promise((resolve) => setTimeout(resolve, answer.retryAfter * 1000 + 500));
    }
  }

  it('once the visitor is limited, 200 requests with forged X-Forwarded-For entries, through Hosting or straight to the function, are all refused', async () => {
    // Every forged request is sent inside the one window in which the visitor is limited (a fixed window of a minute):
    // one that arrived after it closed would rightly be let through, and prove nothing.
    // 15 s leave room for all 200 on a busy machine (a request takes milliseconds), and wait for a new window only when
    // the current one has less left.
    const closesAt = await limitedFor(15);
    const forged: string[] = [];
    let sent = 0;
    for (let i = 0; i < 200 && Date.now() < closesAt - 2_000; i++, sent++) {
      const status = await get(i % 2 === 0 ? 'hosting' : 'function', forgedForwardedFor(i));
      if (status !== 429) forged.push(`${forgedForwardedFor(i)} → ${status}`);
    }
    expect(forged).toEqual([]);
    // A busy machine may fit fewer than 200 in what is left of the window, but never too few to try every forged shape.
    expect(sent).toBeGreaterThanOrEqual(50);
  }, 180_000);
});
