import type { DocumentData } from 'firebase/firestore';

export interface ProfileSnapshot {
  subscriptionActive: boolean;
  name?: string;
  creditsRemaining?: number;
  /** The server's mirror of the ID token's identity claims (set where the claims change: the Stripe webhook, the first Ready interview). */
  identityClaims?: TokenClaims;
}

/** What the app shows of the profile: the subscription, the name and the identity claims. */
export interface ProfileFields {
  subscriptionActive: boolean;
  name?: string;
  identityClaims?: TokenClaims;
}

/** One signed-in user's profile as read so far (signed-in-profile.tsx). */
export interface ProfileState {
  /** null until either source has answered. */
  profile: ProfileFields | null;
  profileLoading: boolean;
  /** Loaded from either source, or both failed and the plain auth user stands. */
  profileKnown: boolean;
  /** The credits left, null while unknown (lib/credits-store.ts). */
  credits: number | null;
}

/** The identity claims the server last set on the ID token. */
export interface TokenClaims {
  plan: string;
  activated: boolean;
}

function tokenClaimsOf(value: unknown): TokenClaims | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { plan, activated } = value as Record<string, unknown>;
  return typeof plan === 'string' ? { plan, activated: activated === true } : undefined;
}

/** The profile as `users/{uid}` stores it (null: no document yet). */
export function profileOf(data: DocumentData | null): ProfileSnapshot | null {
  return data
    ? {
        subscriptionActive: data.subscriptionActive === true,
        name: typeof data.name === 'string' ? data.name : undefined,
        creditsRemaining: typeof data.creditsRemaining === 'number' ? data.creditsRemaining : undefined,
        identityClaims: tokenClaimsOf(data.identityClaims),
      }
    : null;
}

/**
 * The profile once GET /users/me answers. The server read the document as the request began, so once the live
 * document has given the profile, it is as new as the answer or newer (a webhook may have changed the subscription
 * in between): the answer fills in only what the live document has not given.
 */
export function withMeAnswer(profile: ProfileFields | null, me: { subscriptionActive: boolean }, liveHasGiven: boolean): ProfileFields {
  if (profile && liveHasGiven) return profile;
  return { ...profile, subscriptionActive: me.subscriptionActive };
}
