import type { IncomingMessage } from 'node:http';
import { RateLimiter } from '../publishing/rate-limit';
import { frontEndAddress, visitorAddress } from './client-address';

export interface VisitorRateLimitSettings {
  /** Requests per window from one visitor's address. */
  perVisitor: number;
  /** Requests per window through one front-end address (a Hosting edge, or a caller of the function's own URL). */
  perFrontEnd: number;
  windowMs: number;
  /** X-Forwarded-For entries the platform appends (config/server-limits.ts). */
  trustedForwardedHops: number;
  /** Addresses each limiter remembers at most. */
  maxKeys: number;
}

/**
 * Two fixed windows for routes open to visitors: per visitor (the address the front ends appended,
 * never one the caller wrote) and, wider, per front-end address, so that a caller who skips Hosting
 * and forges the entries on the left still meets a limit. The returned check counts the request and
 * answers the seconds to wait, or 0 when it may pass.
 */
export function visitorRateLimit(settings: VisitorRateLimitSettings): (req: IncomingMessage) => number {
  const perVisitor = new RateLimiter(settings.perVisitor, settings.windowMs, settings.maxKeys);
  const perFrontEnd = new RateLimiter(settings.perFrontEnd, settings.windowMs, settings.maxKeys);
  return (req) => {
    const forwarded = req.headers['x-forwarded-for'];
    const socket = req.socket?.remoteAddress;
    const visitor = visitorAddress(forwarded, settings.trustedForwardedHops, socket);
    const frontEnd = frontEndAddress(forwarded, settings.trustedForwardedHops, socket);
    if (!perVisitor.take(visitor)) return perVisitor.retryAfter(visitor);
    if (!perFrontEnd.take(frontEnd)) return perFrontEnd.retryAfter(frontEnd);
    return 0;
  };
}
