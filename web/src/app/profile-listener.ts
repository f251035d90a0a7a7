import { doc, onSnapshot } from 'firebase/firestore';
import { db } from '../lib/firestore';

export interface ProfileSnapshot {
  subscriptionActive: boolean;
  name?: string;
  creditsRemaining?: number;
}

/** Follows `users/{uid}` live (loaded with Firestore, after sign-in only). Returns the unsubscribe. */
export function listenToProfile(uid: string, onProfile: (profile: ProfileSnapshot | null) => void, onError: (err: unknown) => void): () => void {
  return onSnapshot(
    doc(db, 'users', uid),
    (snap) => {
      const data = snap.data();
      onProfile(
        data
          ? {
              subscriptionActive: data.subscriptionActive === true,
              name: typeof data.name === 'string' ? data.name : undefined,
              creditsRemaining: typeof data.creditsRemaining === 'number' ? data.creditsRemaining : undefined,
            }
          : null,
      );
    },
    onError,
  );
}
