import { Router, type RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { reelFileName } from '@verbatim/contract/reel';
import type { ReelQueue } from '../clips/reel-queue';
import { createReel, deleteReel, reelFile } from '../clips/reel-service';
import type { RecordingStore } from '../storage/recording-store';
import { attachmentHeader } from './content-disposition';
import { objectBody } from './json-body';
import { requireCaller, type ApiRequest } from './request-context';
import { sendStoredBytes } from './stored-bytes-response';

/**
 * A project's highlight reels, under /projects/{p}/reels: make one from clips (POST, queued for its task), download it
 * once rendered (GET /{reelId}/file), delete it (DELETE /{reelId}). The logic is clips/reel-service.ts.
 */
export function reelsRouter(db: Firestore, store: RecordingStore, queue: ReelQueue, gate: RequestHandler, params: (req: ApiRequest, name: 'projectId' | 'reelId') => string, storageLimit?: number): Router {
  const router = Router({ mergeParams: true });

  router.post('/', gate, async (req: ApiRequest, res) => {
    res.status(201).json({ reel: await createReel(db, queue, requireCaller(req).uid, params(req, 'projectId'), objectBody(req), new Date(), storageLimit) });
  });

  router.get('/:reelId/file', async (req: ApiRequest, res) => {
    const { path, size, reel } = await reelFile(db, store, requireCaller(req).uid, params(req, 'projectId'), params(req, 'reelId'));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Disposition', attachmentHeader(reelFileName(reel)));
    await sendStoredBytes(req, res, { size, contentType: 'video/mp4', read: (start, end) => store.readRange(path, start, end) }, 'This range is outside the reel.');
  });

  router.delete('/:reelId', async (req: ApiRequest, res) => {
    await deleteReel(db, store, requireCaller(req).uid, params(req, 'projectId'), params(req, 'reelId'));
    res.json({ deleted: true });
  });

  return router;
}
