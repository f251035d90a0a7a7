import { Router, type Response } from 'express';
import type { RecordingStore } from '../storage/recording-store';
import type { ApiRequest } from './request-context';
import { sendStoredBytes } from './stored-bytes-response';

/**
 * `GET /api/media/{token}`: plays a recording stored on this machine (the emulators' store), through a link the API
 * signed (storage/media-links.ts): HTTP range requests (206, `Accept-Ranges`), the content type read from the file,
 * cached by the browser no longer than the link lives. A link that was not signed here answers 404, an expired one
 * 403. With Cloud Storage the links are Google's own and this route answers 404.
 */
export function mediaRouter(store: RecordingStore): Router {
  const router = Router();
  router.get('/:token', async (req: ApiRequest, res) => {
    const now = new Date();
    const link = store.readLink ? await store.readLink(String(req.params.token ?? ''), now) : null;
    if (!link) return fail(res, 404, 'not-found', 'This playback link is not valid.');
    if (link.expired) return fail(res, 403, 'expired', 'This playback link has expired. Reload the page to play the recording.');
    const stored = await store.stat(link.path);
    if (!stored) return fail(res, 404, 'not-found', 'This recording no longer exists.');

    const secondsLeft = Math.max(0, Math.floor((link.expiresAt.getTime() - now.getTime()) / 1000));
    res.setHeader('Cache-Control', `private, max-age=${secondsLeft}`);
    const recording = { ...stored, read: (start: number, end: number) => store.readRange(link.path, start, end) };
    await sendStoredBytes(req, res, recording, 'The requested range is outside the recording.');
  });
  return router;
}

function fail(res: Response, status: number, code: string, message: string) {
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).json({ error: { code, message } });
}
