import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentUpdated } from 'firebase-functions/v2/firestore';
import { logs } from '../lib/logs';
import { handleProfileUpdated } from '../users/sync-identity-claims';

/**
 * A profile whose subscription or activation changed gets matching ID token claims. A failure is
 * logged; the next change of the profile sets them again.
 */
export const onProfileUpdated = onDocumentUpdated('users/{uid}', async (event) => {
  await handleProfileUpdated(event, { db: getFirestore(), auth: getAuth() }).catch((err) => logs.identityClaimsFailed(event.params.uid, err));
});
