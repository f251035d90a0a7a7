import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import { readBody, shareEnabledBody } from '@verbatim/contract/request-bodies';
import { listShareLinks, parseKind, regenerateShare, setShareEnabled } from '../publishing/share-service';
import { deletePublicClips, unplayableQuotes } from '../publishing/public-clips';
import type { RecordingStore } from '../storage/recording-store';
import { requireAuth } from './auth-middleware';
import { objectBody } from './json-body';
import { requireCaller, type ApiRequest } from './request-context';

/** The owner's share links: GET the two, PUT one on or off (and whether visitors play recordings), POST to regenerate its token. */
export function sharesRouter(db: Firestore, recordings: RecordingStore): Router {
  const router = Router({ mergeParams: true });
  router.use(requireAuth);

  router.get('/', async (req: ApiRequest, res) => {
    const projectId = String(req.params.projectId);
    const links = await listShareLinks(db, requireCaller(req).uid, projectId);
    // While visitors may play quotes, the owner is told which of them cannot be played.
    const interviews = links.interviews;
    if (interviews?.enabled && interviews.playRecordings) {
      const unplayable = await unplayableQuotes(db, projectId);
      if (unplayable.length > 0) interviews.unplayable = unplayable;
    }
    res.json({ links });
  });

  router.put('/:kind', async (req: ApiRequest, res) => {
    const read = readBody(shareEnabledBody, objectBody(req));
    if (!read.ok) throw new AppError('invalid', read.message);
    const { enabled, playRecordings } = read.value;
    const projectId = String(req.params.projectId);
    const link = await setShareEnabled(db, requireCaller(req).uid, projectId, parseKind(req.params.kind), enabled, playRecordings);
    // Visitors can no longer hear quotes: the clips cut for them go (every request for one is refused already).
    if (link.kind === 'interviews' && (!link.enabled || !link.playRecordings)) await deletePublicClips(db, recordings, projectId);
    res.json({ link });
  });

  router.post('/:kind/regenerate', async (req: ApiRequest, res) => {
    const link = await regenerateShare(db, requireCaller(req).uid, String(req.params.projectId), parseKind(req.params.kind));
    res.json({ link });
  });

  return router;
}
