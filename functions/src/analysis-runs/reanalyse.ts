import type { Firestore } from 'firebase-admin/firestore';
import { chargeForInterview } from '../credits/credit-policy';
import { AppError, OUT_OF_CREDITS_MESSAGE } from '@verbatim/contract/app-error';
import type { InterviewSpeaker, Interview } from '@verbatim/contract/project';
import { CREDITS_PER_INTERVIEW } from '@verbatim/contract/constants';
import { canReanalyse, mustTransition } from '../interviews/lifecycle';
import { ownedProject } from '../projects/ownership';
import { ownedInterview } from '../interviews/ownership';
import { interviewRef } from '../interviews/interview-refs';
import { assertRolesVersion } from '../interviews/speaker-roles';
import { profileRef } from '../users/profile-store';
import { serverConfig } from '../config/server-config';
import type { AccountQuotas } from '../config/server-limits';
import { countUse, REANALYSES } from '../quotas/account-quotas';
import { withAccountUsage } from '../quotas/account-usage';
import { interviewsCollection } from '../interviews/interview-refs';

/**
 * Sends an interview back to the insight engine (its trigger picks up `parsed`), charging like an
 * upload: one credit for a trial account, nothing for a subscriber, 402 and no change without
 * credits. Optionally applies new speaker roles in the same transaction, when they were made from
 * the roles as they still are (`readVersion`; else 409 and nothing is spent). Counted against the
 * account's re-analyses per hour in that transaction (429 past it, nothing changes).
 */
export async function reanalyseInterview(
  db: Firestore,
  uid: string,
  projectId: string,
  documentId: string,
  roles?: { speakers: InterviewSpeaker[]; readVersion: number | undefined },
  quotas: AccountQuotas = serverConfig().limits.quotas,
): Promise<{ document: Interview; creditsRemaining: number }> {
  await ownedInterview(db, uid, projectId, documentId);
  const docRef = interviewRef(db, projectId, documentId);
  const userRef = profileRef(db, uid);
  return withAccountUsage(db, uid, async (tx, usage) => {
    const [docSnap, userSnap] = await Promise.all([tx.get(docRef), tx.get(userRef)]);
    const doc = docSnap.data();
    if (!doc) throw new AppError('not-found', 'This interview does not exist.');
    if (roles) assertRolesVersion(doc, roles.readVersion);
    if (!canReanalyse(doc)) throw new AppError('conflict', `This interview is ${doc.status} and cannot be analysed again now.`);
    const profile = userSnap.data();
    const charge = chargeForInterview({
      creditsRemaining: profile?.creditsRemaining ?? 0,
      subscriptionActive: profile?.subscriptionActive ?? false,
    });
    if (!charge.accepted) throw new AppError('payment-required', OUT_OF_CREDITS_MESSAGE);
    const now = new Date();
    const windows = countUse(usage, REANALYSES, quotas, now);
    const { fields } = mustTransition(doc, { type: 'request-reanalysis', creditSpent: charge.spent, speakers: roles?.speakers }, now);
    tx.update(docRef, fields);
    if (charge.spent) tx.update(userRef, { creditsRemaining: charge.creditsRemaining, updatedAt: now });
    return { result: { document: { ...doc, ...fields }, creditsRemaining: charge.creditsRemaining }, windows };
  });
}

/** Interviews one "re-analyse all" may send back at once (a transaction's writes stay well under Firestore's 500). */
export const MAX_REANALYSE_ALL = 200;

/**
 * "Re-analyse all interviews" after a switch of analyser: every interview that can be analysed again goes back to
 * the insight engine, which uses the project's current analyser. All or nothing: a trial account without a credit
 * for each of them gets 402 and nothing changes; a subscriber pays nothing. One request against the account's
 * re-analyses per hour.
 */
export async function reanalyseAll(
  db: Firestore,
  uid: string,
  projectId: string,
  quotas: AccountQuotas = serverConfig().limits.quotas,
): Promise<{ count: number; creditsRemaining: number }> {
  await ownedProject(db, uid, projectId);
  const documents = interviewsCollection(db, projectId);
  const userRef = profileRef(db, uid);
  return withAccountUsage(db, uid, async (tx, usage) => {
    const [docs, userSnap] = await Promise.all([tx.get(documents), tx.get(userRef)]);
    const eligible = docs.docs.filter((d) => canReanalyse(d.data()));
    if (eligible.length === 0) throw new AppError('conflict', 'No interview of this project can be analysed again right now.');
    if (eligible.length > MAX_REANALYSE_ALL) {
      throw new AppError('invalid', `At most ${MAX_REANALYSE_ALL} interviews can be re-analysed at once; re-analyse them one by one.`);
    }
    const profile = userSnap.data();
    let account = { creditsRemaining: profile?.creditsRemaining ?? 0, subscriptionActive: profile?.subscriptionActive ?? false };
    const needed = account.subscriptionActive ? 0 : eligible.length * CREDITS_PER_INTERVIEW;
    if (account.creditsRemaining < needed) {
      throw new AppError(
        'payment-required',
        `Re-analysing ${eligible.length} interviews uses ${needed} credits and you have ${account.creditsRemaining}. Nothing was spent; subscribe for unlimited re-analyses, or re-analyse some of them from the Interviews tab.`,
      );
    }
    const now = new Date();
    const windows = countUse(usage, REANALYSES, quotas, now);
    for (const snap of eligible) {
      const charge = chargeForInterview(account);
      account = { ...account, creditsRemaining: charge.creditsRemaining };
      tx.update(snap.ref, mustTransition(snap.data(), { type: 'request-reanalysis', creditSpent: charge.spent }, now).fields);
    }
    if (needed > 0) tx.update(userRef, { creditsRemaining: account.creditsRemaining, updatedAt: now });
    return { result: { count: eligible.length, creditsRemaining: account.creditsRemaining }, windows };
  });
}
