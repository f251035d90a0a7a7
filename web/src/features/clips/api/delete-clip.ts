import { apiRequest } from '../../../lib/api-client';
import { clipApiPath } from './clip-wire';

/** DELETE /projects/:projectId/clips/:clipId: the clip and its file. */
export async function deleteClip(projectId: string, clipId: string): Promise<void> {
  await apiRequest<{ deleted: true }>(clipApiPath(projectId, clipId), { method: 'DELETE' });
}
