import { beforeEach, describe, expect, it } from 'vitest';
import { applyCreditsHeader, getCredits, setCredits, subscribeCredits } from './credits-store';

describe('credits store', () => {
  beforeEach(() => setCredits(null));

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
});
