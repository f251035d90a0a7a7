import express, { Router, type RequestHandler, type Response } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import { MAX_UPLOAD_BYTES, UPLOAD_SIZE_MESSAGES } from '@verbatim/contract/upload-size';
import { ingestInterview, type IngestOutcome } from '../ingestion/ingest-interview';
import { deleteInterview, reserveInterview, updateInterview } from '../interviews/interview-service';
import { ownedInterview } from '../interviews/ownership';
import { createProject, deleteProject, updateProject } from '../projects/project-service';
import { reanalyseAll, reanalyseInterview } from '../analysis-runs/reanalyse';
import { confirmRoles } from '../analysis-runs/confirm-roles';
import { correctTranscript } from '../transcripts/correct-transcript';
import { MAX_CORRECTION_BODY_BYTES } from '@verbatim/contract/transcript-correction';
import type { FileStore } from '../storage/file-store';
import type { RecordingStore } from '../storage/recording-store';
import { reserveRecordingInterview, type RecordingDeps } from '../recordings/recording-service';
import { cloudTasksTranscriptionQueue, type TranscriptionQueue } from '../recordings/transcription-queue';
import { recordingsRouter } from './recordings-router';
import { clipsRouter } from './clips-router';
import { reelsRouter } from './reels-router';
import { cloudTasksReelQueue, type ReelQueue } from '../clips/reel-queue';
import type { ApiConfig } from './app';
import { requireAuth } from './auth-middleware';
import { driveImportRouter } from './drive-router';
import { exportsRouter } from './exports-router';
import { insightsRouter } from './insights-router';
import { miroRouter } from './miro-router';
import { sharesRouter } from './shares-router';
import { setCreditsHeader } from './credits-header';
import { HttpError } from './http-error';
import { objectBody } from './json-body';
import { requireCaller, type ApiRequest } from './request-context';

export interface ProjectsRouterDeps {
  db: Firestore;
  files: FileStore;
  /** Interviews' recordings (Cloud Storage, or a local folder on the emulators). */
  recordings: RecordingStore;
  /** Where recordings' transcriptions are queued (default: Cloud Functions' task queue). */
  transcriptions?: TranscriptionQueue;
  /** Where highlight reels are queued to be rendered (default: Cloud Functions' task queue). */
  reels?: ReelQueue;
  /** How browsers upload (straight to Cloud Storage, or as the body of PUT .../content), Gemini (new projects then default to it), quotas, service addresses. */
  config: ApiConfig;
  /**
   * The instance's account gate (api/account-gate.ts), in front of what costs CPU (reading a file, re-analysis,
   * exports, Drive imports) or takes the account's quota lock (a new project or interview).
   */
  gate: RequestHandler;
}

const rawUpload = express.raw({ type: () => true, limit: MAX_UPLOAD_BYTES + 1024 });

export function projectsRouter({ db, files, recordings, transcriptions, reels, config, gate }: ProjectsRouterDeps): Router {
  const { uploadVia } = config;
  const quotas = config.limits.quotas;
  const recordingDeps: RecordingDeps = {
    store: recordings,
    limits: config.limits.recordings,
    uploadVia,
    geminiConfigured: config.gemini !== null,
    quotas,
    transcriptions: transcriptions ?? cloudTasksTranscriptionQueue(),
  };
  const router = Router();
  router.use(requireAuth);

  router.use('/:projectId/insights', insightsRouter(db));
  router.use('/:projectId/shares', sharesRouter(db, recordings));
  router.use('/:projectId/exports', exportsRouter({ db, quotas, gate, recordings }));
  router.use('/:projectId/documents/import-drive', driveImportRouter({ db, files, quotas, driveApiBase: config.driveApiBase, gate }));
  router.use('/:projectId/miro', miroRouter({ db, miroApiBase: config.miroApiBase }));
  router.use('/:projectId/clips', clipsRouter(db, { store: recordings, storageLimit: quotas.clipStorageBytes }, gate, (req, name) => param(req, name)));
  router.use('/:projectId/reels', reelsRouter(db, recordings, reels ?? cloudTasksReelQueue(), gate, (req, name) => param(req, name), quotas.clipStorageBytes));
  router.use(
    '/:projectId/documents/:documentId/recording',
    recordingsRouter(db, recordingDeps, gate, (req) => ({ projectId: param(req, 'projectId'), documentId: param(req, 'documentId') })),
  );

  router.post('/', gate, async (req: ApiRequest, res) => {
    const body = objectBody(req);
    const project = await createProject(db, requireCaller(req).uid, body.name, { geminiConfigured: config.gemini !== null, settings: body.settings, quotas });
    res.status(201).json({ project });
  });

  router.patch('/:projectId', async (req: ApiRequest, res) => {
    const body = objectBody(req);
    const project = await updateProject(db, requireCaller(req).uid, param(req, 'projectId'), { name: body.name, settings: body.settings });
    res.json({ project });
  });

  router.delete('/:projectId', async (req: ApiRequest, res) => {
    const result = await deleteProject(db, files, requireCaller(req).uid, param(req, 'projectId'), recordings);
    res.json({ deleted: true, files: result.files });
  });

  // Step one of an upload: 402 when out of credits, else the document to upload into. A recording (`kind: 'recording'`)
  // makes an interview whose transcript Gemini makes from it.
  router.post('/:projectId/documents', gate, async (req: ApiRequest, res) => {
    const body = objectBody(req);
    if (body.kind === 'recording') {
      res.status(201).json(await reserveRecordingInterview(db, recordingDeps, requireCaller(req).uid, param(req, 'projectId'), body));
      return;
    }
    const { document, uploadPath } = await reserveInterview(db, requireCaller(req).uid, param(req, 'projectId'), {
      fileName: body.fileName,
      size: body.size,
      name: body.name,
    }, new Date(), quotas);
    res.status(201).json({ document, uploadPath, uploadVia });
  });

  // Step two without Cloud Storage: the file is the request body; the same pipeline runs.
  router.put('/:projectId/documents/:documentId/content', gate, rawUpload, async (req: ApiRequest, res) => {
    const caller = requireCaller(req);
    const projectId = param(req, 'projectId');
    const documentId = param(req, 'documentId');
    const doc = await ownedInterview(db, caller.uid, projectId, documentId);
    const bytes = req.rawBody ?? (Buffer.isBuffer(req.body) ? req.body : undefined);
    if (!bytes) throw new HttpError(400, 'Send the file as the request body.');
    if (bytes.length > MAX_UPLOAD_BYTES) throw new HttpError(413, UPLOAD_SIZE_MESSAGES.overLimit());
    const outcome = await ingestInterview(db, { uid: caller.uid, projectId, documentId, bytes, fileName: doc.fileName }, undefined, quotas);
    sendOutcome(res, outcome);
  });

  router.patch('/:projectId/documents/:documentId', async (req: ApiRequest, res) => {
    const body = objectBody(req);
    const result = await updateInterview(db, requireCaller(req).uid, param(req, 'projectId'), param(req, 'documentId'), {
      name: body.name,
      speakers: body.speakers,
      rolesVersion: body.rolesVersion,
    });
    // A role change that re-analyses spends a credit: answer with the count after it.
    if (result.creditsRemaining !== undefined) setCreditsHeader(res, result.creditsRemaining);
    res.json({ document: result.document, reanalysing: result.reanalysing });
  });

  // The owner corrects the transcript's words and speakers' names: every stored quote is re-anchored; no credit, no analysis.
  router.patch('/:projectId/documents/:documentId/transcript', gate, async (req: ApiRequest, res) => {
    const body = objectBody(req, MAX_CORRECTION_BODY_BYTES);
    res.json(await correctTranscript(db, requireCaller(req).uid, param(req, 'projectId'), param(req, 'documentId'), body));
  });

  // Runs the insight engine again (retry after an analysis failure), charged like an upload.
  router.post('/:projectId/documents/:documentId/reanalyse', gate, async (req: ApiRequest, res) => {
    const { document, creditsRemaining } = await reanalyseInterview(db, requireCaller(req).uid, param(req, 'projectId'), param(req, 'documentId'), undefined, quotas);
    setCreditsHeader(res, creditsRemaining);
    res.json({ document });
  });

  // An interview waiting for its speakers to be checked: analysed with the roles as read ({rolesVersion}), charged like an upload.
  router.post('/:projectId/documents/:documentId/confirm-roles', gate, async (req: ApiRequest, res) => {
    const { document, creditsRemaining } = await confirmRoles(db, requireCaller(req).uid, param(req, 'projectId'), param(req, 'documentId'), objectBody(req));
    setCreditsHeader(res, creditsRemaining);
    res.json({ document });
  });

  // After a switch of analyser: every analysed interview again, with the credit cost checked first (all or nothing).
  router.post('/:projectId/reanalyse-all', gate, async (req: ApiRequest, res) => {
    const { count, creditsRemaining } = await reanalyseAll(db, requireCaller(req).uid, param(req, 'projectId'), quotas);
    setCreditsHeader(res, creditsRemaining);
    res.json({ reanalysing: count });
  });

  router.delete('/:projectId/documents/:documentId', async (req: ApiRequest, res) => {
    await deleteInterview(db, files, requireCaller(req).uid, param(req, 'projectId'), param(req, 'documentId'), recordings);
    res.json({ deleted: true });
  });

  return router;
}

function param(req: ApiRequest, name: string): string {
  const value = req.params[name];
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(value)) throw new AppError('not-found', 'No such project or interview.');
  return value;
}

function sendOutcome(res: Response, outcome: IngestOutcome) {
  if ('creditsRemaining' in outcome && typeof outcome.creditsRemaining === 'number') setCreditsHeader(res, outcome.creditsRemaining);
  switch (outcome.status) {
    case 'parsed':
      res.json({ status: 'parsed', wordCount: outcome.wordCount });
      return;
    case 'awaiting-roles':
      res.json({ status: 'awaiting-roles', wordCount: outcome.wordCount, rolesQuestion: outcome.rolesQuestion });
      return;
    case 'skipped':
      res.status(409).json({ error: { code: 'conflict', message: outcome.message } });
      return;
    case 'failed': {
      const status = FAILURE_STATUS[outcome.reason];
      if (outcome.reason === 'quota' && outcome.retryAfterSeconds) res.setHeader('Retry-After', String(outcome.retryAfterSeconds));
      res.status(status).json({ status: 'failed', error: { code: outcome.code, message: outcome.message } });
    }
  }
}

const FAILURE_STATUS: Record<Extract<IngestOutcome, { status: 'failed' }>['reason'], number> = {
  file: 422,
  credits: 402,
  quota: 429,
  internal: 500,
};
