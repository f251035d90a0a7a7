import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { serverLimits } from '../config/server-limits';
import type { GeminiSettings } from '../insights/analyser-config';
import { askResearch } from '../search/ask-service';
import { searchResearch } from '../search/search-service';
import { requireAuth } from './auth-middleware';
import { objectBody } from './json-body';
import { requireCaller, type ApiRequest } from './request-context';

export interface SearchRouterDeps {
  db: Firestore;
  geminiSettings: () => GeminiSettings | null;
}

/**
 * Search and Ask across the caller's own projects: `GET /search?q=…&projectId=&documentId=&speaker=&theme=&kind=`
 * and `POST /search/ask {question, projectId?}`. Signed-in only; only `ownerId == caller` projects are read.
 */
export function searchRouter({ db, geminiSettings }: SearchRouterDeps): Router {
  const router = Router();
  router.use(requireAuth);

  router.get('/', async (req: ApiRequest, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await searchResearch(db, requireCaller(req).uid, req.query as Record<string, unknown>));
  });

  router.post('/ask', async (req: ApiRequest, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    const answer = await askResearch({ db, quotas: serverLimits().quotas, gemini: geminiSettings() }, requireCaller(req).uid, objectBody(req));
    res.json(answer);
  });

  return router;
}
