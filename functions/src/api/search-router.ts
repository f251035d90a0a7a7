import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { askRequestBody, requireBody, searchQuery } from '@verbatim/contract/request-bodies';
import type { GeminiSettings } from '../config/server-config';
import type { AccountQuotas } from '../config/server-limits';
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
}

/**
 * Search and Ask across the caller's own projects: `GET /search?q=…&projectId=&documentId=&speaker=&theme=&kind=`
 * and `POST /search/ask {question, projectId?}`. Signed-in only; only `ownerId == caller` projects are read.
 */
export function searchRouter({ db, quotas, gemini }: SearchRouterDeps): Router {
  const router = Router();
  router.use(requireAuth);

  router.get('/', async (req: ApiRequest, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await searchResearch(db, requireCaller(req).uid, requireBody(searchQuery, req.query)));
  });

  router.post('/ask', async (req: ApiRequest, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    const request = requireBody(askRequestBody, objectBody(req));
    const answer = await askResearch({ db, quotas, gemini }, requireCaller(req).uid, request);
    res.json(answer);
  });

  return router;
}
