import { describe, expect, it, vi } from 'vitest';
import { loadPublicView, MAX_RETRIES, PublicRequestError, publicViewUrl, retryDelayMs, shouldRetry } from './public-request';

describe('the retry rule', () => {
  it.each([403, 404, 410])('never retries a %i (the link is off or unknown)', (status) => {
    expect(shouldRetry(1, new PublicRequestError(status, 'x'))).toBe(false);
  });
  it.each([0, 429, 500, 503])('retries a %i, up to %s times', (status) => {
    const error = new PublicRequestError(status, 'x');
    for (let failures = 1; failures <= MAX_RETRIES; failures++) expect(shouldRetry(failures, error)).toBe(true);
    expect(shouldRetry(MAX_RETRIES + 1, error)).toBe(false);
  });
  it('retries any other error (an unreadable body)', () => {
    expect(shouldRetry(1, new SyntaxError('bad json'))).toBe(true);
  });
  it('waits longer each time, and at least what Retry-After asks', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, new PublicRequestError(500, 'x')))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(10, new Error('x'))).toBe(30_000);
    expect(retryDelayMs(1, new PublicRequestError(429, 'x', 5))).toBe(5000);
    expect(retryDelayMs(1, new PublicRequestError(429, 'x', 600))).toBe(30_000);
  });
});

describe('loading a public view', () => {
  const sleep = vi.fn(async () => undefined);

  it('asks once and stops on a 410', async () => {
    const attempt = vi.fn(async () => {
      throw new PublicRequestError(410, 'disabled');
    });
    await expect(loadPublicView('summary', 't', { attempt, sleep })).rejects.toMatchObject({ status: 410 });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('retries a 500 and returns the view once it comes', async () => {
    let calls = 0;
    const attempt = vi.fn(async () => {
      calls += 1;
      if (calls < 3) throw new PublicRequestError(500, 'boom');
      return { projectName: 'P' };
    });
    await expect(loadPublicView('summary', 't', { attempt: attempt as never, sleep })).resolves.toEqual({ projectName: 'P' });
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('gives up after the last retry', async () => {
    const attempt = vi.fn(async () => {
      throw new PublicRequestError(503, 'down');
    });
    await expect(loadPublicView('interviews', 't', { attempt, sleep })).rejects.toMatchObject({ status: 503 });
    expect(attempt).toHaveBeenCalledTimes(1 + MAX_RETRIES);
  });

  it('asks the public endpoint, with the token encoded', () => {
    expect(publicViewUrl('summary', 'a/b', '/api')).toBe('/api/public/summary/a%2Fb');
    expect(publicViewUrl('interviews', 'tok', 'https://x.test/api')).toBe('https://x.test/api/public/interviews/tok');
  });
});
