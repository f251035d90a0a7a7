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

type Request = { forwardedFor?: string; socket?: string };
const viaHosting = (visitor: string, forged = '', edge = FASTLY_EDGE): Request => ({
  forwardedFor: [forged, visitor, edge].filter(Boolean).join(', '),
  socket: GOOGLE_FRONT_END,
});
const direct = (caller: string, forged = ''): Request => ({ forwardedFor: [forged, caller].filter(Boolean).join(', '), socket: GOOGLE_FRONT_END });
// The emulators: the Functions runtime is reached over a local socket (no address), and nothing is appended.
const emulated = (forged?: string): Request => ({ forwardedFor: forged });

/** A limit of 3 per visitor and 6 per front end under the server limits `env` gives, counting `requests` in order. */
function statuses(env: Record<string, string | undefined>, requests: Request[]): number[] {
  const limits = readServerLimits(env);
  const guard = visitorRateLimit({ ...limits, perVisitor: 3, perFrontEnd: 6, windowMs: 60_000, maxKeys: 1_000 });
  return requests.map((r) => {
    const req = { headers: r.forwardedFor === undefined ? {} : { 'x-forwarded-for': r.forwardedFor }, socket: { remoteAddress: r.socket } };
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

describe("who a visitor is, calling the function's own URL", () => {
  it('the caller is keyed on its own address with the per-visitor limit, whatever entries it forges, a Hosting-shaped chain included', () => {
    expect(statuses(PRODUCTION, times(8, (i) => direct('203.0.113.50', forgedEntries(i))))).toEqual([200, 200, 200, ...times(5, () => 429)]);
    // A visitor, then a Fastly address, written by the caller: Google's front end appends the real caller after them.
    const hostingShaped = times(6, (i) => direct('203.0.113.51', `198.51.100.${i}, ${FASTLY_EDGE}`));
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
    const requests = [emulated(), emulated(VISITOR), ...times(10, (i) => emulated(forgedEntries(i))), emulated(`${VISITOR}, ${FASTLY_EDGE}`)];
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
  });

  it('the hop count it replaces is refused with a message saying what to do', () => {
    expect(() => readServerLimits({ TRUSTED_FORWARDED_HOPS: '1' })).toThrow(
      /TRUSTED_FORWARDED_HOPS is no longer read: remove it \(TRUSTED_PROXIES says which hops are trusted/,
    );
  });
});

describe('a Hosting request from a hop the list does not trust', () => {
  const trusted = new TrustedProxies(readServerLimits({}).trustedProxies);
  const marked = (forwardedFor: string, mark: Record<string, string> = { 'fastly-ff': 'abc!LHR!cache-lhr1' }) => ({ 'x-forwarded-for': forwardedFor, ...mark });

  it('is named, so the operator can add the range CDN traffic now comes from (else its visitors share one limit)', () => {
    expect(untrustedCdnHop(marked(`${VISITOR}, 34.96.0.1`), GOOGLE_FRONT_END, trusted)).toBe('34.96.0.1');
    expect(untrustedCdnHop(marked(`${VISITOR}, 34.96.0.1`, { 'cdn-loop': 'Fastly, Fastly' }), GOOGLE_FRONT_END, trusted)).toBe('34.96.0.1');
  });

  it('is not named when the hop is trusted, the request bears no CDN mark, or nothing trusted connected (the emulators)', () => {
    expect(untrustedCdnHop(marked(`${VISITOR}, ${FASTLY_EDGE}`), GOOGLE_FRONT_END, trusted)).toBeNull();
    expect(untrustedCdnHop({ 'x-forwarded-for': `${VISITOR}, 34.96.0.1` }, GOOGLE_FRONT_END, trusted)).toBeNull();
    expect(untrustedCdnHop(marked(`${VISITOR}, 34.96.0.1`), undefined, trusted)).toBeNull();
  });
});
