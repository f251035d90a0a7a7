import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { parseContactRequest } from '@verbatim/contract/request-bodies';
import { saveContactRequest } from '../contact/contact-store';
import { logs } from '../lib/logs';
import type { ServerLimits } from '../config/server-limits';
import { HttpError } from './http-error';
import { objectBody } from './json-body';
import type { ApiRequest } from './request-context';
import { SharedRateLimiter } from '../publishing/shared-rate-limit';
import { sharedVisitorRateLimit } from './visitor-rate-limit';

/**
 * A visitor may send this many accepted requests per window (invalid ones store nothing and do not
 * count); one front-end address (a Hosting edge serving many visitors) this many.
 */
export const CONTACT_LIMIT = { requests: 5, frontEndRequests: 100, windowMs: 10 * 60_000 } as const;

/**
 * `POST /contact`: the Team/Enterprise contact form, no login needed. Validated like the form,
 * stored in `contactRequests`, logged as `contact.requested` (without the name, email or notes).
 */
export function contactRouter(db: Firestore, limits: ServerLimits): Router {
  const router = Router();
  const settings = {
    perVisitor: CONTACT_LIMIT.requests,
    perFrontEnd: CONTACT_LIMIT.frontEndRequests,
    windowMs: CONTACT_LIMIT.windowMs,
    trustedProxies: limits.trustedProxies,
    maxKeys: limits.rateLimiterMaxKeys,
  };
  // One limit per visitor and per front end across instances, each request taken from the shared count (a form is sent rarely).
  const sharedLimit = (scope: string, limit: number) => new SharedRateLimiter(db, { scope, limit, windowMs: settings.windowMs, lease: 1, free: 0, maxKeys: settings.maxKeys });
  const guard = sharedVisitorRateLimit(settings, { perVisitor: sharedLimit('contact', settings.perVisitor), perFrontEnd: sharedLimit('contact-front-end', settings.perFrontEnd) });
  router.post('/', async (req: ApiRequest, res) => {
    const parsed = parseContactRequest(objectBody(req));
    if (!parsed.ok) throw new HttpError(400, parsed.message, 'invalid-contact-request');
    const wait = await guard(req);
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      throw new HttpError(429, 'Too many requests from here. Please wait a few minutes, or email us instead.');
    }
    const id = await saveContactRequest(db, parsed.request, { uid: req.caller?.uid ?? null });
    logs.contactRequested(id, parsed.request.size);
    res.status(201).json({ received: true });
  });
  return router;
}
