import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountPlaces, NoPlace, type GiveBack } from '../../../src/quotas/account-places';

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
