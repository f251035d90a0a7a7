import { Router, type Response } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { PUBLIC_CLIP_REFUSED_MESSAGE, PUBLIC_CLIP_UNPLAYABLE_MESSAGE, PUBLIC_DISABLED_MESSAGE, PUBLIC_REEL_REFUSED_MESSAGE, type ShareKind } from '@verbatim/contract/share';
import { gunzipView, readPublicView } from '../publishing/public-view-store';
import type { ServerLimits } from '../config/server-limits';
import { publicClip, type ClipDeps } from '../publishing/public-clips';
import { playableRecordings, quotedInterviews, withRecordings } from '../publishing/public-recordings';
import { playableReels, publicReel } from '../publishing/public-reels';
import type { RecordingStore } from '../storage/recording-store';
import { shareRef } from '../publishing/share-service';
import { isWellFormedToken } from '../publishing/share-token';
import type { ApiRequest } from './request-context';
import { sendStoredBytes } from './stored-bytes-response';
import { SharedRateLimiter } from '../publishing/shared-rate-limit';
import { sharedVisitorRateLimit } from './visitor-rate-limit';

/**
 * The public pages' API: no login. A page costs two reads (the token, then the project's ready-made
 * view), and where visitors may play quotes also a query of its recordings and one of its reels (with
 * each candidate reel's clips); a clip or reel is checked anew on every request, ranges included.
 * Responses may be cached for 5 seconds at most, so a link the owner turns off stops serving within
 * seconds; errors and media are never cached.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, s-maxage=5';

/** The public limit's leases: a tenth of a minute's requests at a time, the first two of a window at once. */
export const PUBLIC_LEASES = { lease: 12, free: 2 } as const;
/** A front end (a CDN edge serving many visitors) is counted a hundred requests at a time, its first ten at once. */
export const FRONT_END_LEASES = { lease: 100, free: 10 } as const;

export function publicRouter(db: Firestore, limits: ServerLimits, recordings: RecordingStore): Router {
  const router = Router();
  const settings = {
    perVisitor: limits.publicRequestsPerMinute,
    perFrontEnd: limits.frontEndRequestsPerMinute,
    windowMs: 60_000,
    trustedProxies: limits.trustedProxies,
    maxKeys: limits.rateLimiterMaxKeys,
  };
  // One limit per visitor, and per front end, across instances; a page's first requests on an instance pass at once.
  const shared = {
    perVisitor: new SharedRateLimiter(db, { scope: 'public', limit: settings.perVisitor, windowMs: settings.windowMs, ...PUBLIC_LEASES, maxKeys: settings.maxKeys }),
    perFrontEnd: new SharedRateLimiter(db, { scope: 'public-front-end', limit: settings.perFrontEnd, windowMs: settings.windowMs, ...FRONT_END_LEASES, maxKeys: settings.maxKeys }),
  };
  const guard = sharedVisitorRateLimit(settings, shared);
  router.get('/summary/:token', (req: ApiRequest, res) => servePublic(db, guard, 'summary', req, res));
  router.get('/interviews/:token', (req: ApiRequest, res) => servePublic(db, guard, 'interviews', req, res));
  // A quote's clip, when the owner lets visitors play quotes: its bytes and nothing else of the recording. Checked on
  // every request (ranges included); 404 whatever the reason it is refused.
  router.get('/interviews/:token/clips/:clipId', (req: ApiRequest, res) => serveClip({ db, store: recordings }, guard, req, res));
  // A finding's highlight reel, under the same rule: its clips and title cards, never the recording.
  router.get('/interviews/:token/reels/:reelId', (req: ApiRequest, res) => serveReel(db, recordings, guard, req, res));
  return router;
}

async function serveReel(db: Firestore, store: RecordingStore, guard: (req: ApiRequest) => Promise<number>, req: ApiRequest, res: Response) {
  if (await refusedByRateLimit(guard, req, res)) return;
  const token = String(req.params.token ?? '');
  if (!isWellFormedToken(token)) return fail(res, 404, 'not-found', PUBLIC_DISABLED_MESSAGE);
  const answer = await publicReel(db, store, token, String(req.params.reelId ?? ''));
  if (answer.kind === 'refused') return fail(res, 404, answer.disabled ? 'disabled' : 'not-found', answer.disabled ? PUBLIC_DISABLED_MESSAGE : PUBLIC_REEL_REFUSED_MESSAGE);
  const reel = { size: answer.size, contentType: 'video/mp4', read: (start: number, end: number) => store.readRange(answer.path, start, end) };
  await sendStoredBytes(req, res, reel, 'The requested range is outside the reel.');
}

async function serveClip(deps: ClipDeps, guard: (req: ApiRequest) => Promise<number>, req: ApiRequest, res: Response) {
  if (await refusedByRateLimit(guard, req, res)) return;
  const token = String(req.params.token ?? '');
  if (!isWellFormedToken(token)) return fail(res, 404, 'not-found', PUBLIC_DISABLED_MESSAGE);
  const answer = await publicClip(deps, token, String(req.params.clipId ?? ''));
  if (answer.kind === 'refused') return fail(res, 404, answer.disabled ? 'disabled' : 'not-found', answer.disabled ? PUBLIC_DISABLED_MESSAGE : PUBLIC_CLIP_REFUSED_MESSAGE);
  if (answer.kind === 'unplayable') return fail(res, 422, 'unplayable', PUBLIC_CLIP_UNPLAYABLE_MESSAGE);
  const clip = { size: answer.size, contentType: answer.contentType, read: (start: number, end: number) => deps.store.readRange(answer.path, start, end) };
  await sendStoredBytes(req, res, clip, 'The requested range is outside the clip.');
}

/** Nothing public is cached but a view; a visitor over the rate limit gets 429 with when to try again (true: answered). */
async function refusedByRateLimit(guard: (req: ApiRequest) => Promise<number>, req: ApiRequest, res: Response): Promise<boolean> {
  res.setHeader('Cache-Control', 'no-store');
  const wait = await guard(req);
  if (wait <= 0) return false;
  res.setHeader('Retry-After', String(wait));
  fail(res, 429, 'rate-limited', 'Too many requests. Please wait a minute and try again.');
  return true;
}

async function servePublic(db: Firestore, guard: (req: ApiRequest) => Promise<number>, kind: ShareKind, req: ApiRequest, res: Response) {
  if (await refusedByRateLimit(guard, req, res)) return;
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
  // Visitors may play quotes: the page learns which of the interviews it quotes have a recording.
  if (kind === 'interviews' && share.playRecordings === true) {
    const parsed = JSON.parse(gunzipView(view).toString('utf8')) as Record<string, unknown>;
    const [recordings, reels] = await Promise.all([playableRecordings(db, share, quotedInterviews(parsed)), playableReels(db, share)]);
    if (recordings) return res.end(withRecordings(parsed, recordings, reels ?? []));
  }
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
