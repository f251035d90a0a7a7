import type { ApiErrorBody } from '@verbatim/contract/app-error';
import { CREDITS_HEADER } from '@verbatim/contract/constants';
import { auth } from './firebase';
import { config } from './config';
import { applyCreditsHeader, creditsClock } from './credits-store';

/** An API failure with the HTTP status, the server's message, and what the server sent to recover with (`details`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the bearer token even when signed in (public pages). */
  anonymous?: boolean;
}

/**
 * The one way every call reaches the API: adds the bearer ID token when signed in, reads x-credits-remaining from
 * every response and error, and turns an error's body into an ApiError (`failed` with the status when the body says
 * nothing). Resolves to the response once it is ok; `apiRequest` reads its JSON, a file's download its bytes.
 */
export async function apiResponse(path: string, options: ApiRequestOptions & { failed?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const user = options.anonymous ? null : auth.currentUser;
  if (user) headers.Authorization = `Bearer ${await user.getIdToken()}`;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  const startedAt = creditsClock();
  try {
    response = await fetch(`${config.apiBase}${path}`, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  applyCreditsHeader(response.headers.get(CREDITS_HEADER), startedAt);
  if (!response.ok) {
    const error = ((await readJson(response)) as Partial<ApiErrorBody> | undefined)?.error;
    throw new ApiError(response.status, error?.message || `${options.failed ?? 'Request failed'} (${response.status}).`, error?.code, error?.details);
  }
  return response;
}

/** A call whose answer is JSON (every call but a file's download). */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await readJson(await apiResponse(path, options))) as T;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
