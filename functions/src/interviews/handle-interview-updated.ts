import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { analyseInterview, type AnalyseOutcome } from '../analysis-runs/analyse-interview';
import { analyserChoice } from '../analysis-runs/choose-analyser';
import { serverConfig, type GeminiSettings } from '../config/server-config';
import { activateAccount } from '../users/activate-account';
import { requestSynthesis } from '../analysis-runs/project-synthesis';
import { storeSearchDataAfterAnalysis } from '../search/passage-store';

/** The interview trigger's limit (triggers/on-interview-written.ts), the longest an event function may run. */
export const ANALYSIS_TRIGGER_SECONDS = 540;
/**
 * What an analysis keeps of its trigger's time after Gemini's part: to anchor and write its insights, or fail and
 * return the credit, and store its search data.
 */
export const ANALYSIS_STORE_MARGIN_MS = 90_000;

interface StatusChange {
  params: { projectId: string; documentId: string };
  data?: { before: { get(field: string): unknown }; after: { get(field: string): unknown } };
}

/**
 * Firestore trigger on an interview: when it reaches `parsed`, run the insight engine, then store the interview's
 * search data (unless already stored); when it
 * becomes `ready` or a ready one is renamed, refresh the project synthesis (debounced). The first
 * interview of an account to become `ready` activates the account (its `activated` claim, when
 * `auth` is given).
 */
export async function handleInterviewUpdated(
  event: StatusChange,
  deps: { db: Firestore; auth?: Auth; debounceMs?: number; gemini?: GeminiSettings | null; tokenCeiling?: number; accountTokenCeiling?: number },
): Promise<AnalyseOutcome | null> {
  // The trigger's own clock: its 540 s run from here.
  const startedAtMs = Date.now();
  const before = event.data?.before.get('status');
  const after = event.data?.after.get('status');
  const { projectId, documentId } = event.params;
  if (before !== 'parsed' && after === 'parsed') {
    const outcome = await analyseInterview(
      {
        db: deps.db,
        chooseAnalyser: analyserChoice(deps.gemini === undefined ? serverConfig().gemini : deps.gemini),
        tokenCeiling: deps.tokenCeiling ?? serverConfig().limits.gemini.tokensPerProjectPerMonth,
        accountTokenCeiling: deps.accountTokenCeiling ?? serverConfig().limits.gemini.tokensPerAccountPerMonth,
        deadlineAtMs: startedAtMs + (ANALYSIS_TRIGGER_SECONDS * 1000 - ANALYSIS_STORE_MARGIN_MS),
      },
      projectId,
      documentId,
    );
    await storeSearchDataAfterAnalysis(deps.db, projectId, documentId);
    if (outcome.status === 'ready') await requestSynthesis({ db: deps.db, debounceMs: deps.debounceMs }, projectId);
    return outcome;
  }
  if (before !== 'ready' && after === 'ready') {
    const ownerId = event.data?.after.get('ownerId');
    if (typeof ownerId === 'string' && deps.auth) await activateAccount({ db: deps.db, auth: deps.auth }, ownerId, documentId);
  }
  // A renamed interview is named anew in the synthesis and the public pages.
  if (after === 'ready' && event.data?.before.get('name') !== event.data?.after.get('name')) {
    await requestSynthesis({ db: deps.db, debounceMs: deps.debounceMs }, projectId);
  }
  return null;
}
