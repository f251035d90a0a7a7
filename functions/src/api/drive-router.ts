import { Router, type RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import type { AccountQuotas } from '../config/server-limits';
import { readDriveImportRequest } from '../drive/drive-files';
import { importDriveFiles } from '../drive/import-drive-files';
import type { FileStore } from '../storage/file-store';
import { requireAuth } from './auth-middleware';
import { setCreditsHeader } from './credits-header';
import { objectBody } from './json-body';
import { requireCaller, type ApiRequest } from './request-context';

export interface DriveRouterDeps {
  db: Firestore;
  files: FileStore;
  /** The Drive API's address (the server config's). */
  driveApiBase: string;
  quotas: AccountQuotas;
  /** The instance's account gate (api/account-gate.ts): downloads and parses up to 20 files. */
  gate: RequestHandler;
}

/**
 * POST /projects/:projectId/documents/import-drive {files: [{id, name, mimeType}], accessToken}
 * → 200 {results}: one result per file, in order, each an interview (`kind: 'document'`, with an
 * upload's statuses) or an error (`kind: 'error'`, code and message) that left no interview and
 * cost nothing. 400 for a malformed request or more than 20 files; 404 for another's project.
 * The access token is used for this request's Drive calls only: never stored, never logged.
 */
export function driveImportRouter({ db, files, driveApiBase, quotas, gate }: DriveRouterDeps): Router {
  const router = Router({ mergeParams: true });
  router.use(requireAuth);

  router.post('/', gate, async (req: ApiRequest, res) => {
    const projectId = req.params.projectId;
    if (typeof projectId !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(projectId)) throw new AppError('not-found', 'No such project.');
    const request = readDriveImportRequest(objectBody(req));
    const { results, creditsRemaining } = await importDriveFiles({ db, files, apiBase: driveApiBase, quotas }, requireCaller(req).uid, projectId, request);
    if (creditsRemaining !== undefined) setCreditsHeader(res, creditsRemaining);
    res.json({ results });
  });

  return router;
}
