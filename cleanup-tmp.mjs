import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
initializeApp({ projectId: 'demo-verbatim' });
const db = getFirestore();
const snap = await db.collection('projects').where('name', '==', 'Big study').get();
for (const d of snap.docs) await d.ref.delete();
console.log('deleted project docs', snap.docs.map((d) => d.id));
for (const d of snap.docs) await db.recursiveDelete(d.ref);
console.log('done');
