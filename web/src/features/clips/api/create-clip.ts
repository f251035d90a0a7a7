import type { Clip } from '@verbatim/contract/clip';
import type { CreateClipRequest } from '@verbatim/contract/request-bodies';
import { apiRequest } from '../../../lib/api-client';
import { clipApiPath } from './clip-wire';

/** POST /projects/:projectId/clips: a clip of a quote's or a selection's words (the server places them in the recording). */
export async function createClip(projectId: string, body: CreateClipRequest): Promise<Clip> {
  return (await apiRequest<{ clip: Clip }>(clipApiPath(projectId), { method: 'POST', body })).clip;
}
