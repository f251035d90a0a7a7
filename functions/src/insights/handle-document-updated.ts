import type { Firestore } from 'firebase-admin/firestore';
import { analyseDocument, type AnalyseOutcome } from './analyse-document';
import { readGeminiSettings } from './analyser-config';
import { analyserChoice } from './choose-analyser';
import { requestSynthesis } from './project-synthesis';

interface StatusChange {
  params: { projectId: string; documentId: string };
  data?: { before: { get(field: string): unknown }; after: { get(field: string): unknown } };
}

/**
 * Firestore trigger on an interview: when it reaches `parsed`, run the insight engine; when it
 * becomes `ready` or a ready one is renamed, refresh the project synthesis (debounced).
 */
export async function handleDocumentUpdated(
  event: StatusChange,
  deps: { db: Firestore; debounceMs?: number },
): Promise<AnalyseOutcome | null> {
  const before = event.data?.before.get('status');
  const after = event.data?.after.get('status');
  const { projectId, documentId } = event.params;
  if (before !== 'parsed' && after === 'parsed') {
    const outcome = await analyseDocument({ db: deps.db, chooseAnalyser: analyserChoice(readGeminiSettings()) }, projectId, documentId);
    if (outcome.status === 'ready') await requestSynthesis({ db: deps.db, debounceMs: deps.debounceMs }, projectId);
    return outcome;
  }
  // A renamed interview is named anew in the synthesis and the public pages.
  if (after === 'ready' && event.data?.before.get('name') !== event.data?.after.get('name')) {
    await requestSynthesis({ db: deps.db, debounceMs: deps.debounceMs }, projectId);
  }
  return null;
}
