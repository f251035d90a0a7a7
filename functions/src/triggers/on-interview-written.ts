import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentDeleted, onDocumentUpdated } from 'firebase-functions/v2/firestore';
import { functionSecrets, serverConfig } from '../config/server-config';
import { ANALYSIS_TRIGGER_SECONDS, handleInterviewUpdated } from '../interviews/handle-interview-updated';
import { requestSynthesis } from '../analysis-runs/project-synthesis';

const INTERVIEW = 'projects/{projectId}/documents/{documentId}';

/** A parsed interview is analysed; a ready one refreshes the project synthesis. */
export const onInterviewUpdated = onDocumentUpdated(
  { document: INTERVIEW, memory: '1GiB', timeoutSeconds: ANALYSIS_TRIGGER_SECONDS, secrets: functionSecrets('geminiApiKey') },
  async (event) => {
    const config = serverConfig();
    await handleInterviewUpdated(event, {
      db: getFirestore(),
      auth: getAuth(),
      gemini: config.gemini,
      tokenCeiling: config.limits.gemini.tokensPerProjectPerMonth,
      accountTokenCeiling: config.limits.gemini.tokensPerAccountPerMonth,
    });
  },
);

/** A deleted interview leaves the project synthesis. */
export const onInterviewDeleted = onDocumentDeleted({ document: INTERVIEW, timeoutSeconds: 360, secrets: functionSecrets('geminiApiKey') }, async (event) => {
  await requestSynthesis({ db: getFirestore() }, event.params.projectId);
});
