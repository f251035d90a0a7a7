import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { analyseDocument, type AnalyseOutcome } from './analyse-document';
import { analyserChoice } from './choose-analyser';
import { serverConfig, type GeminiSettings } from '../config/server-config';
import { logs } from '../lib/logs';
import { markActivated, syncIdentityClaims } from '../users/sync-identity-claims';
import { requestSynthesis } from './project-synthesis';
import { storeSearchDataAfterAnalysis } from '../search/passage-store';

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
export async function handleDocumentUpdated(
  event: StatusChange,
  deps: { db: Firestore; auth?: Auth; debounceMs?: number; gemini?: GeminiSettings | null; tokenCeiling?: number; accountTokenCeiling?: number },
): Promise<AnalyseOutcome | null> {
  const before = event.data?.before.get('status');
  const after = event.data?.after.get('status');
  const { projectId, documentId } = event.params;
  if (before !== 'parsed' && after === 'parsed') {
    const outcome = await analyseDocument(
      {
        db: deps.db,
        chooseAnalyser: analyserChoice(deps.gemini === undefined ? serverConfig().gemini : deps.gemini),
        tokenCeiling: deps.tokenCeiling ?? serverConfig().limits.gemini.tokensPerProjectPerMonth,
        accountTokenCeiling: deps.accountTokenCeiling ?? serverConfig().limits.gemini.tokensPerAccountPerMonth,
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
    const auth = deps.auth;
    if (typeof ownerId === 'string' && auth) {
      try {
        if (await markActivated(deps.db, ownerId)) {
          logs.accountActivated(ownerId, documentId);
          await syncIdentityClaims({ db: deps.db, auth }, ownerId);
        }
      } catch (err) {
        logs.identityClaimsFailed(ownerId, err);
      }
    }
  }
  // A renamed interview is named anew in the synthesis and the public pages.
  if (after === 'ready' && event.data?.before.get('name') !== event.data?.after.get('name')) {
    await requestSynthesis({ db: deps.db, debounceMs: deps.debounceMs }, projectId);
  }
  return null;
}
