import { describe, expect, it } from 'vitest';
import { frontEndAddress, visitorAddress } from '../../../src/api/client-address';
import { readServerLimits } from '../../../src/config/server-limits';
import { RateLimiter } from '../../../src/publishing/rate-limit';

/** X-Forwarded-For as Google's platform hands it to the function (each front end appends what connected to it). */
const VIA_HOSTING = (forged: string) => `${forged}, 198.51.100.7, 203.0.113.250`; // visitor, then Hosting's address
const DIRECT = (forged: string) => `${forged}, 198.51.100.7`; // the caller of the function's own URL

describe("who is calling: the address the platform appended, never the caller's own text", () => {
  it('behind Hosting (2 hops) the visitor is the entry two from the right, whatever was forged on the left', () => {
    for (const forged of ['1.2.3.4', '10.0.0.1, 10.0.0.2, 10.0.0.3', 'not-an-address', '']) {
      expect(visitorAddress(VIA_HOSTING(forged), 2, '169.254.1.1')).toBe('198.51.100.7');
    }
    expect(visitorAddress('198.51.100.7, 203.0.113.250', 2, '169.254.1.1')).toBe('198.51.100.7');
  });

  it('a direct call has one entry fewer; the right-most address is the front end every request meets', () => {
    expect(visitorAddress('198.51.100.7', 2, '169.254.1.1')).toBe('198.51.100.7');
    expect(visitorAddress(DIRECT('1.2.3.4'), 1, undefined)).toBe('198.51.100.7');
    expect(frontEndAddress(DIRECT('1.2.3.4'), 2, undefined)).toBe('198.51.100.7');
    expect(frontEndAddress(VIA_HOSTING('1.2.3.4'), 2, undefined)).toBe('203.0.113.250');
  });

  it('without a front end (0 hops) or without the header, the connection itself', () => {
    expect(visitorAddress('1.2.3.4', 0, '127.0.0.1')).toBe('127.0.0.1');
    expect(frontEndAddress('1.2.3.4', 0, '127.0.0.1')).toBe('127.0.0.1');
    expect(visitorAddress(undefined, 2, '127.0.0.1')).toBe('127.0.0.1');
    expect(visitorAddress(['1.2.3.4', '198.51.100.7'], 1, undefined)).toBe('198.51.100.7');
  });
});

describe('the in-memory limiter', () => {
  it('counts per key in fixed windows and says how long to wait', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 60_000, 100, () => now);
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
    expect(limiter.take('b')).toBe(true);
    now = 30_000;
    expect(limiter.retryAfter('a')).toBe(30);
    now = 60_000;
    expect(limiter.take('a')).toBe(true);
  });

  it('remembers at most maxKeys addresses however many distinct ones arrive (a flood of forged keys)', () => {
    let now = 0;
    const limiter = new RateLimiter(120, 60_000, 1_000, () => now);
    for (let i = 0; i < 200_000; i++) {
      limiter.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      if (i % 1_000 === 0) now += 1;
    }
    expect(limiter.size).toBeLessThanOrEqual(1_000);
    // A key still inside its window keeps its count while the flood goes on elsewhere.
    now = 0;
    const steady = new RateLimiter(2, 60_000, 100, () => now);
    steady.take('visitor');
    steady.take('visitor');
    for (let i = 0; i < 98; i++) steady.take(`other-${i}`);
    expect(steady.take('visitor')).toBe(false);
  });
});

describe('server limits (one validated place)', () => {
  it('defaults, overrides, and one error naming every bad variable', () => {
    const defaults = readServerLimits({});
    expect(defaults).toMatchObject({ publicRequestsPerMinute: 120, trustedForwardedHops: 2, quotas: { projects: 100, uploadsWaiting: 20, rejectedUploadsPerHour: 20 } });
    expect(readServerLimits({ QUOTA_PROJECTS_PER_ACCOUNT: '5', TRUSTED_FORWARDED_HOPS: '1' })).toMatchObject({ trustedForwardedHops: 1, quotas: { projects: 5 } });
    expect(() => readServerLimits({ QUOTA_PROJECTS_PER_ACCOUNT: '0', TRUSTED_FORWARDED_HOPS: 'two', QUOTA_UPLOADS_WAITING: '1.5' })).toThrow(
      /TRUSTED_FORWARDED_HOPS="two" must be .*; QUOTA_PROJECTS_PER_ACCOUNT="0" must be .*; QUOTA_UPLOADS_WAITING="1.5" must be/,
    );
  });

  it('the synthesis waits 1.5 s for more changes unless SYNTHESIS_DEBOUNCE_MS says otherwise (0 to 60 s)', () => {
    expect(readServerLimits({}).synthesisDebounceMs).toBe(1500);
    expect(readServerLimits({ SYNTHESIS_DEBOUNCE_MS: '200' }).synthesisDebounceMs).toBe(200);
    expect(() => readServerLimits({ SYNTHESIS_DEBOUNCE_MS: '60001' })).toThrow(/SYNTHESIS_DEBOUNCE_MS="60001" must be a whole number from 0 to 60000/);
  });
});
