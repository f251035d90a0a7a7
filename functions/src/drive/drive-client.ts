/**
 * A small client of the Google Drive v3 API: fetches one file's bytes with the user's OAuth access
 * token, never reading past a size limit. Pure request/response handling (the address and `fetch`
 * are given), so tests run it against a local stand-in. The token is only ever sent to Drive.
 */

/** Google Docs are exported as plain text; every other file is downloaded as it is stored. */
export type DriveSource = 'export' | 'media';

export interface DriveDownloadRequest {
  /** The Drive API's address, e.g. https://www.googleapis.com (see `readDriveApiBase`). */
  apiBase: string;
  accessToken: string;
  fileId: string;
  source: DriveSource;
  /** The most bytes accepted; a longer file is refused without being read further. */
  maxBytes: number;
  /** Gives up on a Drive that stops answering (default 60 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Why Drive did not give the file: each becomes one message for the researcher. */
export type { DriveFailureKind } from '@verbatim/contract/drive';
import type { DriveFailureKind } from '@verbatim/contract/drive';

export type DriveDownload =
  | { ok: true; bytes: Buffer; contentType: string | null }
  | {
      ok: false;
      kind: DriveFailureKind;
      /** Drive's HTTP status; null when no answer came (network, timeout). */
      status: number | null;
      /** The size Drive announced, when that is why the file was refused. */
      size?: number;
      /** Drive's error reason (e.g. `exportSizeLimitExceeded`), when it gave one. */
      reason?: string;
    };

const DEFAULT_TIMEOUT_MS = 60_000;
/** Error bodies are small JSON; never read more of one than this. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'sharingRateLimitExceeded']);

/** The address of a file's bytes: `files/{id}/export?mimeType=text/plain` for Google Docs, else `files/{id}?alt=media`. */
export function driveFileUrl(apiBase: string, fileId: string, source: DriveSource): string {
  const file = `${apiBase.replace(/\/+$/, '')}/drive/v3/files/${encodeURIComponent(fileId)}`;
  return source === 'export' ? `${file}/export?mimeType=text%2Fplain` : `${file}?alt=media&supportsAllDrives=true`;
}

/**
 * What a Drive error status (with the reasons of its error body) means: 401 and 403 are refused
 * access (expired or missing grant), except a 403 that says the export is too large or a quota is
 * spent; 404 is a file that does not exist or is not shared with the user.
 */
export function classifyDriveError(status: number, reasons: readonly string[]): DriveFailureKind {
  if (status === 404) return 'not-found';
  if (status === 429 || reasons.some((r) => RATE_LIMIT_REASONS.has(r))) return 'rate-limited';
  if (status === 403 && reasons.includes('exportSizeLimitExceeded')) return 'too-large';
  if (status === 401 || status === 403) return 'no-access';
  return 'unreadable';
}

/** The `reason`s of a Drive error body (`{error: {errors: [{reason}]}}`); none when it is not one. */
export function driveErrorReasons(body: string): string[] {
  try {
    const parsed = JSON.parse(body) as { error?: { errors?: { reason?: unknown }[] } };
    const errors = Array.isArray(parsed?.error?.errors) ? parsed.error.errors : [];
    return errors.map((e) => e?.reason).filter((r): r is string => typeof r === 'string');
  } catch {
    return [];
  }
}

/** Fetches one file's bytes, or says why not. Never throws for what Drive or the network does. */
export async function downloadDriveFile(request: DriveDownloadRequest): Promise<DriveDownload> {
  const doFetch = request.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(driveFileUrl(request.apiBase, request.fileId, request.source), {
      headers: { authorization: `Bearer ${request.accessToken}` },
      redirect: 'follow',
      signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (err) {
    return { ok: false, kind: 'unreadable', status: null, reason: failureName(err) };
  }

  if (!response.ok) {
    const body = await readLimited(response, MAX_ERROR_BODY_BYTES).catch(() => null);
    const reasons = body && body !== 'too-large' ? driveErrorReasons(body.toString('utf8')) : [];
    return { ok: false, kind: classifyDriveError(response.status, reasons), status: response.status, ...(reasons[0] ? { reason: reasons[0] } : {}) };
  }

  const declared = declaredLength(response);
  if (declared !== null && declared > request.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, kind: 'too-large', status: response.status, size: declared };
  }
  try {
    const bytes = await readLimited(response, request.maxBytes);
    if (bytes === 'too-large') return { ok: false, kind: 'too-large', status: response.status };
    return { ok: true, bytes, contentType: response.headers.get('content-type') };
  } catch (err) {
    return { ok: false, kind: 'unreadable', status: response.status, reason: failureName(err) };
  }
}

function declaredLength(response: Response): number | null {
  const header = response.headers.get('content-length');
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}

/** The body, or 'too-large' as soon as it grows past `maxBytes` (the rest is never read). */
async function readLimited(response: Response, maxBytes: number): Promise<Buffer | 'too-large'> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

function failureName(err: unknown): string {
  return err instanceof Error ? err.name : 'Error';
}
