import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentUpdated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { requestSynthesis } from '../insights/project-synthesis';

/** A researcher's edit of an insight (or a manual insight) reaches the synthesis and the public pages. */
export const onInsightWritten = onDocumentWritten('projects/{projectId}/insights/{insightId}', async (event) => {
  await requestSynthesis({ db: getFirestore() }, event.params.projectId);
});

/** A renamed project is renamed on its public pages. */
export const onProjectUpdated = onDocumentUpdated('projects/{projectId}', async (event) => {
  if (event.data?.before.get('name') === event.data?.after.get('name')) return;
  await requestSynthesis({ db: getFirestore() }, event.params.projectId);
});
