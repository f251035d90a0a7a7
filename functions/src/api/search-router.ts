import { Router, type RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { askRequestBody, requireBody, searchQuery } from '@verbatim/contract/request-bodies';
import type { GeminiSettings } from '../config/server-config';
import type { AccountQuotas } from '../config/server-limits';
import { recordUse, SEARCHES } from '../quotas/account-quotas';
import { askResearch } from '../search/ask-service';
import { searchResearch } from '../search/search-service';
import { requireAuth } from './auth-middleware';
import { objectBody } from './json-body';
import { requireCaller, type ApiRequest } from './request-context';

export interface SearchRouterDeps {
  db: Firestore;
  quotas: AccountQuotas;
  /** Gemini for Ask (null: extractive answers only). */
  gemini: GeminiSettings | null;
  /** The instance's account gate (api/account-gate.ts): both routes cost CPU. */
  gate: RequestHandler;
}

/**
 * Search and Ask across the caller's own projects: `GET /search?q=…&projectId=&documentId=&speaker=&theme=&kind=`
 * and `POST /search/ask {question, projectId?}`. Signed-in only; only `ownerId == caller` projects are read.
 * Searches are counted per account and minute, questions per hour (429 with Retry-After past either).
 */
export function searchRouter({ db, quotas, gemini, gate }: SearchRouterDeps): Router {
  const router = Router();
  router.use(requireAuth);

  router.get('/', gate, async (req: ApiRequest, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    const { uid } = requireCaller(req);
    const request = requireBody(searchQuery, req.query);
    await recordUse(db, uid, SEARCHES, quotas, new Date());
    res.json(await searchResearch(db, uid, request));
  });

  router.post('/ask', gate, async (req: ApiRequest, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    const request = requireBody(askRequestBody, objectBody(req));
    const answer = await askResearch({ db, quotas, gemini }, requireCaller(req).uid, request);
    res.json(answer);
  });

  return router;
}
