import type { RecordingUploadTarget } from '@verbatim/contract/recording';
import { apiRequest } from '../../../lib/api-client';
import { recordingApiPath } from './recording-wire';

export interface AttachRecordingInput {
  projectId: string;
  documentId: string;
  fileName: string;
  size: number;
}

/**
 * POST /projects/:projectId/documents/:documentId/recording {fileName, size} → where to send the bytes: step one of
 * attaching a recording to an interview whose transcript has timestamps (it takes the place of one attached before).
 */
export function attachRecording({ projectId, documentId, fileName, size }: AttachRecordingInput): Promise<RecordingUploadTarget> {
  return apiRequest<RecordingUploadTarget>(recordingApiPath(projectId, documentId), { method: 'POST', body: { fileName, size } });
}
