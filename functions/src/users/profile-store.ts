import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, MAX_NAME_LENGTH, TRIAL_CREDITS } from '@verbatim/contract/constants';
import type { UserProfile } from '@verbatim/contract/user';
import { profileConverter } from './profile-converter';

export interface IdentityFields {
  uid: string;
  email: string;
  name: string;
}

export function profileRef(db: Firestore, uid: string) {
  return db.collection(COLLECTIONS.users).doc(uid).withConverter(profileConverter);
}

/**
 * Creates the profile with the trial credits on first call; on later calls refreshes only the
 * identity fields. Credits and subscription are never reset here.
 */
export async function ensureProfile(
  db: Firestore,
  identity: IdentityFields,
  now: Date = new Date(),
): Promise<{ profile: UserProfile; created: boolean }> {
  const ref = profileRef(db, identity.uid);
  const email = identity.email.trim().slice(0, 320);
  const name = identity.name.trim().slice(0, MAX_NAME_LENGTH);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const existing = snap.data();
    if (!existing) {
      const profile: UserProfile = {
        uid: identity.uid,
        email,
        name,
        creditsRemaining: TRIAL_CREDITS,
        subscriptionActive: false,
        createdAt: now,
        updatedAt: now,
      };
      tx.create(ref, profile);
      return { profile, created: true };
    }
    const changes: Partial<Record<'email' | 'name', string>> = {};
    if (email && email !== existing.email) changes.email = email;
    // An empty name (e.g. a Google account without a display name) never erases a known one.
    if (name && name !== existing.name) changes.name = name;
    if (Object.keys(changes).length > 0) {
      tx.update(ref, { ...changes, updatedAt: now });
    }
    return { profile: { ...existing, ...changes }, created: false };
  });
}

export async function readProfile(db: Firestore, uid: string): Promise<UserProfile | undefined> {
  const snap = await profileRef(db, uid).get();
  return snap.data();
}
