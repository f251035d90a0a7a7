import { describe, expect, it } from 'vitest';
import { claimsSay, identityClaimsOf, mergeClaims } from '../../../src/users/identity-claims';

describe('the identity claims a profile calls for', () => {
  it("plan is 'solo' only while the subscription grants access", () => {
    expect(identityClaimsOf({ subscriptionActive: true }).plan).toBe('solo');
    expect(identityClaimsOf({ subscriptionActive: false }).plan).toBe('free');
    expect(identityClaimsOf({ subscriptionActive: 'yes' }).plan).toBe('free');
    expect(identityClaimsOf(undefined)).toEqual({ plan: 'free', activated: false });
  });

  it('activated once the first interview was Ready (activatedAt stamped)', () => {
    expect(identityClaimsOf({ activatedAt: new Date() }).activated).toBe(true);
    expect(identityClaimsOf({ activatedAt: null }).activated).toBe(false);
    expect(identityClaimsOf({}).activated).toBe(false);
  });

  it('claims already saying the same need no change; any difference does', () => {
    expect(claimsSay({ plan: 'solo', activated: true, admin: true }, { plan: 'solo', activated: true })).toBe(true);
    expect(claimsSay({ plan: 'free' }, { plan: 'free', activated: false })).toBe(true);
    expect(claimsSay(undefined, { plan: 'free', activated: false })).toBe(false);
    expect(claimsSay({ plan: 'free', activated: false }, { plan: 'solo', activated: false })).toBe(false);
    expect(claimsSay({ plan: 'solo', activated: false }, { plan: 'solo', activated: true })).toBe(false);
  });

  it('other claims on the account are kept', () => {
    expect(mergeClaims({ admin: true, plan: 'free' }, { plan: 'solo', activated: false })).toEqual({ admin: true, plan: 'solo', activated: false });
    expect(mergeClaims(undefined, { plan: 'free', activated: true })).toEqual({ plan: 'free', activated: true });
  });
});
