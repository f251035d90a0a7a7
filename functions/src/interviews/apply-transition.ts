import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { CREDITS_PER_INTERVIEW } from '@verbatim/contract/constants';
import type { Interview } from '@verbatim/contract/project';
import { projectRef } from '../projects/refs';
import { interviewRef } from './interview-refs';
import { profileRef } from '../users/profile-store';
import { countsUpdate, transition, type InterviewEvent, type InterviewState, type Transition } from './lifecycle';

export interface InterviewKey {
  projectId: string;
  documentId: string;
  ownerId: string;
}

/**
 * Carries out one lifecycle transition inside the caller's transaction: the interview's fields,
 * the project's counts and a refund, all or nothing. It may read the owner's profile (a refund
 * goes only to an account that still exists), so call it before the transaction's other writes.
 * Returns null, writing nothing, when the interview's status does not allow the event.
 */
export async function applyTransition(
  db: Firestore,
  tx: Transaction,
  key: InterviewKey,
  doc: InterviewState,
  event: InterviewEvent,
  at: Date,
): Promise<Transition | null> {
  const result = transition(doc, event, at);
  if (!result.allowed) return null;
  const t = result.transition;
  const userRef = profileRef(db, key.ownerId);
  const refund = t.refund && (await tx.get(userRef)).exists;
  writeTransition(db, tx, key, t, at);
  if (refund) tx.update(userRef, { creditsRemaining: FieldValue.increment(CREDITS_PER_INTERVIEW), updatedAt: at });
  return { ...t, refund };
}

/** The interview and project writes of a transition that gives no refund (no read needed). */
export function writeTransition(db: Firestore, tx: Transaction, key: InterviewKey, t: Transition, at: Date, created?: Interview): void {
  const docRef = interviewRef(db, key.projectId, key.documentId);
  if (t.from === null) {
    if (!created) throw new Error('A new interview needs its document.');
    tx.create(docRef, { ...created, ...t.fields } as Interview);
  } else if (t.to !== null) {
    tx.update(docRef, t.fields);
  }
  const counts = countsUpdate(t.counts, (n) => FieldValue.increment(n));
  if (Object.keys(counts).length > 0) tx.update(projectRef(db, key.projectId), { ...counts, updatedAt: at });
}
