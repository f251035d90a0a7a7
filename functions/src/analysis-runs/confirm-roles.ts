import type { Firestore } from 'firebase-admin/firestore';
import { AppError, OUT_OF_CREDITS_MESSAGE } from '@verbatim/contract/app-error';
import type { Interview } from '@verbatim/contract/project';
import { confirmRolesBody, requireBody } from '@verbatim/contract/request-bodies';
import { withInterviewCharge } from '../credits/credit-ledger';
import { writeTransition } from '../interviews/apply-transition';
import { mustTransition } from '../interviews/lifecycle';
import { ownedInterview } from '../interviews/ownership';
import { interviewRef } from '../interviews/interview-refs';
import { assertRolesVersion } from '../interviews/speaker-roles';

/**
 * The owner of an interview waiting for its roles to be checked (`awaiting-roles`) asks for the analysis with the
 * roles as they read them (`rolesVersion`): the credit is spent as an upload's is (one for a trial account, nothing
 * for a subscriber) and the interview goes to the insight engine (its trigger picks up `parsed`). Without a credit,
 * 402 and the interview keeps waiting; with roles changed meanwhile, 409 with the roles as they are now; on an
 * interview not waiting (confirmed already), 409. Nothing is spent in any of those.
 */
export async function confirmRoles(
  db: Firestore,
  uid: string,
  projectId: string,
  documentId: string,
  body: unknown,
): Promise<{ document: Interview; creditsRemaining: number }> {
  await ownedInterview(db, uid, projectId, documentId);
  const { rolesVersion } = requireBody(confirmRolesBody, body);
  const docRef = interviewRef(db, projectId, documentId);
  return withInterviewCharge(db, uid, docRef, (tx, doc, charge) => {
    if (!doc) throw new AppError('not-found', 'This interview does not exist.');
    if (doc.status !== 'awaiting-roles') throw new AppError('conflict', notWaitingMessage(doc.status));
    assertRolesVersion(doc, rolesVersion);
    const now = new Date();
    // A machine transcript's credit was spent when its transcription started: nothing more to spend.
    const prepaid = doc.creditSpent;
    if (!prepaid && !charge.accepted) throw new AppError('payment-required', OUT_OF_CREDITS_MESSAGE);
    const t = mustTransition(doc, { type: 'confirm-roles', creditSpent: prepaid || charge.spent }, now);
    writeTransition(db, tx, { projectId, documentId, ownerId: uid }, t, now);
    if (prepaid) return { document: { ...doc, ...t.fields }, creditsRemaining: charge.creditsNow };
    charge.spend(now);
    return { document: { ...doc, ...t.fields }, creditsRemaining: charge.creditsRemaining };
  });
}

function notWaitingMessage(status: Interview['status']): string {
  if (status === 'parsed' || status === 'analyzing' || status === 'ready') return 'This interview is already being analysed or analysed; nothing was spent.';
  return `This interview is ${status}: it is not waiting for its speakers to be checked, and nothing was spent.`;
}
