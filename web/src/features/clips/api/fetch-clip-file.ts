import { clipFileName, type Clip } from '@verbatim/contract/clip';
import { apiResponse } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { clipApiPath } from './clip-wire';

/**
 * GET /projects/:projectId/clips/:clipId/file: the clip's bytes (cut on the server when first asked for), to play or
 * save. Through `apiResponse`, not `apiRequest`: the body is the file; an error's body is the API's JSON.
 */
export async function fetchClipFile(projectId: string, clip: Pick<Clip, 'id' | 'title' | 'hasVideo'>): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiResponse(`${clipApiPath(projectId, clip.id)}/file`, { failed: 'The clip could not be downloaded' });
  return { blob: await response.blob(), fileName: clipFileName(clip) };
}

/** Saves a clip's file as the browser saves a download. */
export async function downloadClip(projectId: string, clip: Pick<Clip, 'id' | 'title' | 'hasVideo'>): Promise<void> {
  const { blob, fileName } = await fetchClipFile(projectId, clip);
  saveFile(blob, fileName);
}
