import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./firebase', () => ({ auth: { currentUser: null } }));
vi.mock('./config', () => ({ config: { apiBase: 'http://api.test' } }));

const { ApiError, apiRequest, apiResponse } = await import('./api-client');

const answer = (response: Response) => vi.stubGlobal('fetch', vi.fn(async () => response));

afterEach(() => vi.unstubAllGlobals());

describe('a call to the API', () => {
  it('hands a download its bytes, and a JSON call its answer', async () => {
    answer(new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'audio/mp4' } }));
    const file = await apiResponse('/projects/p/clips/c/file', { failed: 'The clip could not be downloaded' });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    answer(Response.json({ reel: { id: 'r' } }));
    await expect(apiRequest('/projects/p/reels', { method: 'POST', body: {} })).resolves.toEqual({ reel: { id: 'r' } });
  });

  it('refused, says the server’s sentence; with nothing said, what failed and the status', async () => {
    answer(Response.json({ error: { code: 'cannot-cut', message: 'This recording cannot be cut here.' } }, { status: 422 }));
    const refused = apiResponse('/projects/p/clips/c/file', { failed: 'The clip could not be downloaded' });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 422, code: 'cannot-cut', message: 'This recording cannot be cut here.' });
    answer(new Response('', { status: 502 }));
    await expect(apiResponse('/projects/p/reels/r/file', { failed: 'The reel could not be downloaded' })).rejects.toThrow('The reel could not be downloaded (502).');
  });

  it('unreached, says so; stopped by the user, stays an abort', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiResponse('/projects/p/exports/report.docx')).rejects.toThrow('Could not reach the server. Check your connection and try again.');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new DOMException('stopped', 'AbortError'))));
    await expect(apiResponse('/projects/p/exports/report.docx')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
