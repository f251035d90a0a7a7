import type { Auth } from 'firebase-admin/auth';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../domain/constants';
import { logs } from '../lib/logs';
import { claimsSay, identityClaimsOf, mergeClaims } from './identity-claims';

interface ProfileChange {
  params: { uid: string };
  data?: { after: { data(): Record<string, unknown> | undefined } };
}

export type ClaimsOutcome = 'unchanged' | 'set' | 'no-account' | 'no-profile';

const NOT_FOUND = 5; // gRPC status of an update on a document that is gone

/**
 * Trigger on `users/{uid}`: keeps the ID token's `plan` and `activated` claims equal to what the
 * profile says (see identity-claims.ts). When they change, the new claims are set on the account
 * and mirrored on the profile as `identityClaims`; the signed-in app sees the mirror change and
 * refreshes its token, so its next analytics events carry the new values. Its own mirror write
 * fires this trigger again and finds nothing to do.
 */
export async function handleProfileUpdated(event: ProfileChange, deps: { db: Firestore; auth: Auth }): Promise<ClaimsOutcome> {
  const profile = event.data?.after.data();
  if (!profile) return 'unchanged';
  const wanted = identityClaimsOf(profile);
  if (claimsSay(profile.identityClaims as Record<string, unknown> | undefined, wanted)) return 'unchanged';
  const { uid } = event.params;
  let existing: Record<string, unknown> | undefined;
  try {
    existing = (await deps.auth.getUser(uid)).customClaims;
  } catch (err) {
    if ((err as { code?: string }).code === 'auth/user-not-found') return 'no-account';
    throw err;
  }
  if (!claimsSay(existing, wanted)) await deps.auth.setCustomUserClaims(uid, mergeClaims(existing, wanted));
  try {
    await deps.db.collection(COLLECTIONS.users).doc(uid).update({ identityClaims: { ...wanted, updatedAt: FieldValue.serverTimestamp() } });
  } catch (err) {
    // The profile was deleted since the event: there is nobody to tell.
    if ((err as { code?: number }).code === NOT_FOUND) return 'no-profile';
    throw err;
  }
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
