import { describe, expect, it } from 'vitest';
import { readServerLimits } from '../../../src/config/server-limits';
import { RateLimiter } from '../../../src/publishing/rate-limit';

// Who a visitor is (the key these limits count under): visitor-address.test.ts.
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
    expect(defaults).toMatchObject({ publicRequestsPerMinute: 120, frontEndRequestsPerMinute: 2400, quotas: { projects: 100, uploadsWaiting: 20, rejectedUploadsPerHour: 20 } });
    expect(readServerLimits({ QUOTA_PROJECTS_PER_ACCOUNT: '5', PUBLIC_REQUESTS_PER_MINUTE: '60' })).toMatchObject({ publicRequestsPerMinute: 60, quotas: { projects: 5 } });
    expect(() => readServerLimits({ QUOTA_PROJECTS_PER_ACCOUNT: '0', PUBLIC_REQUESTS_PER_MINUTE: 'two', QUOTA_UPLOADS_WAITING: '1.5', TRUSTED_PROXIES: 'everyone' })).toThrow(
      /TRUSTED_PROXIES="everyone" must list .*; PUBLIC_REQUESTS_PER_MINUTE="two" must be .*; QUOTA_PROJECTS_PER_ACCOUNT="0" must be .*; QUOTA_UPLOADS_WAITING="1.5" must be/,
    );
  });

  it('the synthesis waits 1.5 s for more changes unless SYNTHESIS_DEBOUNCE_MS says otherwise (0 to 60 s)', () => {
    expect(readServerLimits({}).synthesisDebounceMs).toBe(1500);
    expect(readServerLimits({ SYNTHESIS_DEBOUNCE_MS: '200' }).synthesisDebounceMs).toBe(200);
    expect(() => readServerLimits({ SYNTHESIS_DEBOUNCE_MS: '60001' })).toThrow(/SYNTHESIS_DEBOUNCE_MS="60001" must be a whole number from 0 to 60000/);
  });

  it('an account may use 10 million Gemini tokens a month over all its projects unless GEMINI_MONTHLY_TOKENS_PER_ACCOUNT says otherwise', () => {
    expect(readServerLimits({}).gemini).toMatchObject({ tokensPerProjectPerMonth: 5_000_000, tokensPerAccountPerMonth: 10_000_000 });
    expect(readServerLimits({ GEMINI_MONTHLY_TOKENS_PER_ACCOUNT: '50000000' }).gemini.tokensPerAccountPerMonth).toBe(50_000_000);
    expect(() => readServerLimits({ GEMINI_MONTHLY_TOKENS_PER_ACCOUNT: '9999' })).toThrow(
      /GEMINI_MONTHLY_TOKENS_PER_ACCOUNT="9999" must be a whole number from 10000 to 100000000000/,
    );
  });
});
