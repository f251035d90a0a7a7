/**
 * The identity claims on a user's ID token, read by the web app's analytics (plan and activation).
 * Pure: what the claims should be, from the profile the server owns.
 *
 * - `plan`: 'solo' while the subscription grants access (`subscriptionActive`, kept by the Stripe
 *   webhook), 'free' otherwise.
 * - `activated`: true once the account's first interview has reached Ready (`activatedAt`, stamped
 *   by the analysis trigger); it stays true.
 */
export type Plan = 'solo' | 'free';

export interface IdentityClaims {
  plan: Plan;
  activated: boolean;
}

/** The claims a profile calls for. */
export function identityClaimsOf(profile: Record<string, unknown> | undefined): IdentityClaims {
  return {
    plan: profile?.subscriptionActive === true ? 'solo' : 'free',
    activated: profile?.activatedAt !== undefined && profile?.activatedAt !== null,
  };
}

/** Whether stored claims (a token's, or the profile's mirror of them) already say `wanted`. */
export function claimsSay(stored: Record<string, unknown> | undefined | null, wanted: IdentityClaims): boolean {
  return stored?.plan === wanted.plan && (stored?.activated === true) === wanted.activated;
}

/** The user's custom claims with `wanted` set and every other claim kept. */
export function mergeClaims(existing: Record<string, unknown> | undefined, wanted: IdentityClaims): Record<string, unknown> {
  return { ...(existing ?? {}), plan: wanted.plan, activated: wanted.activated };
}
