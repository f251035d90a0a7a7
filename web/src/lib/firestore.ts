import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { config } from './config';
import { emulatorHost, firebaseApp } from './firebase';

/**
 * The Firestore client, initialised once on first import. Kept out of the first page's bundle: only the data screens
 * (loaded lazily) and the signed-in user's profile reader (app/signed-in-profile.tsx) import it.
 */
export const db = getFirestore(firebaseApp);

if (config.useEmulators) connectFirestoreEmulator(db, emulatorHost(), 8080);
