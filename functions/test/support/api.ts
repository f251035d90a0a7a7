import { FUNCTIONS_URL, HOSTING_URL } from '../../../test/support/emulators';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  credits: string | null;
  contentType: string | null;
  retryAfter: string | null;
}

/** Calls the deployed `api` function directly, or through Hosting's /api rewrite. */
export async function callApi<T = Record<string, unknown>>(
  path: string,
  init: { method?: string; token?: string; json?: unknown; rawBody?: string | Buffer; contentType?: string; via?: 'function' | 'hosting'; authorization?: string } = {},
): Promise<ApiResponse<T>> {
  const base = init.via === 'hosting' ? `${HOSTING_URL}/api` : `${FUNCTIONS_URL}/api`;
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.authorization) headers.authorization = init.authorization;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['content-type'] = 'application/json';
  }
  if (init.rawBody !== undefined) {
    body = typeof init.rawBody === 'string' ? init.rawBody : new Uint8Array(init.rawBody);
    headers['content-type'] = init.contentType ?? 'application/json';
  }
  const res = await fetch(`${base}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // non-JSON bodies stay as text
  }
  return {
    status: res.status,
    body: parsed as T,
    credits: res.headers.get('x-credits-remaining'),
    contentType: res.headers.get('content-type'),
    retryAfter: res.headers.get('retry-after'),
  };
}
