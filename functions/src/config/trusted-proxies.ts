import { isIP } from 'node:net';
import { FASTLY_ADDRESS_RANGES } from './fastly-address-ranges';

/**
 * Which hops in front of the function may tell us who connected to them (config/server-limits.ts reads it from
 * `TRUSTED_PROXIES`): a list of address ranges and of these names, each standing for the ranges of a hop we ship with.
 * Pure.
 */
export const TRUSTED_PROXY_NAMES = {
  /**
   * The platform's own hop: on Cloud Run (under Cloud Functions v2) the request reaches the instance from a link-local
   * address of Google's front end, which appends the address that connected to it to X-Forwarded-For. No caller on the
   * internet connects from a link-local address.
   */
  platform: ['169.254.0.0/16', 'fe80::/10'],
  /** Firebase Hosting's CDN (Fastly): it appends the visitor's address before it hands the request on. */
  fastly: FASTLY_ADDRESS_RANGES,
} satisfies Record<string, readonly string[]>;

/** Behind Firebase Hosting and on a call to the function's own URL alike. */
export const DEFAULT_TRUSTED_PROXIES = 'platform, fastly';

/** The address ranges (`198.51.100.0/24`, `2001:db8::/32`; a bare address is its own range) `setting` lists, or what is wrong with it. */
export function parseTrustedProxies(setting: string): { ranges: string[] } | { problem: string } {
  const entries = setting.split(/[\s,]+/).filter((entry) => entry !== '');
  const ranges: string[] = [];
  const wrong: string[] = [];
  for (const entry of entries) {
    const name = entry.toLowerCase();
    const named = Object.hasOwn(TRUSTED_PROXY_NAMES, name) ? TRUSTED_PROXY_NAMES[name as keyof typeof TRUSTED_PROXY_NAMES] : null;
    const range = named ? null : addressRange(entry);
    if (named) ranges.push(...named);
    else if (range) ranges.push(range);
    else wrong.push(JSON.stringify(entry));
  }
  if (wrong.length > 0 || ranges.length === 0) {
    const names = Object.keys(TRUSTED_PROXY_NAMES).map((name) => `"${name}"`).join(', ');
    const what = wrong.length > 0 ? `${wrong.join(', ')} ${wrong.length === 1 ? 'is' : 'are'} not one of them` : 'it lists nothing';
    return { problem: `must list ${names} or address ranges such as 203.0.113.0/24 or 2001:db8::/32, separated by commas; ${what}` };
  }
  return { ranges };
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
