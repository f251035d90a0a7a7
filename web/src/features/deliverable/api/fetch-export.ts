import type { ExportFormat } from '@verbatim/contract/exports';
import { apiResponse } from '../../../lib/api-client';

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
  const response = await apiResponse(`/projects/${encodeURIComponent(projectId)}/exports/${format}`, { signal, failed: 'The export failed' });
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
