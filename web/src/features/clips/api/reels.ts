import { reelFileName, type Reel } from '@verbatim/contract/reel';
import type { CreateReelRequest } from '@verbatim/contract/request-bodies';
import { apiRequest, apiResponse } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

const reelsPath = (projectId: string, reelId?: string) => `/projects/${encodeURIComponent(projectId)}/reels${reelId ? `/${encodeURIComponent(reelId)}` : ''}`;

/** POST /projects/:projectId/reels: a reel of the clips, in order, queued to be rendered. */
export async function createReel(projectId: string, body: CreateReelRequest): Promise<Reel> {
  return (await apiRequest<{ reel: Reel }>(reelsPath(projectId), { method: 'POST', body })).reel;
}

/** DELETE /projects/:projectId/reels/:reelId. */
export async function deleteReel(projectId: string, reelId: string): Promise<void> {
  await apiRequest<{ deleted: true }>(reelsPath(projectId, reelId), { method: 'DELETE' });
}

/** GET /projects/:projectId/reels/:reelId/file, saved as the browser saves a download. */
export async function downloadReel(projectId: string, reel: Pick<Reel, 'id' | 'title'>): Promise<void> {
  const response = await apiResponse(`${reelsPath(projectId, reel.id)}/file`, { failed: 'The reel could not be downloaded' });
  saveFile(await response.blob(), reelFileName(reel));
}
