import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentUpdated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { requestSynthesis } from '../insights/project-synthesis';

/**
 * A researcher's edit of an insight (or a manual insight, a merge) reaches the synthesis and the
 * public pages. Every such write stamps `editedAt`; the engine's own writes do not, and the
 * analysis already refreshes the synthesis once it is done.
 */
export const onInsightWritten = onDocumentWritten('projects/{projectId}/insights/{insightId}', async (event) => {
  if (!researcherEdit(event.data?.before.get('editedAt'), event.data?.after.get('editedAt'))) return;
  await requestSynthesis({ db: getFirestore() }, event.params.projectId);
});

function researcherEdit(before: unknown, after: unknown): boolean {
  const millis = (v: unknown) => (v && typeof (v as { toMillis?: () => number }).toMillis === 'function' ? (v as { toMillis: () => number }).toMillis() : null);
  return millis(after) !== null && millis(after) !== millis(before);
}

/** A renamed project is renamed on its public pages. */
export const onProjectUpdated = onDocumentUpdated('projects/{projectId}', async (event) => {
  if (event.data?.before.get('name') === event.data?.after.get('name')) return;
  await requestSynthesis({ db: getFirestore() }, event.params.projectId);
});
