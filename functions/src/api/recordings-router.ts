import { Router, type Response } from 'express';
import type { Firestore, } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import { PLAYBACK_LINK_SECONDS } from '@verbatim/contract/recording';
import type { RecordingIngestOutcome } from '../recordings/ingest-recording';
import { attachRecording, bodyStream, ownerPlayback, receiveRecording, removeRecording, type RecordingDeps } from '../recordings/recording-service';
import { setCreditsHeader } from './credits-header';
import { objectBody } from './json-body';
import { requireCaller, type ApiRequest } from './request-context';

/**
 * An interview's recording, under /projects/{p}/documents/{d}/recording: attach one (POST), send its bytes on the
 * emulators (PUT /content), remove it (DELETE), and a link that plays it (GET /playback). `params` reads and checks
 * the route's ids as the projects router does.
 */
export function recordingsRouter(
  db: Firestore,
  deps: RecordingDeps,
  gate: RequestHandler,
  params: (req: ApiRequest) => { projectId: string; documentId: string },
): Router {
  const router = Router({ mergeParams: true });

  router.post('/', gate, async (req: ApiRequest, res) => {
    const { projectId, documentId } = params(req);
    const target = await attachRecording(db, deps, requireCaller(req).uid, projectId, documentId, objectBody(req));
    res.status(201).json(target);
  });

  router.put('/content', gate, async (req: ApiRequest, res) => {
    const { projectId, documentId } = params(req);
    const declared = req.rawBody?.length ?? (req.headers['content-length'] ? Number(req.headers['content-length']) : null);
    const outcome = await receiveRecording(db, deps, requireCaller(req).uid, projectId, documentId, bodyStream(req.rawBody, req), declared);
    sendOutcome(res, outcome);
  });

  router.delete('/', async (req: ApiRequest, res) => {
    const { projectId, documentId } = params(req);
    await removeRecording(db, deps, requireCaller(req).uid, projectId, documentId);
    res.json({ deleted: true });
  });

  router.get('/playback', async (req: ApiRequest, res) => {
    const { projectId, documentId } = params(req);
    const playback = await ownerPlayback(db, deps.store, requireCaller(req).uid, projectId, documentId, PLAYBACK_LINK_SECONDS);
    res.setHeader('Cache-Control', 'no-store');
    res.json(playback);
  });

  return router;
}

const FAILURE_STATUS: Record<Extract<RecordingIngestOutcome, { status: 'failed' }>['reason'], number> = {
  file: 422,
  transcription: 422,
  credits: 402,
  internal: 500,
};

function sendOutcome(res: Response, outcome: RecordingIngestOutcome) {
  if ('creditsRemaining' in outcome && typeof outcome.creditsRemaining === 'number') setCreditsHeader(res, outcome.creditsRemaining);
  switch (outcome.status) {
    case 'ready':
      res.json({ status: outcome.status, recording: outcome.recording });
      return;
    case 'transcribing':
      // Read, its credit spent, its transcription queued: the interview says when it is done.
      res.status(202).json({ status: outcome.status, recording: outcome.recording });
      return;
    case 'skipped':
      res.status(409).json({ error: { code: 'conflict', message: outcome.message } });
      return;
    case 'failed':
      res.status(FAILURE_STATUS[outcome.reason]).json({ status: 'failed', error: { code: outcome.code, message: outcome.message } });
  }
}
