import { Router, type Response } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { PUBLIC_DISABLED_MESSAGE, type ShareKind } from '@verbatim/contract/share';
import { gunzipView, readPublicView } from '../publishing/public-view-store';
import type { ServerLimits } from '../config/server-limits';
import { publicPlayback } from '../publishing/public-recordings';
import type { RecordingStore } from '../storage/recording-store';
import { shareRef } from '../publishing/share-service';
import { isWellFormedToken } from '../publishing/share-token';
import type { ApiRequest } from './request-context';
import { visitorRateLimit } from './visitor-rate-limit';

/**
 * The public pages' API: no login. A request costs at most two reads (the token, then the
 * project's ready-made view). Responses may be cached for 5 seconds at most, so a link the owner
 * turns off stops serving within seconds; errors are never cached.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, s-maxage=5';

export function publicRouter(db: Firestore, limits: ServerLimits, recordings: RecordingStore): Router {
  const router = Router();
  const guard = visitorRateLimit({
    perVisitor: limits.publicRequestsPerMinute,
    perFrontEnd: limits.frontEndRequestsPerMinute,
    windowMs: 60_000,
    trustedProxies: limits.trustedProxies,
    maxKeys: limits.rateLimiterMaxKeys,
  });
  router.get('/summary/:token', (req: ApiRequest, res) => servePublic(db, guard, 'summary', req, res));
  router.get('/interviews/:token', (req: ApiRequest, res) => servePublic(db, guard, 'interviews', req, res));
  // A link that plays an interview's recording, when the owner let visitors play them (404 otherwise, whatever the reason).
  router.get('/interviews/:token/recordings/:documentId', async (req: ApiRequest, res) => {
    if (refusedByRateLimit(guard, req, res)) return;
    const token = String(req.params.token ?? '');
    const documentId = String(req.params.documentId ?? '');
    const playback = isWellFormedToken(token) && /^[A-Za-z0-9_-]{1,128}$/.test(documentId) ? await publicPlayback(db, recordings, token, documentId) : null;
    if (!playback) return fail(res, 404, 'not-found', NO_PUBLIC_RECORDING_MESSAGE);
    res.json(playback);
  });
  return router;
}

/** The one answer when a public page cannot play a recording (no link, not allowed, none ready, no such interview). */
export const NO_PUBLIC_RECORDING_MESSAGE = 'This recording cannot be played from this page.';

/** Nothing public is cached but a view; a visitor over the rate limit gets 429 with when to try again (true: answered). */
function refusedByRateLimit(guard: (req: ApiRequest) => number, req: ApiRequest, res: Response): boolean {
  res.setHeader('Cache-Control', 'no-store');
  const wait = guard(req);
  if (wait <= 0) return false;
  res.setHeader('Retry-After', String(wait));
  fail(res, 429, 'rate-limited', 'Too many requests. Please wait a minute and try again.');
  return true;
}

async function servePublic(db: Firestore, guard: (req: ApiRequest) => number, kind: ShareKind, req: ApiRequest, res: Response) {
  if (refusedByRateLimit(guard, req, res)) return;
  const token = String(req.params.token ?? '');
  if (!isWellFormedToken(token)) return fail(res, 404, 'not-found', PUBLIC_DISABLED_MESSAGE);

  const share = (await shareRef(db, token).get()).data();
  if (!share) return fail(res, 404, 'not-found', PUBLIC_DISABLED_MESSAGE);
  if (share.kind !== kind) return fail(res, 404, 'not-found', PUBLIC_DISABLED_MESSAGE);
  if (share.enabled !== true) return fail(res, 410, 'disabled', PUBLIC_DISABLED_MESSAGE);

  const view = await readPublicView(db, share.projectId, kind);
  if (!view) return fail(res, 404, 'not-found', PUBLIC_DISABLED_MESSAGE);
  res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding');
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    res.setHeader('Content-Encoding', 'gzip');
    res.end(view);
  } else {
    res.end(gunzipView(view));
  }
}

function fail(res: Response, status: number, code: string, message: string) {
  res.status(status).json({ error: { code, message } });
}
