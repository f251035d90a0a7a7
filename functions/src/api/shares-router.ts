import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import { readBody, shareEnabledBody } from '@verbatim/contract/request-bodies';
import { listShareLinks, parseKind, regenerateShare, setShareEnabled } from '../publishing/share-service';
import { requireAuth } from './auth-middleware';
import { objectBody } from './json-body';
import { requireCaller, type ApiRequest } from './request-context';

/** The owner's share links: GET the two, PUT one on or off (and whether visitors play recordings), POST to regenerate its token. */
export function sharesRouter(db: Firestore): Router {
  const router = Router({ mergeParams: true });
  router.use(requireAuth);

  router.get('/', async (req: ApiRequest, res) => {
    res.json({ links: await listShareLinks(db, requireCaller(req).uid, String(req.params.projectId)) });
  });

  router.put('/:kind', async (req: ApiRequest, res) => {
    const read = readBody(shareEnabledBody, objectBody(req));
    if (!read.ok) throw new AppError('invalid', read.message);
    const { enabled, playRecordings } = read.value;
    const link = await setShareEnabled(db, requireCaller(req).uid, String(req.params.projectId), parseKind(req.params.kind), enabled, playRecordings);
    res.json({ link });
  });

  router.post('/:kind/regenerate', async (req: ApiRequest, res) => {
    const link = await regenerateShare(db, requireCaller(req).uid, String(req.params.projectId), parseKind(req.params.kind));
    res.json({ link });
  });

  return router;
}
