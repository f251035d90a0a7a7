import { doc } from 'firebase/firestore';
import { useEffect, useMemo } from 'react';
import { AuthProvider, FirebaseAppProvider, FirestoreProvider, useFirestore } from 'reactfire';
import { auth, firebaseApp } from '../lib/firebase';
import { db } from '../lib/firestore';
import { useLiveDoc } from '../lib/use-live';
import { profileOf, type ProfileReading } from './profile-data';

export interface ProfileDocProps {
  reading: ProfileReading;
}

/**
 * Follows `users/{uid}` live. Loaded only once someone is signed in, with reactfire and Firestore, which it provides
 * (the app, Auth and Firestore) where they are first needed: the signed-out pages download neither.
 */
export default function ProfileDoc(props: ProfileDocProps) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>
        <FirestoreProvider sdk={db}>
          <ProfileReader {...props} />
        </FirestoreProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}

function ProfileReader({ reading }: ProfileDocProps) {
  const firestore = useFirestore();
  const live = useLiveDoc(`profile:${reading.uid}`, () => doc(firestore, 'users', reading.uid));
  const profile = useMemo(() => (live.data === undefined ? undefined : profileOf(live.data)), [live.data]);
  useEffect(() => {
    if (profile !== undefined) reading.profile(profile);
  }, [reading, profile]);
  useEffect(() => {
    if (live.error) reading.failed(live.error);
  }, [reading, live.error]);
  return null;
}
