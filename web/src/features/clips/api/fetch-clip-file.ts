import { clipFileName, type Clip } from '@verbatim/contract/clip';
import { ApiError } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { auth } from '../../../lib/firebase';
import { clipApiPath } from './clip-wire';

/**
 * GET /projects/:projectId/clips/:clipId/file: the clip's bytes (cut on the server when first asked for), to play or
 * save. Not through `apiRequest`, which reads JSON: the body is the file; an error's body is the API's JSON.
 */
export async function fetchClipFile(projectId: string, clip: Pick<Clip, 'id' | 'title' | 'hasVideo'>): Promise<{ blob: Blob; fileName: string }> {
  const user = auth.currentUser;
  const headers: Record<string, string> = user ? { Authorization: `Bearer ${await user.getIdToken()}` } : {};
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}${clipApiPath(projectId, clip.id)}/file`, { headers });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: { message?: string; code?: string } } | undefined;
    throw new ApiError(response.status, body?.error?.message || `The clip could not be downloaded (${response.status}).`, body?.error?.code);
  }
  return { blob: await response.blob(), fileName: clipFileName(clip) };
}

/** Saves a clip's file as the browser saves a download. */
export async function downloadClip(projectId: string, clip: Pick<Clip, 'id' | 'title' | 'hasVideo'>): Promise<void> {
  const { blob, fileName } = await fetchClipFile(projectId, clip);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
