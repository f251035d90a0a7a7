import type { RecordingUploadTarget } from '@verbatim/contract/recording';
import type { AttachRecordingRequest } from '@verbatim/contract/request-bodies';
import { apiRequest } from '../../../lib/api-client';
import { recordingApiPath } from './recording-wire';

export interface AttachRecordingInput extends AttachRecordingRequest {
  projectId: string;
  documentId: string;
}

/**
 * POST /projects/:projectId/documents/:documentId/recording {fileName, size} → where to send the bytes: step one of
 * attaching a recording to an interview whose transcript has timestamps (it takes the place of one attached before).
 */
export function attachRecording({ projectId, documentId, fileName, size }: AttachRecordingInput): Promise<RecordingUploadTarget> {
  const body: AttachRecordingRequest = { fileName, size };
  return apiRequest<RecordingUploadTarget>(recordingApiPath(projectId, documentId), { method: 'POST', body });
}
