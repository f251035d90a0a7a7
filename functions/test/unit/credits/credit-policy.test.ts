import { describe, expect, it } from 'vitest';
import { canStartInterview, chargeForInterview } from '../../../src/credits/credit-policy';

describe('credit policy', () => {
  it('a trial user with credits left can start, and one interview costs one credit', () => {
    expect(canStartInterview({ creditsRemaining: 1, subscriptionActive: false })).toBe(true);
    expect(chargeForInterview({ creditsRemaining: 1, subscriptionActive: false })).toEqual({ accepted: true, spent: true, creditsRemaining: 0 });
  });

  it('a trial user at 0 (or below) is refused and nothing is spent', () => {
    expect(canStartInterview({ creditsRemaining: 0, subscriptionActive: false })).toBe(false);
    expect(chargeForInterview({ creditsRemaining: 0, subscriptionActive: false })).toEqual({ accepted: false, spent: false, creditsRemaining: 0 });
    expect(chargeForInterview({ creditsRemaining: -3, subscriptionActive: false }).accepted).toBe(false);
  });

  it('a subscriber is never charged, whatever the credits', () => {
    expect(canStartInterview({ creditsRemaining: 0, subscriptionActive: true })).toBe(true);
    expect(chargeForInterview({ creditsRemaining: 0, subscriptionActive: true })).toEqual({ accepted: true, spent: false, creditsRemaining: 0 });
  });
});
