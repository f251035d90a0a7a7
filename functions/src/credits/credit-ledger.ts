import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import type { Interview } from '@verbatim/contract/project';
import { AppError, OUT_OF_CREDITS_MESSAGE } from '@verbatim/contract/app-error';
import { oneAtATimePerAccount } from '../quotas/account-places';
import { profileRef } from '../users/profile-store';
import { canStartInterview, chargeForInterview, type CreditAccount } from './credit-policy';

/** Reads the caller's account; a missing profile counts as an empty one. */
export async function readAccount(db: Firestore, uid: string): Promise<CreditAccount> {
  const profile = (await profileRef(db, uid).get()).data();
  return { creditsRemaining: profile?.creditsRemaining ?? 0, subscriptionActive: profile?.subscriptionActive ?? false };
}

/** Refuses (402) before any upload when the account cannot start an interview. */
export async function assertCanStartInterview(db: Firestore, uid: string): Promise<CreditAccount> {
  const account = await readAccount(db, uid);
  if (!canStartInterview(account)) throw new AppError('payment-required', OUT_OF_CREDITS_MESSAGE);
  return account;
}

export interface InterviewCharge {
  /** False when the account has no credit left for it (nothing may be spent). */
  accepted: boolean;
  /** A credit is spent (false for a subscriber). */
  spent: boolean;
  /** The account's credits once it is spent. */
  creditsRemaining: number;
  /** The account's credits as they are, before any spending (for an interview whose credit was spent earlier). */
  creditsNow: number;
  /** Writes the spending to the account in the transaction (nothing when no credit is spent). */
  spend: (at: Date) => void;
}

/**
 * The one way an interview's credit is spent when it goes to the insight engine (an upload accepted, roles
 * confirmed): `work` runs in a transaction that has read the interview (`docRef`, undefined when gone) and the
 * owner's account together, with the charge for one interview, one such transaction at a time per account in this
 * process (see oneAtATimePerAccount). Firestore retries it when another instance changes either meanwhile.
 */
export function withInterviewCharge<T>(
  db: Firestore,
  uid: string,
  docRef: DocumentReference<Interview>,
  work: (tx: Transaction, doc: Interview | undefined, charge: InterviewCharge) => Promise<T> | T,
): Promise<T> {
  const userRef = profileRef(db, uid);
  return oneAtATimePerAccount(db, uid, () =>
    db.runTransaction(
      async (tx) => {
        const [docSnap, userSnap] = await Promise.all([tx.get(docRef), tx.get(userRef)]);
        const profile = userSnap.data();
        const creditsNow = profile?.creditsRemaining ?? 0;
        const charge = chargeForInterview({ creditsRemaining: creditsNow, subscriptionActive: profile?.subscriptionActive ?? false });
        const spend = (at: Date) => {
          if (charge.spent) tx.update(userRef, { creditsRemaining: charge.creditsRemaining, updatedAt: at });
        };
        return work(tx, docSnap.data(), { ...charge, creditsNow, spend });
      },
      { maxAttempts: 50 },
    ),
  );
}
