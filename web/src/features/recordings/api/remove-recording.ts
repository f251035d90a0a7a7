import { apiRequest } from '../../../lib/api-client';
import { recordingApiPath } from './recording-wire';

/** DELETE /projects/:projectId/documents/:documentId/recording: the recording goes, the transcript stays. */
export async function removeRecording(projectId: string, documentId: string): Promise<void> {
  await apiRequest<unknown>(recordingApiPath(projectId, documentId), { method: 'DELETE' });
}
