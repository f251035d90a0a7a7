import type { Clip } from '@verbatim/contract/clip';
import type { UpdateClipRequest } from '@verbatim/contract/request-bodies';
import { apiRequest } from '../../../lib/api-client';
import { clipApiPath } from './clip-wire';

/** PATCH /projects/:projectId/clips/:clipId: a new title, and/or an edge moved by whole words. */
export async function updateClip(projectId: string, clipId: string, body: UpdateClipRequest): Promise<Clip> {
  return (await apiRequest<{ clip: Clip }>(clipApiPath(projectId, clipId), { method: 'PATCH', body })).clip;
}
