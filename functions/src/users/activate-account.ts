import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { logs } from '../lib/logs';
import { markActivated, syncIdentityClaims } from './sync-identity-claims';

/**
 * The first interview of an account to become ready activates the account: its profile is marked and its `activated`
 * claim set. A failure is logged, never thrown (the interview is ready whatever happens here).
 */
export async function activateAccount(deps: { db: Firestore; auth: Auth }, ownerId: string, documentId: string): Promise<void> {
  try {
    if (await markActivated(deps.db, ownerId)) {
      logs.accountActivated(ownerId, documentId);
      await syncIdentityClaims(deps, ownerId);
    }
  } catch (err) {
    logs.identityClaimsFailed(ownerId, err);
  }
}
