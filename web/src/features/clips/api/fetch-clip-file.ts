import { clipFileName, type Clip } from '@verbatim/contract/clip';
import { ApiError } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { auth } from '../../../lib/firebase';
import { clipApiPath } from './clip-wire';

/** A file the API sends (not JSON): its bytes, or an `ApiError` with the API's sentence. */
export async function fetchApiFile(path: string, failed: string): Promise<Blob> {
  const user = auth.currentUser;
  const headers: Record<string, string> = user ? { Authorization: `Bearer ${await user.getIdToken()}` } : {};
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}${path}`, { headers });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: { message?: string; code?: string } } | undefined;
    throw new ApiError(response.status, body?.error?.message || `${failed} (${response.status}).`, body?.error?.code);
  }
  return response.blob();
}

/** Saves bytes as the browser saves a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * GET /projects/:projectId/clips/:clipId/file: the clip's bytes (cut on the server when first asked for), to play or
 * save. Not through `apiRequest`, which reads JSON: the body is the file; an error's body is the API's JSON.
 */
export async function fetchClipFile(projectId: string, clip: Pick<Clip, 'id' | 'title' | 'hasVideo'>): Promise<{ blob: Blob; fileName: string }> {
  return { blob: await fetchApiFile(`${clipApiPath(projectId, clip.id)}/file`, 'The clip could not be downloaded'), fileName: clipFileName(clip) };
}

/** Saves a clip's file as the browser saves a download. */
export async function downloadClip(projectId: string, clip: Pick<Clip, 'id' | 'title' | 'hasVideo'>): Promise<void> {
  const { blob, fileName } = await fetchClipFile(projectId, clip);
  saveBlob(blob, fileName);
}
