import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classifyDriveError, downloadDriveFile, driveErrorReasons, driveFileUrl, type DriveDownloadRequest } from '../../../src/drive/drive-client';
import { startDriveStandIn, type DriveStandIn } from '../../../../test/support/drive-stand-in.mjs';

let drive: DriveStandIn;

beforeAll(async () => {
  drive = await startDriveStandIn();
});
afterAll(async () => {
  await drive.close();
});
beforeEach(() => drive.reset());

function download(change: Partial<DriveDownloadRequest> = {}) {
  return downloadDriveFile({ apiBase: drive.url, accessToken: drive.accessToken, fileId: 'f1', source: 'media', maxBytes: 1000, ...change });
}

describe('Drive addresses and settings', () => {
  it("asks for a file's bytes with alt=media across shared drives, and a Google Doc's text with an export", () => {
    expect(driveFileUrl('https://www.googleapis.com/', 'abc_1-2', 'media')).toBe(
      'https://www.googleapis.com/drive/v3/files/abc_1-2?alt=media&supportsAllDrives=true',
    );
    expect(driveFileUrl('https://www.googleapis.com', 'abc', 'export')).toBe('https://www.googleapis.com/drive/v3/files/abc/export?mimeType=text%2Fplain');
  });
});

describe('what a Drive error means', () => {
  it('401 and 403 are refused access; 404 is not found; quotas are rate limits; other statuses are unreadable', () => {
    expect(classifyDriveError(401, ['authError'])).toBe('no-access');
    expect(classifyDriveError(403, ['insufficientFilePermissions'])).toBe('no-access');
    expect(classifyDriveError(403, [])).toBe('no-access');
    expect(classifyDriveError(404, ['notFound'])).toBe('not-found');
    expect(classifyDriveError(403, ['exportSizeLimitExceeded'])).toBe('too-large');
    expect(classifyDriveError(403, ['userRateLimitExceeded'])).toBe('rate-limited');
    expect(classifyDriveError(429, [])).toBe('rate-limited');
    expect(classifyDriveError(500, ['backendError'])).toBe('unreadable');
    expect(classifyDriveError(400, ['badRequest'])).toBe('unreadable');
  });

  it("reads the reasons of Drive's error body, and none from anything else", () => {
    expect(driveErrorReasons(JSON.stringify({ error: { code: 403, errors: [{ reason: 'a' }, { reason: 'b' }, {}] } }))).toEqual(['a', 'b']);
    expect(driveErrorReasons('<html>Bad gateway</html>')).toEqual([]);
    expect(driveErrorReasons('{"error":"nope"}')).toEqual([]);
  });
});

describe('downloading from the stand-in', () => {
  it("gets a file's bytes and mime type with the bearer token", async () => {
    drive.addFile({ id: 'f1', name: 'a.srt', mimeType: 'application/x-subrip', bytes: '1\n00:00:01,000 --> 00:00:02,000\nHello\n' });
    const result = await download();
    expect(result).toMatchObject({ ok: true, contentType: 'application/x-subrip' });
    expect(result.ok && result.bytes.toString('utf8')).toBe('1\n00:00:01,000 --> 00:00:02,000\nHello\n');
    expect(drive.requests).toEqual([
      expect.objectContaining({ path: '/drive/v3/files/f1', query: { alt: 'media', supportsAllDrives: 'true' }, authorization: `Bearer ${drive.accessToken}` }),
    ]);
  });

  it("exports a Google Doc's text", async () => {
    drive.addGoogleDoc({ id: 'doc1', text: 'Interviewer: Hi\nParticipant: Hello' });
    const result = await download({ fileId: 'doc1', source: 'export' });
    expect(result.ok && result.bytes.toString('utf8')).toBe('Interviewer: Hi\nParticipant: Hello');
    expect(drive.requests[0]).toMatchObject({ path: '/drive/v3/files/doc1/export', query: { mimeType: 'text/plain' } });
  });

  it('says not-found for an unknown id and no-access for a wrong token, with the status', async () => {
    expect(await download({ fileId: 'missing' })).toEqual({ ok: false, kind: 'not-found', status: 404, reason: 'notFound' });
    drive.addFile({ id: 'f1', mimeType: 'text/plain', bytes: 'hello' });
    expect(await download({ accessToken: 'ya29.expired' })).toEqual({ ok: false, kind: 'no-access', status: 401, reason: 'authError' });
  });

  it('says too-large for a Google Doc too big to export, and rate-limited for a spent quota', async () => {
    drive.addGoogleDoc({ id: 'big-doc', text: 'x' });
    drive.answerNext('big-doc', { status: 403, reason: 'exportSizeLimitExceeded', message: 'This file is too large to be exported.' });
    expect(await download({ fileId: 'big-doc', source: 'export' })).toMatchObject({ ok: false, kind: 'too-large', reason: 'exportSizeLimitExceeded' });
    drive.addFile({ id: 'f1', mimeType: 'text/plain', bytes: 'hello' });
    drive.answerNext('f1', { status: 403, reason: 'userRateLimitExceeded' });
    expect(await download()).toMatchObject({ ok: false, kind: 'rate-limited', status: 403 });
  });

  it('refuses on a Content-Length over the limit without reading the body', async () => {
    drive.addFile({ id: 'f1', mimeType: 'application/pdf', bytes: Buffer.alloc(40 * 1024 * 1024, 0x20) });
    expect(await download()).toEqual({ ok: false, kind: 'too-large', status: 200, size: 40 * 1024 * 1024 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drive.requests[0].completed).toBe(false);
  });

  it('stops reading a body without a length as soon as it passes the limit', async () => {
    drive.addFile({ id: 'f1', mimeType: 'text/plain', bytes: Buffer.alloc(40 * 1024 * 1024, 0x61), contentLength: null });
    expect(await download()).toEqual({ ok: false, kind: 'too-large', status: 200 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drive.requests[0].completed).toBe(false);
  });

  it('reads a large answer to its end when it is within the limit', async () => {
    drive.addFile({ id: 'f1', mimeType: 'text/plain', bytes: Buffer.alloc(40 * 1024 * 1024, 0x61), contentLength: null });
    const result = await download({ maxBytes: 41 * 1024 * 1024 });
    expect(result.ok && result.bytes.length).toBe(40 * 1024 * 1024);
    expect(drive.requests[0].completed).toBe(true);
  });

  it('takes a file of exactly the limit', async () => {
    drive.addFile({ id: 'f1', mimeType: 'text/plain', bytes: Buffer.alloc(1000, 0x61), contentLength: null });
    const result = await download();
    expect(result.ok && result.bytes.length).toBe(1000);
  });

  it('says unreadable, never throwing, when Drive cannot be reached or fails', async () => {
    const unreachable = await download({ apiBase: 'http://127.0.0.1:1' });
    expect(unreachable).toMatchObject({ ok: false, kind: 'unreadable', status: null });
    drive.addFile({ id: 'f1', mimeType: 'text/plain', bytes: 'hello' });
    drive.answerNext('f1', { status: 503, reason: 'backendError' });
    expect(await download()).toMatchObject({ ok: false, kind: 'unreadable', status: 503 });
  });

  it('gives up on a Drive that stops answering', async () => {
    const stalled = (async (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as typeof fetch;
    expect(await download({ fetch: stalled, timeoutMs: 20 })).toEqual({ ok: false, kind: 'unreadable', status: null, reason: 'TimeoutError' });
  });
});
