import type { Reel } from '@verbatim/contract/reel';
import type { CreateReelRequest } from '@verbatim/contract/request-bodies';
import { apiRequest } from '../../../lib/api-client';
import { fetchApiFile, saveBlob } from './fetch-clip-file';

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
  saveBlob(await fetchApiFile(`${reelsPath(projectId, reel.id)}/file`, 'The reel could not be downloaded'), `${reel.title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'reel'}.mp4`);
}
