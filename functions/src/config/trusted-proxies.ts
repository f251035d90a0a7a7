import { isIP } from 'node:net';
import { FASTLY_ADDRESS_RANGES } from './fastly-address-ranges';

/**
 * Which hops in front of the function may tell us who connected to them (config/server-limits.ts reads it from
 * `TRUSTED_PROXIES` and `TRUSTED_CDN_SERVICES`). Pure.
 */

/** The hops trusted to append who connected to them. */
export interface TrustedProxySettings {
  /** Address ranges (`address/prefix`) whose hops are always trusted: the platform's own hop and any an operator lists. */
  ranges: readonly string[];
  /**
   * Address ranges of a CDN shared with its other customers (Fastly): a hop from one of them is trusted only as far as
   * the request's `Fastly-FF` says it passed through one of `cdnServices`, one hop for each of that header's trailing
   * entries of such a service.
   */
  cdnRanges: readonly string[];
  /** The CDN services whose hops are ours: the service field of a `Fastly-FF` entry (before its first `!`). */
  cdnServices: readonly string[];
}

/** The names `TRUSTED_PROXIES` takes, each standing for the ranges of a hop we ship with. */
export const TRUSTED_PROXY_NAMES = {
  /**
   * The platform's own hop: on Cloud Run (under Cloud Functions v2) the request reaches the instance from a link-local
   * address of Google's front end, which appends the address that connected to it to X-Forwarded-For. No caller on the
   * internet connects from a link-local address.
   */
  platform: ['169.254.0.0/16', 'fe80::/10'],
  /**
   * Fastly, the CDN in front of Firebase Hosting: it appends the visitor's address before it hands the request on. Every
   * Fastly customer's service connects from these ranges, so they are CDN ranges: trusted only for the services named
   * in `TRUSTED_CDN_SERVICES`.
   */
  fastly: FASTLY_ADDRESS_RANGES,
} satisfies Record<string, readonly string[]>;

/** Names in `TRUSTED_PROXIES` whose ranges are a shared CDN's (trusted per request by its service, above). */
const CDN_NAMES: ReadonlySet<string> = new Set(['fastly']);

/** Behind Firebase Hosting and on a call to the function's own URL alike. */
export const DEFAULT_TRUSTED_PROXIES = 'platform, fastly';

/**
 * The services `TRUSTED_CDN_SERVICES` takes by name. Fastly writes each node a request passes through into `Fastly-FF`
 * as `{salted hash of the service}!{data centre}!{server}`; VCL cannot change that header, so its last entries name the
 * service that handed the request on. Firebase Hosting is one Fastly service for every Hosting site, and a Hosting
 * site can hand a request only to its own project's functions: a hop of that service that reaches this function is our
 * Hosting. Its hash as public captures of Hosting's requests to functions and Cloud Run show it (three sites, data
 * centres TYO, PAO and EZE, edge and shield alike).
 */
export const TRUSTED_CDN_SERVICE_NAMES = {
  'firebase-hosting': ['s48hDkrIORDrAz3sjuyh5gIWcInqIjSROZ47KAY+w/I='],
} satisfies Record<string, readonly string[]>;

export const DEFAULT_TRUSTED_CDN_SERVICES = 'firebase-hosting';

/** The ranges `setting` lists, the shared CDN's apart, or what is wrong with it. */
export function parseTrustedProxies(setting: string): { ranges: string[]; cdnRanges: string[] } | { problem: string } {
  const entries = setting.split(/[\s,]+/).filter((entry) => entry !== '');
  const ranges: string[] = [];
  const cdnRanges: string[] = [];
  const wrong: string[] = [];
  for (const entry of entries) {
    const name = entry.toLowerCase();
    const named = Object.hasOwn(TRUSTED_PROXY_NAMES, name) ? TRUSTED_PROXY_NAMES[name as keyof typeof TRUSTED_PROXY_NAMES] : null;
    const range = named ? null : addressRange(entry);
    if (named) (CDN_NAMES.has(name) ? cdnRanges : ranges).push(...named);
    else if (range) ranges.push(range);
    else wrong.push(JSON.stringify(entry));
  }
  if (wrong.length > 0 || ranges.length + cdnRanges.length === 0) {
    const names = Object.keys(TRUSTED_PROXY_NAMES).map((name) => `"${name}"`).join(', ');
    const what = wrong.length > 0 ? `${wrong.join(', ')} ${wrong.length === 1 ? 'is' : 'are'} not one of them` : 'it lists nothing';
    return { problem: `must list ${names} or address ranges such as 203.0.113.0/24 or 2001:db8::/32, separated by commas; ${what}` };
  }
  return { ranges, cdnRanges };
}

/** A Fastly service hash: base64 of a 32-byte digest. */
const SERVICE_HASH = /^[A-Za-z0-9+/]{43}=$/;

/** The services `setting` lists (names above, or hashes as `Fastly-FF` shows them), or what is wrong with it. */
export function parseTrustedCdnServices(setting: string): { services: string[] } | { problem: string } {
  const services: string[] = [];
  const wrong: string[] = [];
  for (const entry of setting.split(/[\s,]+/).filter((e) => e !== '')) {
    const name = entry.toLowerCase();
    if (Object.hasOwn(TRUSTED_CDN_SERVICE_NAMES, name)) services.push(...TRUSTED_CDN_SERVICE_NAMES[name as keyof typeof TRUSTED_CDN_SERVICE_NAMES]);
    else if (SERVICE_HASH.test(entry)) services.push(entry);
    else wrong.push(JSON.stringify(entry));
  }
  if (wrong.length > 0) {
    const names = Object.keys(TRUSTED_CDN_SERVICE_NAMES).map((name) => `"${name}"`).join(', ');
    return {
      problem: `must list ${names} or service hashes as the first field of a Fastly-FF entry shows them (44 characters ending in "="), separated by commas; ${wrong.join(', ')} ${wrong.length === 1 ? 'is' : 'are'} neither`,
    };
  }
  return { services };
}

/** `address/prefix` for a range or a bare address, or null when `text` is neither. */
function addressRange(text: string): string | null {
  const match = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(text);
  if (!match) return null;
  const family = isIP(match[1]);
  if (family === 0) return null;
  const bits = family === 4 ? 32 : 128;
  const prefix = match[2] === undefined ? bits : Number(match[2]);
  return prefix <= bits ? `${match[1]}/${prefix}` : null;
}
