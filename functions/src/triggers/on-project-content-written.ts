import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentUpdated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { functionSecrets } from '../config/server-config';
import { requestSynthesis } from '../analysis-runs/project-synthesis';

/** Gemini may write the synthesis: these triggers need its key and time for one call (GEMINI_SYNTHESIS_TIMEOUT_SECONDS ≤ 300). */
const SYNTHESIS_OPTIONS = { timeoutSeconds: 360, secrets: functionSecrets('geminiApiKey') };

/**
 * A researcher's edit of an insight (or a manual insight, a merge) reaches the synthesis and the
 * public pages. Every such write stamps `editedAt`; the engine's own writes do not, and the
 * analysis already refreshes the synthesis once it is done.
 */
export const onInsightWritten = onDocumentWritten({ document: 'projects/{projectId}/insights/{insightId}', ...SYNTHESIS_OPTIONS }, async (event) => {
  if (!researcherEdit(event.data?.before.get('editedAt'), event.data?.after.get('editedAt'))) return;
  await requestSynthesis({ db: getFirestore() }, event.params.projectId);
});

function researcherEdit(before: unknown, after: unknown): boolean {
  const millis = (v: unknown) => (v && typeof (v as { toMillis?: () => number }).toMillis === 'function' ? (v as { toMillis: () => number }).toMillis() : null);
  return millis(after) !== null && millis(after) !== millis(before);
}

/** A renamed project is renamed on its public pages; a switch of analyser has the synthesis written by the new one. */
export const onProjectUpdated = onDocumentUpdated({ document: 'projects/{projectId}', ...SYNTHESIS_OPTIONS }, async (event) => {
  const renamed = event.data?.before.get('name') !== event.data?.after.get('name');
  const switched = event.data?.before.get('settings.analyser') !== event.data?.after.get('settings.analyser');
  if (!renamed && !switched) return;
  await requestSynthesis({ db: getFirestore() }, event.params.projectId);
});
