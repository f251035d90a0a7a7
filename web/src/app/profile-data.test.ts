import { describe, expect, it } from 'vitest';
import { profileOf, withMeAnswer } from './profile-data';

describe('the profile as users/{uid} stores it', () => {
  it('is null without a document', () => {
    expect(profileOf(null)).toBeNull();
  });

  it('reads the subscription, name, credits and identity claims, and ignores fields of the wrong type', () => {
    expect(profileOf({ subscriptionActive: true, name: 'Ada', creditsRemaining: 3, identityClaims: { plan: 'pro', activated: true } })).toEqual({
      subscriptionActive: true,
      name: 'Ada',
      creditsRemaining: 3,
      identityClaims: { plan: 'pro', activated: true },
    });
    expect(profileOf({ subscriptionActive: 'yes', name: 7, creditsRemaining: '3', identityClaims: { activated: true } })).toEqual({
      subscriptionActive: false,
      name: undefined,
      creditsRemaining: undefined,
      identityClaims: undefined,
    });
  });
});

describe('the profile once GET /users/me answers', () => {
  it('gives the subscription while the live document has not', () => {
    expect(withMeAnswer(null, { subscriptionActive: true }, false)).toEqual({ subscriptionActive: true });
    expect(withMeAnswer({ subscriptionActive: false, name: 'Ada' }, { subscriptionActive: true }, false)).toEqual({ subscriptionActive: true, name: 'Ada' });
  });

  it('never undoes what the live document showed: a slow answer read before the subscription began leaves it active', () => {
    const live = { subscriptionActive: true, name: 'Ada' };
    expect(withMeAnswer(live, { subscriptionActive: false }, true)).toBe(live);
  });
});
