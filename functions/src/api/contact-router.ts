import { Router } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { parseContactRequest } from '../domain/contact';
import { saveContactRequest } from '../contact/contact-store';
import { logs } from '../lib/logs';
import { RateLimiter } from '../share/rate-limit';
import { HttpError } from './http-error';
import { objectBody } from './json-body';
import type { ApiRequest } from './request-context';

/** A visitor may send this many accepted requests per window (invalid ones store nothing and do not count). */
export const CONTACT_LIMIT = { requests: 5, windowMs: 10 * 60_000 } as const;

/**
 * `POST /contact`: the Team/Enterprise contact form, no login needed. Validated like the form,
 * stored in `contactRequests`, logged as `contact.requested` (without the name, email or notes).
 */
export function contactRouter(db: Firestore, limiter = new RateLimiter(CONTACT_LIMIT.requests, CONTACT_LIMIT.windowMs)): Router {
  const router = Router();
  router.post('/', async (req: ApiRequest, res) => {
    const parsed = parseContactRequest(objectBody(req));
    if (!parsed.ok) throw new HttpError(400, parsed.message, 'invalid-contact-request');
    const visitor = req.ip ?? 'unknown';
    if (!limiter.take(visitor)) {
      res.setHeader('Retry-After', String(limiter.retryAfter(visitor)));
      throw new HttpError(429, 'Too many requests from here. Please wait a few minutes, or email us instead.');
    }
    const id = await saveContactRequest(db, parsed.request, { uid: req.caller?.uid ?? null });
    logs.contactRequested(id, parsed.request.size);
    res.status(201).json({ received: true });
  });
  return router;
}
