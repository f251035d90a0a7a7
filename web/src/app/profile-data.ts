import type { DocumentData } from 'firebase/firestore';

export interface ProfileSnapshot {
  subscriptionActive: boolean;
  name?: string;
  creditsRemaining?: number;
  /** The server's mirror of the ID token's identity claims (set where the claims change: the Stripe webhook, the first Ready interview). */
  identityClaims?: TokenClaims;
}

/** One signed-in user's profile being read: the live document reports here (an earlier user's reading is ignored). */
export interface ProfileReading {
  uid: string;
  /** Every snapshot of `users/{uid}` (null: no document). */
  profile: (profile: ProfileSnapshot | null) => void;
  /** The document could not be read (refused, or its code could not load). */
  failed: (err: unknown) => void;
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
