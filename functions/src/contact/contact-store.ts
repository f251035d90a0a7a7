import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import type { ContactRequest } from '@verbatim/contract/contact';

/**
 * `contactRequests/{id}`: Team/Enterprise requests from the pricing page's contact form. Server-only
 * (the rules deny every client); the team reads them in the Firestore console.
 */
export function contactRequests(db: Firestore) {
  return db.collection(COLLECTIONS.contactRequests);
}

/** Stores one validated request; returns its id. */
export async function saveContactRequest(db: Firestore, request: ContactRequest, from: { uid: string | null }): Promise<string> {
  const ref = contactRequests(db).doc();
  await ref.set({ ...request, uid: from.uid, status: 'new', createdAt: FieldValue.serverTimestamp() });
  return ref.id;
}
