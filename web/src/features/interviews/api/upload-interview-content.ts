import { sendFileToApi, type UploadOptions } from '../../../lib/upload';
import { interviewApiPath } from './interview-wire';

export interface UploadContentInput {
  projectId: string;
  documentId: string;
  file: Blob;
}

export interface UploadContentResult {
  /** `awaiting-roles`: read, but its speakers wait to be checked before the analysis (no credit spent yet). */
  status: 'parsed' | 'awaiting-roles';
  wordCount: number;
  rolesQuestion?: string;
}

/**
 * PUT /projects/:projectId/documents/:documentId/content, the file's bytes as the body: step two
 * when the server says `uploadVia: 'api'`. Answers once the transcript is parsed (or waits for its speakers to be checked); a file the
 * parser refuses rejects with ApiError 422 (the reason is on the document too), 402 when the
 * credits ran out meanwhile, 409 when the document was already handled.
 */
export function uploadInterviewContent({ projectId, documentId, file }: UploadContentInput, options: UploadOptions = {}): Promise<UploadContentResult> {
  return sendFileToApi<UploadContentResult>(`${interviewApiPath(projectId, documentId)}/content`, file, { ...options, method: 'PUT' });
}
