import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';

/** `billingCustomers/{customerId}` → {uid}: finds the user of a Stripe customer in one read. Server-only. */
export function customerRef(db: Firestore, customerId: string) {
  return db.collection(COLLECTIONS.billingCustomers).doc(customerId);
}

/** `stripeEvents/{eventId}`: events already applied, so a replay changes nothing. Server-only. */
export function eventRef(db: Firestore, eventId: string) {
  return db.collection(COLLECTIONS.stripeEvents).doc(eventId);
}

/** The profile without its converter: billing writes only its own fields, merged. */
export function userDoc(db: Firestore, uid: string) {
  return db.collection(COLLECTIONS.users).doc(uid);
}
