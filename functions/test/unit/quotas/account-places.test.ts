import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountPlaces, NoPlace, oneAtATimePerAccount, type GiveBack } from '../../../src/quotas/account-places';

/** 'admitted', or the reason a request got no place, once it settles. */
function outcome(place: Promise<GiveBack>): { value: string } {
  const seen = { value: 'waiting' };
  place.then(
    () => (seen.value = 'admitted'),
    (err: unknown) => (seen.value = err instanceof NoPlace ? err.reason : String(err)),
  );
  return seen;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe("one account's places in an instance", () => {
  it('runs at most `running` at once, lines up `queued` more in order of arrival, and turns the rest away at once', async () => {
    const places = new AccountPlaces({ running: 2, queued: 2, waitMs: 20_000 });
    const giveBacks = await Promise.all([places.take('ada'), places.take('ada')]);
    const third = outcome(places.take('ada'));
    const fourth = outcome(places.take('ada'));
    const fifth = outcome(places.take('ada'));
    await settle();
    expect([third.value, fourth.value, fifth.value]).toEqual(['waiting', 'waiting', 'line-full']);
    expect(places.load('ada')).toEqual({ running: 2, waiting: 2 });

    giveBacks[0]();
    giveBacks[0](); // a second call gives nothing more back
    await settle();
    expect([third.value, fourth.value]).toEqual(['admitted', 'waiting']);
    expect(places.load('ada')).toEqual({ running: 2, waiting: 1 });
  });

  it("another account's requests never wait behind a full line", async () => {
    const places = new AccountPlaces({ running: 1, queued: 0, waitMs: 20_000 });
    await places.take('burst');
    await expect(places.take('burst')).rejects.toMatchObject({ reason: 'line-full' });
    await expect(places.take('other')).resolves.toBeTypeOf('function');
  });

  it('a request waits at most `waitMs`, and stops waiting when its caller hangs up', async () => {
    vi.useFakeTimers();
    const places = new AccountPlaces({ running: 1, queued: 5, waitMs: 20_000 });
    const giveBack = await places.take('slow');
    const patient = outcome(places.take('slow'));
    const hangUp = new AbortController();
    const leaving = outcome(places.take('slow', hangUp.signal));
    hangUp.abort();
    await vi.advanceTimersByTimeAsync(19_999);
    expect([patient.value, leaving.value]).toEqual(['waiting', 'caller-gone']);
    await vi.advanceTimersByTimeAsync(1);
    expect(patient.value).toBe('waited-too-long');
    // Nobody is left in line: the place is free again, then the account is forgotten.
    giveBack();
    expect(places.load('slow')).toEqual({ running: 0, waiting: 0 });
    expect(places.accounts).toBe(0);
  });
});

describe('one profile transaction at a time per account', () => {
  it('runs one account’s work in order of arrival, one at a time, however long the line waits; other accounts do not wait', async () => {
    vi.useFakeTimers();
    const scope = {};
    const order: string[] = [];
    let release = () => {};
    const first = oneAtATimePerAccount(scope, 'ada', () => new Promise<string>((resolve) => (release = () => resolve('first'))));
    const later = Array.from({ length: 50 }, (_, i) => oneAtATimePerAccount(scope, 'ada', async () => (order.push(`ada-${i}`), i)));
    const other = oneAtATimePerAccount(scope, 'grace', async () => (order.push('grace'), 'other'));
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(await other).toBe('other');
    expect(order).toEqual(['grace']);
    release();
    expect(await first).toBe('first');
    expect(await Promise.all(later)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(order).toEqual(['grace', ...Array.from({ length: 50 }, (_, i) => `ada-${i}`)]);
  });

  it('a failed transaction gives its place to the next', async () => {
    const scope = {};
    const failed = oneAtATimePerAccount(scope, 'ada', async () => {
      throw new Error('aborted');
    });
    const next = oneAtATimePerAccount(scope, 'ada', async () => 'ran');
    await expect(failed).rejects.toThrow('aborted');
    expect(await next).toBe('ran');
  });
});
