import { Timestamp, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { UserProfile } from '@verbatim/contract/user';

/** The one converter between `users/{uid}` documents and `UserProfile`. */
export const profileConverter: FirestoreDataConverter<UserProfile> = {
  toFirestore(profile: UserProfile) {
    return {
      email: profile.email,
      name: profile.name,
      creditsRemaining: profile.creditsRemaining,
      subscriptionActive: profile.subscriptionActive,
      createdAt: Timestamp.fromDate(profile.createdAt),
      updatedAt: Timestamp.fromDate(profile.updatedAt),
    };
  },
  fromFirestore(snap: QueryDocumentSnapshot): UserProfile {
    const d = snap.data();
    return {
      uid: snap.id,
      email: typeof d.email === 'string' ? d.email : '',
      name: typeof d.name === 'string' ? d.name : '',
      creditsRemaining: Number.isFinite(d.creditsRemaining) ? d.creditsRemaining : 0,
      subscriptionActive: d.subscriptionActive === true,
      createdAt: d.createdAt instanceof Timestamp ? d.createdAt.toDate() : new Date(0),
      updatedAt: d.updatedAt instanceof Timestamp ? d.updatedAt.toDate() : new Date(0),
    };
  },
};
