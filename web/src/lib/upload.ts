import { CREDITS_HEADER } from '@verbatim/contract/constants';
import { ApiError } from './api-client';
import { config } from './config';
import { applyCreditsHeader, creditsClock } from './credits-store';
import { auth, firebaseApp } from './firebase';
import { UPLOAD_SIZE_MESSAGES } from '@verbatim/contract/upload-size';

/** Bytes sent so far out of the file's size. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

const OFFLINE_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/**
 * Sends a file as the raw body of an API request, reporting upload progress (fetch cannot). Like
 * `apiRequest`: the bearer token when signed in, x-credits-remaining applied from the response,
 * failures as `ApiError`. An abort rejects with a DOMException named AbortError.
 */
export async function sendFileToApi<T>(path: string, file: Blob, options: UploadOptions & { method?: 'PUT' | 'POST' } = {}): Promise<T> {
  // The server reads the count as the request starts: a live profile heard since then is newer.
  const startedAt = creditsClock();
  const user = auth.currentUser;
  const token = user ? await user.getIdToken() : null;
  if (options.signal?.aborted) throw abortError();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.open(options.method ?? 'PUT', `${config.apiBase}${path}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.upload.onload = () => options.onProgress?.({ loaded: file.size, total: file.size });
    xhr.onload = () => {
      settle();
      applyCreditsHeader(xhr.getResponseHeader(CREDITS_HEADER), startedAt);
      const payload = readJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(payload as T);
        return;
      }
      const error = (payload as { error?: { message?: string; code?: string } } | undefined)?.error;
      reject(new ApiError(xhr.status, error?.message || `Request failed (${xhr.status}).`, error?.code));
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, OFFLINE_MESSAGE));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(file);
  });
}

let storageEmulatorConnected = false;

/**
 * Uploads a file to Cloud Storage at `path` with progress, as a resumable upload (a recording of a gigabyte goes in
 * chunks, each retried on its own). The Storage SDK is loaded only here, on first use, so the main bundle does not
 * carry it. `refused` is said when the rules refuse the file (by default, a transcript's limits).
 */
export async function uploadToStorage(path: string, file: Blob, options: UploadOptions & { contentType: string; refused?: string }): Promise<void> {
  const { connectStorageEmulator, getStorage, ref, uploadBytesResumable } = await import('firebase/storage');
  const storage = getStorage(firebaseApp);
  if (config.useEmulators && !storageEmulatorConnected) {
    const host = typeof location !== 'undefined' && location.hostname ? location.hostname : '127.0.0.1';
    connectStorageEmulator(storage, host, 9199);
    storageEmulatorConnected = true;
  }
  if (options.signal?.aborted) throw abortError();
  const task = uploadBytesResumable(ref(storage, path), file, { contentType: options.contentType });
  const onAbort = () => task.cancel();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await new Promise<void>((resolve, reject) => {
      task.on(
        'state_changed',
        (snap) => options.onProgress?.({ loaded: snap.bytesTransferred, total: snap.totalBytes }),
        (err) => reject(storageError(err, options.refused)),
        () => resolve(),
      );
    });
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}

const TRANSCRIPT_REFUSED: string = UPLOAD_SIZE_MESSAGES.refused;

function storageError(err: { code?: string; message: string }, refused = TRANSCRIPT_REFUSED): Error {
  switch (err.code) {
    case 'storage/canceled':
      return abortError();
    case 'storage/unauthorized':
      return new ApiError(403, refused, 'forbidden');
    case 'storage/retry-limit-exceeded':
      return new ApiError(0, OFFLINE_MESSAGE);
    case 'storage/quota-exceeded':
      return new ApiError(507, 'Storage is full right now. Please try again later.');
    default:
      return new ApiError(0, `The upload failed: ${err.message}`);
  }
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

export function isAbortError(err: unknown): boolean {
  return (err as { name?: string } | null)?.name === 'AbortError';
}

function readJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
