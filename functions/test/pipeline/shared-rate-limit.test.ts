/**
 * One visitor's limit across instances: each `SharedRateLimiter` here is one instance's (its own memory), all counting
 * in the one Firestore emulator, as instances of the API do. VERBATIM_FULL_LOAD=1 (npm run bench -- reliability) sends
 * 450 requests over 16 instances, as the attack did; the suite sends 120 over 8.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { FRONT_END_LEASES, PUBLIC_LEASES } from '../../src/api/public-router';
import { sharedVisitorRateLimit, visitorRateLimit } from '../../src/api/visitor-rate-limit';
import { readServerLimits } from '../../src/config/server-limits';
import { RateLimiter } from '../../src/publishing/rate-limit';
import { RATE_LIMITS_COLLECTION, SharedRateLimiter } from '../../src/publishing/shared-rate-limit';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';

const FULL = process.env.VERBATIM_FULL_LOAD === '1';
const INSTANCES = FULL ? 16 : 8;
const REQUESTS = FULL ? 450 : 120;
const LIMIT = FULL ? 120 : 40;
const WINDOW_MS = 60_000;

beforeEach(async () => {
  await clearFirestore();
});

/** Sends `requests` of `visitor` spread over the instances, `atOnce` in flight at a time; answers how many passed. */
async function burst(instances: SharedRateLimiter[], visitor: string, requests: number, atOnce = 8): Promise<number> {
  let passed = 0;
  for (let sent = 0; sent < requests; sent += atOnce) {
    const waits = await Promise.all(
      Array.from({ length: Math.min(atOnce, requests - sent) }, (_, i) => instances[(sent + i) % instances.length].take(visitor)),
    );
    passed += waits.filter((w) => w === 0).length;
  }
  return passed;
}

describe('one limit for a visitor across instances', () => {
  it(`${REQUESTS} requests of one visitor over ${INSTANCES} instances: at most the limit passes (plus each instance's first two), the rest told when to come back`, async () => {
    // A window that will not close during the test: the clock is held at its start.
    const start = Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS;
    const settings = { scope: 'public', limit: LIMIT, windowMs: WINDOW_MS, ...PUBLIC_LEASES, maxKeys: 1000 };
    const instances = Array.from({ length: INSTANCES }, () => new SharedRateLimiter(adminDb(), settings, () => start + 1000));
    const started = Date.now();
    const passed = await burst(instances, '198.51.100.7', REQUESTS);
    const elapsed = Date.now() - started;

    // Held in each instance's memory, as before: every request of the burst passed where it stayed under each
    // instance's own limit.
    const perInstance = Array.from({ length: INSTANCES }, () => new RateLimiter(LIMIT, WINDOW_MS));
    const passedPerInstance = Array.from({ length: REQUESTS }, (_, i) => perInstance[i % INSTANCES].take('198.51.100.7')).filter(Boolean).length;

    expect(passed).toBeGreaterThanOrEqual(LIMIT);
    expect(passed).toBeLessThanOrEqual(LIMIT + INSTANCES * PUBLIC_LEASES.free);
    expect(passedPerInstance).toBe(Math.min(REQUESTS, INSTANCES * LIMIT));
    // Refused once used up: told to wait for the window's end.
    expect(await instances[0].take('198.51.100.7')).toBe(59);
    // Another visitor has a limit of its own.
    expect(await instances[1].take('203.0.113.9')).toBe(0);
    // Stored under the limit's name and a hash, never the address.
    const stored = await adminDb().collection(RATE_LIMITS_COLLECTION).get();
    expect(stored.docs.map((d) => d.id).join(' ')).not.toContain('198.51.100.7');
    const leases = stored.docs.reduce((n, d) => n + Number(d.data().count), 0);
    console.log(
      `Public limit: ${REQUESTS} requests of one visitor over ${INSTANCES} instances, limit ${LIMIT} a minute: ${passed} passed shared ` +
        `(at most ${LIMIT} + ${PUBLIC_LEASES.free} per instance), ${passedPerInstance} per instance before; ` +
        `${leases} counted in Firestore; ${(elapsed / REQUESTS).toFixed(1)} ms a request on average`,
    );
  });

  it('the contact form: five a visitor per window over four instances, each one taken from the shared count', async () => {
    const start = Math.ceil(Date.now() / (10 * WINDOW_MS)) * 10 * WINDOW_MS;
    const settings = { scope: 'contact', limit: 5, windowMs: 10 * WINDOW_MS, lease: 1, free: 0, maxKeys: 1000 };
    const instances = Array.from({ length: 4 }, () => new SharedRateLimiter(adminDb(), settings, () => start + 1000));
    expect(await burst(instances, '198.51.100.8', 40, 4)).toBe(5);
  });

  it('a caller writing a new visitor into every request from one CDN edge meets that edge\'s limit once across instances, not once per instance', async () => {
    const start = Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS;
    const settings = { ...readServerLimits({}), perVisitor: 3, perFrontEnd: 60, windowMs: WINDOW_MS, maxKeys: 10_000 };
    const shared = (scope: string, limit: number, leases: { lease: number; free: number }) => new SharedRateLimiter(adminDb(), { scope, limit, windowMs: WINDOW_MS, ...leases, maxKeys: 10_000 }, () => start + 1000);
    const instances = Array.from({ length: INSTANCES }, () =>
      sharedVisitorRateLimit(settings, { perVisitor: shared('public', 3, PUBLIC_LEASES), perFrontEnd: shared('public-front-end', 60, FRONT_END_LEASES) }),
    );
    // Through Google's front end from a Fastly edge of Hosting's service (trusted), each request naming another visitor.
    const headers = (i: number) => ({
      'x-forwarded-for': `198.51.${i >> 8}.${i & 255}, 151.101.66.1`,
      'fastly-ff': 's48hDkrIORDrAz3sjuyh5gIWcInqIjSROZ47KAY+w/I=!LHR!cache-lhr7001-LHR',
    });
    const request = (i: number) => ({ headers: headers(i), socket: { remoteAddress: '169.254.8.1' } }) as unknown as IncomingMessage;
    const total = INSTANCES * 40;
    let passed = 0;
    for (let i = 0; i < total; i += 8) {
      const waits = await Promise.all(Array.from({ length: 8 }, (_, k) => instances[(i + k) % INSTANCES](request(i + k))));
      passed += waits.filter((w) => w === 0).length;
    }
    // Before: each instance held the edge's count in its own memory.
    const before = Array.from({ length: INSTANCES }, () => visitorRateLimit(settings));
    const passedBefore = Array.from({ length: total }, (_, i) => before[i % INSTANCES](request(i))).filter((w) => w === 0).length;
    expect(passedBefore).toBe(Math.min(total, INSTANCES * 60));
    expect(passed).toBeGreaterThanOrEqual(60);
    expect(passed).toBeLessThanOrEqual(60 + INSTANCES * FRONT_END_LEASES.free);
    console.log(`Front-end limit: ${total} requests from one CDN edge, each naming a new visitor, over ${INSTANCES} instances, limit 60 a minute: ${passed} passed shared, ${passedBefore} per instance before`);
  });

  it('a window that closes opens a new count', async () => {
    let now = Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS;
    const limiter = new SharedRateLimiter(adminDb(), { scope: 'public', limit: 3, windowMs: WINDOW_MS, lease: 2, free: 0, maxKeys: 10 }, () => now);
    expect(await burst([limiter], 'v', 5, 1)).toBe(3);
    now += WINDOW_MS;
    expect(await burst([limiter], 'v', 5, 1)).toBe(3);
  });
});
