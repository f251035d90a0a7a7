import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { addQuote, createManualInsight, mergeInsights, unmergeInsight } from '../insights/manual-insights';
import { requireAuth } from './auth-middleware';
import { objectBody } from './json-body';
import { requireCaller, type ApiRequest } from './request-context';

/**
 * The insight edits that touch quotes, so the server must anchor or validate them: manual
 * insights from a selected passage, adding a passage, merges and their undo. Titles,
 * descriptions, tags, theme moves and (undoable) deletion are plain client writes under rules.
 */
export function insightsRouter(db: Firestore): Router {
  const router = Router({ mergeParams: true });
  router.use(requireAuth);

  router.post('/', async (req: ApiRequest, res) => {
    const insight = await createManualInsight(db, requireCaller(req).uid, String(req.params.projectId), objectBody(req));
    res.status(201).json({ insight });
  });

  router.post('/merge', async (req: ApiRequest, res) => {
    const insight = await mergeInsights(db, requireCaller(req).uid, String(req.params.projectId), objectBody(req).insightIds);
    res.json({ insight });
  });

  router.post('/:insightId/quotes', async (req: ApiRequest, res) => {
    const insight = await addQuote(db, requireCaller(req).uid, String(req.params.projectId), String(req.params.insightId), objectBody(req));
    res.json({ insight });
  });

  router.post('/:insightId/unmerge', async (req: ApiRequest, res) => {
    const insight = await unmergeInsight(db, requireCaller(req).uid, String(req.params.projectId), String(req.params.insightId));
    res.json({ insight });
  });

  return router;
}
