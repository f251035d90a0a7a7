import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readServerLimits } from '../../../src/config/server-limits';
import { visitorRateLimit } from '../../../src/api/visitor-rate-limit';
import { TrustedProxies, untrustedCdnHop } from '../../../src/api/client-address';

// Requests as the function receives them, with X-Forwarded-For as each setup builds it. In production the connection
// comes from Google's front end (a link-local address on Cloud Run), which appends the address that connected to it;
// behind Firebase Hosting that is a Fastly edge, which appended the visitor first.
const GOOGLE_FRONT_END = '169.254.8.1';
const FASTLY_EDGE = '151.101.66.1';
const OTHER_FASTLY_EDGE = '2a04:4e42:200::313';
const VISITOR = '198.51.100.7';
// Fastly writes `{service hash}!{data centre}!{server}` into Fastly-FF for each node; Firebase Hosting's service hash as
// public captures of its requests show it, and another Fastly customer's.
const HOSTING_SERVICE = 's48hDkrIORDrAz3sjuyh5gIWcInqIjSROZ47KAY+w/I=';
const OTHER_SERVICE = 'qZarR/12OL0QOq4VyQPmqQ/CTp17AZv0d6cSG5nUSxU=';
const ffEntry = (service: string, n = 1) => `${service}!LHR!cache-lhr70${n}-LHR`;

type Request = { forwardedFor?: string; socket?: string; fastlyFF?: string };
const viaHosting = (visitor: string, forged = '', edge = FASTLY_EDGE): Request => ({
  forwardedFor: [forged, visitor, edge].filter(Boolean).join(', '),
  socket: GOOGLE_FRONT_END,
  fastlyFF: ffEntry(HOSTING_SERVICE),
});
/** Through another customer's Fastly service that hands requests to the function's URL, writing any visitor it likes. */
const viaOtherService = (visitor: string, edge = FASTLY_EDGE, fastlyFF = ffEntry(OTHER_SERVICE)): Request => ({
  forwardedFor: `${visitor}, ${edge}`,
  socket: GOOGLE_FRONT_END,
  fastlyFF,
});
const direct = (caller: string, forged = ''): Request => ({ forwardedFor: [forged, caller].filter(Boolean).join(', '), socket: GOOGLE_FRONT_END });
// The emulators: the Functions runtime is reached over a local socket (no address), and nothing is appended.
const emulated = (forged?: string): Request => ({ forwardedFor: forged });

/** A limit of 3 per visitor and 6 per front end under the server limits `env` gives, counting `requests` in order. */
function statuses(env: Record<string, string | undefined>, requests: Request[]): number[] {
  const limits = readServerLimits(env);
  const guard = visitorRateLimit({ ...limits, perVisitor: 3, perFrontEnd: 6, windowMs: 60_000, maxKeys: 1_000 });
  return requests.map((r) => {
    const headers = {
      ...(r.forwardedFor === undefined ? {} : { 'x-forwarded-for': r.forwardedFor }),
      ...(r.fastlyFF === undefined ? {} : { 'fastly-ff': r.fastlyFF }),
    };
    const req = { headers, socket: { remoteAddress: r.socket } };
    return guard(req as unknown as IncomingMessage) > 0 ? 429 : 200;
  });
}

const PRODUCTION = {};
const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
const forgedEntries = (i: number) => [`10.${i}.0.9`, `203.0.113.${i}, ${FASTLY_EDGE}`, 'not-an-address', `2001:db8:${i}::1`, '169.254.1.1'][i % 5];

describe('who a visitor is, behind Firebase Hosting', () => {
  it('a visitor counts as one whatever it writes on the left, whichever edge it reaches, and across its IPv6 /64; others pass', () => {
    const forging = [...times(3, () => viaHosting(VISITOR)), ...times(10, (i) => viaHosting(VISITOR, forgedEntries(i))), viaHosting('198.51.100.8')];
    expect(statuses(PRODUCTION, forging)).toEqual([...times(3, () => 200), ...times(10, () => 429), 200]);
    const edges = [FASTLY_EDGE, OTHER_FASTLY_EDGE, '23.235.33.9', '2a04:4e40::9'].map((edge) => viaHosting(VISITOR, '', edge));
    // A server listening on IPv6 sees Google's front end as an IPv4-mapped address.
    edges[2].socket = `::ffff:${GOOGLE_FRONT_END}`;
    expect(statuses(PRODUCTION, edges)).toEqual([200, 200, 200, 429]);
    // A subscriber line or a server holds a /64: a new address from it for every request is still the same visitor.
    const rotating = times(5, (i) => viaHosting(`2001:db8:7:7:${i}::${i + 1}`, '', OTHER_FASTLY_EDGE));
    expect(statuses(PRODUCTION, [...rotating, viaHosting('2001:db8:7:8::1', '', OTHER_FASTLY_EDGE)])).toEqual([200, 200, 200, 429, 429, 200]);
    // One edge carries at most the wider per-front-end limit, whatever visitors it names (so does code run on Fastly
    // itself, which could name any visitor).
    expect(statuses(PRODUCTION, times(8, (i) => viaHosting(`192.0.2.${i}`)))).toEqual([...times(6, () => 200), 429, 429]);
    // Nor is a chain of Fastly addresses longer than any setup's followed to its end, however long the header.
    const longChain = times(12, (i) => `151.101.7.${i}`).join(', ');
    expect(statuses(PRODUCTION, times(4, (i) => viaHosting(longChain, `192.0.2.${i}`)))).toEqual([200, 200, 200, 429]);
  });
});

describe('who a visitor is, when the hop is Fastly but the service is not our Hosting', () => {
  it("another customer's Fastly service counts as its own edge, whatever visitors it writes", () => {
    const requests = times(5, (i) => viaOtherService(`192.0.2.${i}`));
    expect(statuses(PRODUCTION, requests)).toEqual([200, 200, 200, 429, 429]);
    // Its entries cannot pose as Hosting's: Fastly appends the service that hands the request on last.
    const posing = times(5, (i) => viaOtherService(`192.0.2.${i}`, FASTLY_EDGE, `${ffEntry(HOSTING_SERVICE)}, ${ffEntry(OTHER_SERVICE, 2)}`));
    expect(statuses(PRODUCTION, posing)).toEqual([200, 200, 200, 429, 429]);
    // A Fastly hop with no Fastly-FF at all vouches for nothing.
    const unmarked = times(4, (i) => ({ ...viaOtherService(`192.0.2.${i}`), fastlyFF: undefined }));
    expect(statuses(PRODUCTION, unmarked)).toEqual([200, 200, 200, 429]);
  });

  it("a service chained in front of our Hosting is stopped at its own hop: each of Hosting's nodes vouches for one hop only", () => {
    // Hosting's edge and shield, each with its entry; before them the other service's node, which wrote the visitors.
    const SHIELD = '151.101.2.9';
    const OTHER_NODE = '151.101.130.5';
    const chained = times(5, (i) => ({
      forwardedFor: `192.0.2.${i}, ${OTHER_NODE}, ${FASTLY_EDGE}, ${SHIELD}`,
      socket: GOOGLE_FRONT_END,
      fastlyFF: [ffEntry(OTHER_SERVICE), ffEntry(HOSTING_SERVICE, 2), ffEntry(HOSTING_SERVICE, 3)].join(', '),
    }));
    expect(statuses(PRODUCTION, chained)).toEqual([200, 200, 200, 429, 429]);
    // Our Hosting with a shield: both of its hops are passed and each visitor counts as itself.
    const shielded = times(5, (i) => ({
      forwardedFor: `192.0.2.${i}, ${FASTLY_EDGE}, ${SHIELD}`,
      socket: GOOGLE_FRONT_END,
      fastlyFF: `${ffEntry(HOSTING_SERVICE, 2)}, ${ffEntry(HOSTING_SERVICE, 3)}`,
    }));
    expect(statuses(PRODUCTION, shielded)).toEqual(times(5, () => 200));
  });

  it('an operator can name another service by its hash; a wrong entry stops the server with a message naming it', () => {
    expect(statuses({ TRUSTED_CDN_SERVICES: `firebase-hosting, ${OTHER_SERVICE}` }, times(5, (i) => viaOtherService(`192.0.2.${i}`)))).toEqual(
      times(5, () => 200),
    );
    expect(() => readServerLimits({ TRUSTED_CDN_SERVICES: 'firebase-hosting, fastly, abc!LHR' })).toThrow(
      'TRUSTED_CDN_SERVICES="firebase-hosting, fastly, abc!LHR" must list "firebase-hosting" or service hashes as the first field of a Fastly-FF entry shows them (44 characters ending in "="), separated by commas; "fastly", "abc!LHR" are neither',
    );
  });
});

describe("who a visitor is, calling the function's own URL", () => {
  it('the caller is keyed on its own address with the per-visitor limit, whatever entries it forges, a Hosting-shaped chain included', () => {
    expect(statuses(PRODUCTION, times(8, (i) => direct('203.0.113.50', forgedEntries(i))))).toEqual([200, 200, 200, ...times(5, () => 429)]);
    // A visitor, then a Fastly address, written by the caller: Google's front end appends the real caller after them.
    const hostingShaped = times(6, (i) => ({ ...direct('203.0.113.51', `198.51.100.${i}, ${FASTLY_EDGE}`), fastlyFF: ffEntry(HOSTING_SERVICE) }));
    expect(statuses(PRODUCTION, hostingShaped)).toEqual([200, 200, 200, 429, 429, 429]);
  });
});

/** The functions' environment `npm start` runs the demo project with (functions/.env, then .env.demo-verbatim). */
function demoProjectEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const file of ['.env', '.env.demo-verbatim']) {
    for (const line of readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8').split('\n')) {
      const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
      if (match) env[match[1]] = match[2];
    }
  }
  return env;
}

describe('who a visitor is, on the emulators (npm start and the tests, one setting)', () => {
  it('every caller is the one local visitor: X-Forwarded-For entries, forged or Fastly-shaped, are never read', () => {
    const requests = [
      emulated(),
      emulated(VISITOR),
      ...times(10, (i) => emulated(forgedEntries(i))),
      { ...emulated(`${VISITOR}, ${FASTLY_EDGE}`), fastlyFF: ffEntry(HOSTING_SERVICE) },
    ];
    expect(statuses(demoProjectEnv(), requests)).toEqual([200, 200, 200, ...times(10, () => 429)]);
  });
});

describe('TRUSTED_PROXIES', () => {
  it('an operator can trust another range in front of the function; the names and the ranges together', () => {
    const requests = times(4, (i) => viaHosting(`198.51.100.${i}`, '', '192.0.2.10'));
    expect(statuses({ TRUSTED_PROXIES: 'platform, fastly, 192.0.2.0/24' }, requests)).toEqual([200, 200, 200, 200]);
    // Without it, that hop is the visitor: the entries to its left are not read.
    expect(statuses(PRODUCTION, requests)).toEqual([200, 200, 200, 429]);
  });

  it('a list with anything but names and address ranges stops the server with a message naming each wrong entry', () => {
    expect(() => readServerLimits({ TRUSTED_PROXIES: 'fastly, cloudflare, 10.0.0.0/33' })).toThrow(
      'TRUSTED_PROXIES="fastly, cloudflare, 10.0.0.0/33" must list "platform", "fastly" or address ranges such as 203.0.113.0/24 or 2001:db8::/32, separated by commas; "cloudflare", "10.0.0.0/33" are not one of them',
    );
    expect(() => readServerLimits({ TRUSTED_PROXIES: ',' })).toThrow(/TRUSTED_PROXIES="," must list .*; it lists nothing/);
    expect(() => readServerLimits({ TRUSTED_PROXIES: 'constructor' })).toThrow(/"constructor" is not one of them/);
    expect(readServerLimits({ TRUSTED_PROXIES: ' ' }).trustedProxies).toEqual(readServerLimits({}).trustedProxies);
    // Fastly's ranges stand apart: trusted only per request, for a trusted service.
    expect(readServerLimits({ TRUSTED_PROXIES: 'platform' }).trustedProxies.cdnRanges).toEqual([]);
  });

  it('the hop count it replaces is refused with a message saying what to do', () => {
    expect(() => readServerLimits({ TRUSTED_FORWARDED_HOPS: '1' })).toThrow(
      /TRUSTED_FORWARDED_HOPS is no longer read: remove it \(TRUSTED_PROXIES says which hops are trusted/,
    );
  });
});

describe('a Hosting request from a hop the list does not trust', () => {
  const trusted = new TrustedProxies(readServerLimits({}).trustedProxies);
  const marked = (forwardedFor: string, mark: Record<string, string> = { 'fastly-ff': ffEntry(HOSTING_SERVICE) }) => ({ 'x-forwarded-for': forwardedFor, ...mark });

  it('is named, so the operator can add the range CDN traffic now comes from (else its visitors share one limit)', () => {
    expect(untrustedCdnHop(marked(`${VISITOR}, 34.96.0.1`), GOOGLE_FRONT_END, trusted)).toEqual({ hop: '34.96.0.1', service: null });
    expect(untrustedCdnHop(marked(`${VISITOR}, 34.96.0.1`, { 'cdn-loop': 'Fastly, Fastly' }), GOOGLE_FRONT_END, trusted)).toEqual({
      hop: '34.96.0.1',
      service: null,
    });
  });

  it("names the service when the hop is Fastly's but the service is not trusted (should Hosting's hash change)", () => {
    expect(untrustedCdnHop(marked(`${VISITOR}, ${FASTLY_EDGE}`, { 'fastly-ff': ffEntry(OTHER_SERVICE) }), GOOGLE_FRONT_END, trusted)).toEqual({
      hop: FASTLY_EDGE,
      service: OTHER_SERVICE,
    });
  });

  it('is not named when the hop is trusted, the request bears no CDN mark, or nothing trusted connected (the emulators)', () => {
    expect(untrustedCdnHop(marked(`${VISITOR}, ${FASTLY_EDGE}`), GOOGLE_FRONT_END, trusted)).toBeNull();
    expect(untrustedCdnHop({ 'x-forwarded-for': `${VISITOR}, 34.96.0.1` }, GOOGLE_FRONT_END, trusted)).toBeNull();
    expect(untrustedCdnHop(marked(`${VISITOR}, 34.96.0.1`), undefined, trusted)).toBeNull();
  });
});
