import type { Auth } from 'firebase-admin/auth';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { logs } from '../lib/logs';
import { claimsSay, identityClaimsOf, mergeClaims } from './identity-claims';

export type ClaimsOutcome = 'unchanged' | 'set' | 'no-account' | 'no-profile';

/**
 * Makes the ID token's `plan` and `activated` claims say what the profile says (identity-claims.ts),
 * called where those change: the Stripe webhook and the first Ready interview. When they change,
 * the new claims are set on the account and mirrored on the profile as `identityClaims`; the
 * signed-in app sees the mirror change and refreshes its token, so its next analytics events carry
 * the new values. Calling it again changes nothing.
 */
export async function syncIdentityClaims(deps: { db: Firestore; auth: Auth }, uid: string): Promise<ClaimsOutcome> {
  const ref = deps.db.collection(COLLECTIONS.users).doc(uid);
  const profile = (await ref.get()).data();
  if (!profile) return 'no-profile';
  const wanted = identityClaimsOf(profile);
  if (claimsSay(profile.identityClaims as Record<string, unknown> | undefined, wanted)) return 'unchanged';
  let existing: Record<string, unknown> | undefined;
  try {
    existing = (await deps.auth.getUser(uid)).customClaims;
  } catch (err) {
    if ((err as { code?: string }).code === 'auth/user-not-found') return 'no-account';
    throw err;
  }
  if (!claimsSay(existing, wanted)) await deps.auth.setCustomUserClaims(uid, mergeClaims(existing, wanted));
  await ref.update({ identityClaims: { ...wanted, updatedAt: FieldValue.serverTimestamp() } });
  logs.identityClaimsSet(uid, wanted.plan, wanted.activated);
  return 'set';
}

/**
 * Marks the account activated when one of its interviews reaches Ready for the first time (once:
 * a later Ready interview changes nothing). True when this call activated it.
 */
export async function markActivated(db: Firestore, uid: string): Promise<boolean> {
  const ref = db.collection(COLLECTIONS.users).doc(uid);
  return db.runTransaction(async (tx) => {
    const profile = await tx.get(ref);
    if (!profile.exists || profile.get('activatedAt') != null) return false;
    tx.update(ref, { activatedAt: FieldValue.serverTimestamp() });
    return true;
  });
}
