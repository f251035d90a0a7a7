import { CREDITS_HEADER } from '@verbatim/contract/constants';
import type { ExportFormat } from '@verbatim/contract/exports';
import { ApiError } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { applyCreditsHeader, creditsClock } from '../../../lib/credits-store';
import { auth } from '../../../lib/firebase';

/** Bytes received so far; `total` is null when the server did not say how many are coming. */
export interface DownloadProgress {
  loaded: number;
  total: number | null;
}

/**
 * `GET /api/projects/{projectId}/exports/{format}`: the file the server made from the project as it is now,
 * read as it arrives so a progress bar can follow. Failures come back as ApiError with the server's message.
 */
export async function fetchExport(
  projectId: string,
  format: ExportFormat,
  onProgress?: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const user = auth.currentUser;
  const headers: Record<string, string> = {};
  if (user) headers.Authorization = `Bearer ${await user.getIdToken()}`;
  const startedAt = creditsClock();
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}/projects/${encodeURIComponent(projectId)}/exports/${format}`, { headers, signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  applyCreditsHeader(response.headers.get(CREDITS_HEADER), startedAt);
  if (!response.ok) {
    const payload = (await response.json().catch(() => undefined)) as { error?: { message?: string; code?: string } } | undefined;
    throw new ApiError(response.status, payload?.error?.message || `The export failed (${response.status}).`, payload?.error?.code);
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  onProgress?.({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress?.({ loaded, total });
  }
  return new Blob(chunks, { type });
}
