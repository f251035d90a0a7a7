import type { PublicInterviewsResponse, PublicSummaryResponse, ShareKind } from '@verbatim/contract/share';
import { config } from '../../lib/config';

/**
 * The public pages' fetch client: a plain GET, no Firebase, no Authorization header, no cookies.
 * Statuses 403, 404 and 410 mean the link is off or unknown and are final; anything else (429, 5xx,
 * a network failure) is retried a few times with a growing pause.
 */
export interface PublicViews {
  summary: PublicSummaryResponse;
  interviews: PublicInterviewsResponse;
}

/** A failed public request; `status` 0 when the server was not reached. */
export class PublicRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds the server asked to wait (Retry-After on 429). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'PublicRequestError';
  }
}

/** Statuses that say the link is off or does not exist: shown at once, never retried. */
export const FINAL_STATUSES: readonly number[] = [403, 404, 410];

/** Retries after the first attempt for every other failure. */
export const MAX_RETRIES = 3;

export function isDisabledStatus(status: number): boolean {
  return FINAL_STATUSES.includes(status);
}

/** Whether to try again after `failures` failed attempts ending with `error`. */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof PublicRequestError && isDisabledStatus(error.status)) return false;
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  return failures <= MAX_RETRIES;
}

/** The pause before retry number `failures` (1, 2, 3…): 1 s, 2 s, 4 s… up to 30 s, or what Retry-After asks. */
export function retryDelayMs(failures: number, error: unknown): number {
  const backoff = Math.min(1000 * 2 ** Math.max(0, failures - 1), 30_000);
  const asked = error instanceof PublicRequestError ? error.retryAfter : undefined;
  return typeof asked === 'number' && asked > 0 ? Math.min(Math.max(asked * 1000, backoff), 30_000) : backoff;
}

export function publicViewUrl(kind: ShareKind, token: string, apiBase = config.apiBase): string {
  return `${apiBase}/public/${kind}/${encodeURIComponent(token)}`;
}

/** One attempt: the page's view, or a PublicRequestError. */
export async function fetchPublicView<K extends ShareKind>(kind: K, token: string, signal?: AbortSignal): Promise<PublicViews[K]> {
  let response: Response;
  try {
    response = await fetch(publicViewUrl(kind, token), { headers: { Accept: 'application/json' }, credentials: 'omit', signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new PublicRequestError(0, 'The server could not be reached.');
  }
  if (!response.ok) {
    // Read the (small) error body so the connection is released.
    await response.text().catch(() => '');
    const retryAfter = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
    throw new PublicRequestError(response.status, `Request failed (${response.status}).`, Number.isFinite(retryAfter) ? retryAfter : undefined);
  }
  try {
    return (await response.json()) as PublicViews[K];
  } catch {
    throw new PublicRequestError(response.status, 'The response could not be read.');
  }
}

let prefetched: { key: string; result: Promise<unknown> } | null = null;

/** Starts the page's first request as early as possible (main.tsx, before the page's code has loaded). */
export function prefetchPublicView(kind: ShareKind, token: string): void {
  const result = fetchPublicView(kind, token);
  result.catch(() => undefined); // handled by whoever takes it
  prefetched = { key: `${kind}/${token}`, result };
}

/** The prefetched first attempt for this page, once; null when there is none. */
export function takePrefetched<K extends ShareKind>(kind: K, token: string): Promise<PublicViews[K]> | null {
  if (!prefetched || prefetched.key !== `${kind}/${token}`) return null;
  const { result } = prefetched;
  prefetched = null;
  return result as Promise<PublicViews[K]>;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

/** The page's view with the retry rule applied; the first attempt is the prefetched one when there is one. */
export async function loadPublicView<K extends ShareKind>(
  kind: K,
  token: string,
  options: { signal?: AbortSignal; sleep?: (ms: number, signal?: AbortSignal) => Promise<void>; attempt?: typeof fetchPublicView } = {},
): Promise<PublicViews[K]> {
  const attempt = options.attempt ?? fetchPublicView;
  const sleep = options.sleep ?? wait;
  let failures = 0;
  let first: Promise<PublicViews[K]> | null = options.attempt ? null : takePrefetched(kind, token);
  for (;;) {
    try {
      return await (first ?? attempt(kind, token, options.signal));
    } catch (error) {
      first = null;
      failures += 1;
      if (!shouldRetry(failures, error)) throw error;
      await sleep(retryDelayMs(failures, error), options.signal);
    }
  }
}
