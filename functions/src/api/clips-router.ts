import { Router, type RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { clipFileName } from '@verbatim/contract/clip';
import { ClipCannotBeCut, clipDownload, createClip, deleteClip, updateClip, type ClipDeps } from '../clips/clip-service';
import { attachmentHeader } from './content-disposition';
import { HttpError } from './http-error';
import { objectBody } from './json-body';
import { requireCaller, type ApiRequest } from './request-context';
import { sendStoredBytes } from './stored-bytes-response';

/**
 * A project's clips, under /projects/{p}/clips: make one (POST), rename it or nudge an edge (PATCH /{clipId}), delete it
 * (DELETE /{clipId}) and download it (GET /{clipId}/file, cut on first request). `params` reads and checks the route's
 * ids as the projects router does. The logic is clips/clip-service.ts.
 */
export function clipsRouter(db: Firestore, deps: ClipDeps, gate: RequestHandler, params: (req: ApiRequest, name: 'projectId' | 'clipId') => string): Router {
  const router = Router({ mergeParams: true });

  router.post('/', async (req: ApiRequest, res) => {
    const clip = await createClip(db, requireCaller(req).uid, params(req, 'projectId'), objectBody(req));
    res.status(201).json({ clip });
  });

  router.patch('/:clipId', async (req: ApiRequest, res) => {
    res.json({ clip: await updateClip(db, requireCaller(req).uid, params(req, 'projectId'), params(req, 'clipId'), objectBody(req)) });
  });

  router.delete('/:clipId', async (req: ApiRequest, res) => {
    await deleteClip(db, deps.store, requireCaller(req).uid, params(req, 'projectId'), params(req, 'clipId'));
    res.json({ deleted: true });
  });

  // A cut costs a second or two of a core: behind the account's gate.
  router.get('/:clipId/file', gate, async (req: ApiRequest, res) => {
    let file: Awaited<ReturnType<typeof clipDownload>>;
    try {
      file = await clipDownload(db, deps, requireCaller(req).uid, params(req, 'projectId'), params(req, 'clipId'));
    } catch (err) {
      if (err instanceof ClipCannotBeCut) throw new HttpError(422, err.message, 'cannot-cut');
      throw err;
    }
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Disposition', attachmentHeader(clipFileName(file.clip)));
    await sendStoredBytes(req, res, { size: file.size, contentType: file.contentType, read: (start, end) => deps.store.readRange(file.path, start, end) }, 'This range is outside the clip.');
  });

  return router;
}
