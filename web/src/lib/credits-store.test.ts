import { beforeEach, describe, expect, it } from 'vitest';
import { applyCreditsHeader, getCredits, resetCredits, setCredits, setCreditsFromProfile, subscribeCredits } from './credits-store';

describe('credits store', () => {
  // Each test starts on a clock of its own: forgotten at t=0.
  beforeEach(() => resetCredits(0));

  it('is unknown until loaded', () => {
    expect(getCredits()).toBeNull();
  });

  it('takes the x-credits-remaining header when it parses as an integer', () => {
    applyCreditsHeader('7');
    expect(getCredits()).toBe(7);
    applyCreditsHeader(' 0 ');
    expect(getCredits()).toBe(0);
    applyCreditsHeader('-1');
    expect(getCredits()).toBe(-1);
  });

  it('ignores a header that is missing or not an integer', () => {
    setCredits(4);
    for (const value of [null, undefined, '', 'abc', '2.5', '3 credits']) applyCreditsHeader(value);
    expect(getCredits()).toBe(4);
  });

  it('notifies subscribers on change only', () => {
    let calls = 0;
    const unsubscribe = subscribeCredits(() => calls++);
    setCredits(5);
    setCredits(5);
    setCredits(6);
    unsubscribe();
    setCredits(7);
    expect(calls).toBe(2);
  });

  it('keeps the live profile’s count over an answer to a request that began before it', () => {
    // A request starts at t=100; the profile says 9 at t=150 (another upload was charged); the answer, read at
    // the request's start, says 10 and arrives after: the profile's 9 stands.
    setCreditsFromProfile(9, 150);
    applyCreditsHeader('10', 100);
    expect(getCredits()).toBe(9);
    // An answer to a request that began after the profile last spoke is newer: it counts.
    applyCreditsHeader('8', 200);
    expect(getCredits()).toBe(8);
    // Without a live profile (or a request time), every answer counts.
    resetCredits(50);
    applyCreditsHeader('3', 100);
    expect(getCredits()).toBe(3);
    setCreditsFromProfile(2, 500);
    applyCreditsHeader('4');
    expect(getCredits()).toBe(4);
  });

  it('drops an answer to a request begun before a sign-out: the next user never sees the last one’s count', () => {
    setCreditsFromProfile(7, 100);
    // User A asks at t=150; A signs out at t=200 and B signs in; A's answer (7 left) arrives after.
    resetCredits(200);
    applyCreditsHeader('7', 150);
    expect(getCredits()).toBeNull();
    // B's own request, begun after, counts.
    applyCreditsHeader('10', 250);
    expect(getCredits()).toBe(10);
  });
});
