import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentDeleted, onDocumentUpdated } from 'firebase-functions/v2/firestore';
import { analysisSecrets } from '../insights/analyser-config';
import { handleDocumentUpdated } from '../insights/handle-document-updated';
import { requestSynthesis } from '../insights/project-synthesis';

const INTERVIEW = 'projects/{projectId}/documents/{documentId}';

/** A parsed interview is analysed; a ready one refreshes the project synthesis. */
export const onInterviewUpdated = onDocumentUpdated(
  { document: INTERVIEW, memory: '1GiB', timeoutSeconds: 540, secrets: analysisSecrets() },
  async (event) => {
    await handleDocumentUpdated(event, { db: getFirestore(), auth: getAuth() });
  },
);

/** A deleted interview leaves the project synthesis. */
export const onInterviewDeleted = onDocumentDeleted({ document: INTERVIEW, timeoutSeconds: 360, secrets: analysisSecrets() }, async (event) => {
  await requestSynthesis({ db: getFirestore() }, event.params.projectId);
});
