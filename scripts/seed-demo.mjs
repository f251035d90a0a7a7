// Writes the demo data into running emulators. Regenerate emulator-data/ with:
//   npm run seed
// (which runs this inside `firebase emulators:exec --export-on-exit emulator-data`).
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';

const demo = JSON.parse(readFileSync(new URL('./demo-login.json', import.meta.url), 'utf8'));
const DEMO_UID = 'demo-researcher';

initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-verbatim' });
const auth = getAuth();
const db = getFirestore();

await auth.deleteUser(DEMO_UID).catch(() => undefined);
await auth.createUser({ uid: DEMO_UID, email: demo.email, password: demo.password, displayName: demo.name, emailVerified: true });

const now = Timestamp.now();
await db.doc(`users/${DEMO_UID}`).set({
  email: demo.email,
  name: demo.name,
  creditsRemaining: 10,
  subscriptionActive: false,
  createdAt: now,
  updatedAt: now,
});
console.log(`Seeded ${demo.email}`);
