import { doc } from 'firebase/firestore';
import { useEffect, useMemo } from 'react';
import { FirestoreProvider, useFirestore } from 'reactfire';
import { db } from '../lib/firestore';
import { useLiveDoc } from '../lib/use-live';
import { profileOf, type ProfileSnapshot } from './profile-data';

export interface ProfileDocProps {
  uid: string;
  /** Every snapshot of `users/{uid}` (null: no document). */
  onProfile: (profile: ProfileSnapshot | null) => void;
  onError: (err: unknown) => void;
}

/**
 * Follows `users/{uid}` live. Loaded (with Firestore, which it provides to reactfire) only once someone is signed in:
 * the signed-out pages never download Firestore.
 */
export default function ProfileDoc(props: ProfileDocProps) {
  return (
    <FirestoreProvider sdk={db}>
      <ProfileReader {...props} />
    </FirestoreProvider>
  );
}

function ProfileReader({ uid, onProfile, onError }: ProfileDocProps) {
  const firestore = useFirestore();
  const live = useLiveDoc(`profile:${uid}`, () => doc(firestore, 'users', uid));
  const profile = useMemo(() => (live.data === undefined ? undefined : profileOf(live.data)), [live.data]);
  useEffect(() => {
    if (profile !== undefined) onProfile(profile);
    // Only a new snapshot speaks: the callbacks are new closures on every render of the provider.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile]);
  useEffect(() => {
    if (live.error) onError(live.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live.error]);
  return null;
}
