import { describe, expect, it } from 'vitest';
import { profileOf } from './profile-data';

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
