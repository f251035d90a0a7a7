import type { IncomingMessage } from 'node:http';
import { RateLimiter } from '../publishing/rate-limit';
import type { SharedRateLimiter } from '../publishing/shared-rate-limit';
import { logs } from '../lib/logs';
import type { TrustedProxySettings } from '../config/trusted-proxies';
import { callerKeys, TrustedProxies, untrustedCdnHop } from './client-address';

export interface VisitorRateLimitSettings {
  /** Requests per window from one visitor's address. */
  perVisitor: number;
  /** Requests per window through one front-end address (a Hosting edge; a direct caller meets its per-visitor limit first). */
  perFrontEnd: number;
  windowMs: number;
  /** The hops trusted to append who connected to them (config/server-limits.ts). */
  trustedProxies: TrustedProxySettings;
  /** Addresses each limiter remembers at most. */
  maxKeys: number;
}

const MAX_REPORTED_HOPS = 20;

/**
 * Two fixed windows for routes open to visitors: per visitor (found through trusted hops only, never an address the
 * caller wrote) and, wider, per front-end address, so that a caller connecting from a trusted range still meets a
 * limit whatever it writes. The returned check counts the request and answers the seconds to wait, or 0 when it may pass.
 */
export function visitorRateLimit(settings: VisitorRateLimitSettings): (req: IncomingMessage) => number {
  const guard = visitorGuard(settings);
  return (req) => guard(req).wait;
}

/**
 * The same limits in this instance's memory first (a visitor over them is refused without another look), then the
 * visitor's one limit across every instance (`shared.perVisitor`: publishing/shared-rate-limit.ts), so that a visitor
 * whose requests land on many instances still meets one limit; and for a request that came through trusted hops, its
 * front end's one limit across every instance (`shared.perFrontEnd`): whoever can write a visitor's address from a
 * trusted range (any customer of the same CDN) meets that edge's limit once, not once per instance.
 */
export function sharedVisitorRateLimit(
  settings: VisitorRateLimitSettings,
  shared: { perVisitor: SharedRateLimiter; perFrontEnd: SharedRateLimiter },
): (req: IncomingMessage) => Promise<number> {
  const guard = visitorGuard(settings);
  return async (req) => {
    const { wait, visitor, frontEnd } = guard(req);
    if (wait > 0) return wait;
    const visitorWait = await shared.perVisitor.take(visitor);
    if (visitorWait > 0 || frontEnd === visitor) return visitorWait;
    return shared.perFrontEnd.take(frontEnd);
  };
}

function visitorGuard(settings: VisitorRateLimitSettings): (req: IncomingMessage) => { wait: number; visitor: string; frontEnd: string } {
  const perVisitor = new RateLimiter(settings.perVisitor, settings.windowMs, settings.maxKeys);
  const perFrontEnd = new RateLimiter(settings.perFrontEnd, settings.windowMs, settings.maxKeys);
  const trusted = new TrustedProxies(settings.trustedProxies);
  // Hops (or CDN services) that looked like Hosting's CDN but are not trusted, each logged once per instance (a bounded few).
  const reported = new Set<string>();
  return (req) => {
    const untrusted = reported.size < MAX_REPORTED_HOPS ? untrustedCdnHop(req.headers, req.socket?.remoteAddress, trusted) : null;
    const key = untrusted === null ? null : (untrusted.service ?? untrusted.hop);
    if (untrusted !== null && key !== null && !reported.has(key)) {
      reported.add(key);
      if (untrusted.service !== null) logs.untrustedCdnService(untrusted.service, untrusted.hop);
      else logs.untrustedCdnHop(untrusted.hop);
    }
    const { visitor, frontEnd } = callerKeys(req.headers['x-forwarded-for'], req.socket?.remoteAddress, trusted, req.headers['fastly-ff']);
    if (!perVisitor.take(visitor)) return { wait: perVisitor.retryAfter(visitor), visitor, frontEnd };
    if (!perFrontEnd.take(frontEnd)) return { wait: perFrontEnd.retryAfter(frontEnd), visitor, frontEnd };
    return { wait: 0, visitor, frontEnd };
  };
}
