import type { Firestore } from 'firebase-admin/firestore';
import { chargeForInterview } from '../credits/credit-policy';
import { AppError, OUT_OF_CREDITS_MESSAGE } from '../domain/app-error';
import type { DocumentSpeaker, TranscriptDocument } from '../domain/project';
import { ownedDocument } from '../projects/ownership';
import { documentRef } from '../projects/refs';
import { profileRef } from '../users/profile-store';

/** Whether an interview can be analysed again: it has a transcript and is not being analysed. */
export function canReanalyse(doc: Pick<TranscriptDocument, 'status' | 'errorCode'>): boolean {
  return doc.status === 'ready' || (doc.status === 'failed' && (doc.errorCode ?? '').startsWith('analysis-'));
}

/**
 * Sends an interview back to the insight engine (its trigger picks up `parsed`), charging like an
 * upload: one credit for a trial account, nothing for a subscriber, 402 and no change without
 * credits. Optionally applies new speaker roles in the same transaction.
 */
export async function reanalyseDocument(
  db: Firestore,
  uid: string,
  projectId: string,
  documentId: string,
  speakers?: DocumentSpeaker[],
): Promise<{ document: TranscriptDocument; creditsRemaining: number }> {
  await ownedDocument(db, uid, projectId, documentId);
  const docRef = documentRef(db, projectId, documentId);
  const userRef = profileRef(db, uid);
  return db.runTransaction(async (tx) => {
    const [docSnap, userSnap] = await Promise.all([tx.get(docRef), tx.get(userRef)]);
    const doc = docSnap.data();
    if (!doc) throw new AppError('not-found', 'This interview does not exist.');
    if (!canReanalyse(doc)) throw new AppError('conflict', `This interview is ${doc.status} and cannot be analysed again now.`);
    const profile = userSnap.data();
    const charge = chargeForInterview({
      creditsRemaining: profile?.creditsRemaining ?? 0,
      subscriptionActive: profile?.subscriptionActive ?? false,
    });
    if (!charge.accepted) throw new AppError('payment-required', OUT_OF_CREDITS_MESSAGE);
    const now = new Date();
    if (charge.spent) tx.update(userRef, { creditsRemaining: charge.creditsRemaining, updatedAt: now });
    const changes: Partial<TranscriptDocument> = {
      status: 'parsed',
      progress: 0,
      error: null,
      errorCode: null,
      creditSpent: charge.spent || doc.creditSpent,
      updatedAt: now,
      ...(speakers ? { speakers } : {}),
    };
    tx.update(docRef, changes);
    return { document: { ...doc, ...changes }, creditsRemaining: charge.creditsRemaining };
  });
}
