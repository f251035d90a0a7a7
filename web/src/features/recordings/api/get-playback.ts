import type { RecordingPlayback } from '@verbatim/contract/recording';
import { apiRequest } from '../../../lib/api-client';
import { recordingApiPath } from './recording-wire';

/** GET /projects/:projectId/documents/:documentId/recording/playback → a link that plays the recording until it expires. */
export function getPlayback(projectId: string, documentId: string): Promise<RecordingPlayback> {
  return apiRequest<RecordingPlayback>(`${recordingApiPath(projectId, documentId)}/playback`);
}
