import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { PROJECT_ID } from '../../../test/support/emulators';

/** Admin SDK bound to the emulators (emulators:exec sets FIRESTORE_EMULATOR_HOST). */
export function adminDb() {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('Run inside `firebase emulators:exec` (FIRESTORE_EMULATOR_HOST is unset).');
  if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID });
  return getFirestore();
}
