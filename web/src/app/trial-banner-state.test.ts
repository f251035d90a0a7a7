import { describe, expect, it } from 'vitest';
import { isTrialBannerShown } from './trial-banner-shown';
import { creditsLeft, trialBannerState } from './trial-banner-state';

describe('trial banner', () => {
  it('is hidden for a subscriber, whatever the credits', () => {
    expect(trialBannerState(0, true)).toEqual({ kind: 'hidden' });
  });

  it('shows the trial as expired at 0 or fewer credits', () => {
    expect(trialBannerState(0, false)).toEqual({ kind: 'expired' });
    expect(trialBannerState(-2, false)).toEqual({ kind: 'expired' });
  });

  it('warns from 5 credits down to 1', () => {
    expect(trialBannerState(5, false)).toEqual({ kind: 'low', count: '5 credits left' });
    expect(trialBannerState(1, false)).toEqual({ kind: 'low', count: '1 credit left' });
  });

  it('is active above 5 credits and while the count is unknown', () => {
    expect(trialBannerState(6, false)).toEqual({ kind: 'active', count: '6 credits left' });
    expect(trialBannerState(null, false)).toEqual({ kind: 'active', count: '... credits left' });
  });

  it('uses the singular for one credit only', () => {
    expect(creditsLeft(1)).toBe('1 credit left');
    expect(creditsLeft(10)).toBe('10 credits left');
  });

  it('is shown, in the layout, exactly when its state is not hidden', () => {
    for (const subscriptionActive of [true, false]) {
      for (const credits of [null, -1, 0, 1, 5, 6, 100]) {
        expect(isTrialBannerShown(subscriptionActive)).toBe(trialBannerState(credits, subscriptionActive).kind !== 'hidden');
      }
    }
  });
});
