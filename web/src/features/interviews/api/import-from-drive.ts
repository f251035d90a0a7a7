import type { DriveImportResult } from '@verbatim/contract/drive';
import type { DriveFileRef, DriveImportRequest } from '@verbatim/contract/request-bodies';
import { apiRequest } from '../../../lib/api-client';
import { interviewApiPath } from './interview-wire';

/** A picked Google Drive file, as the server wants it. */
export type { DriveFileRef };

export interface ImportFromDriveInput {
  projectId: string;
  /** At most 20. */
  files: DriveFileRef[];
  /** The Google OAuth access token (drive.readonly): used by the server for this request only. */
  accessToken: string;
}

export type { DriveImportErrorCode, DriveImportResult } from '@verbatim/contract/drive';

/**
 * POST /projects/:projectId/documents/import-drive {files, accessToken} → 200 {results}, one per
 * file in order, once every file is imported (each goes through the upload pipeline: same credit,
 * same statuses). Rejects with ApiError 400 for a malformed request or more than 20 files.
 */
export function importFromDrive({ projectId, files, accessToken }: ImportFromDriveInput): Promise<{ results: DriveImportResult[] }> {
  return apiRequest<{ results: DriveImportResult[] }>(`${interviewApiPath(projectId)}/import-drive`, {
    method: 'POST',
    body: { files: files.map(({ id, name, mimeType }) => ({ id, name, mimeType })), accessToken } satisfies DriveImportRequest,
  });
}
