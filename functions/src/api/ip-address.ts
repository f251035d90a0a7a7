import { isIP } from 'node:net';

/** An IP address in one canonical spelling (IPv4 dotted; IPv6 compressed, lower case; IPv4-mapped IPv6 as IPv4). */
export interface IpAddress {
  family: 'ipv4' | 'ipv6';
  text: string;
}

/**
 * The address `text` spells, or null when it spells none. Accepts what proxies write in X-Forwarded-For and what
 * Node reports for a socket: `198.51.100.7`, `2001:db8::7`, `[2001:db8::7]`, `::ffff:198.51.100.7`, `fe80::1%eth0`.
 * Pure.
 */
export function parseIpAddress(text: string | undefined): IpAddress | null {
  const bare = (text ?? '').trim().replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return { family: 'ipv4', text: bare };
  if (family !== 6) return null;
  // The URL parser spells the address canonically, an embedded IPv4 address as two groups.
  const canonical = new URL(`http://[${bare}]`).hostname.slice(1, -1);
  const groups = ipv6Groups(canonical);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return { family: 'ipv4', text: [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.') };
  return { family: 'ipv6', text: canonical };
}

/**
 * The key a rate limit counts an address under: an IPv4 address itself; for IPv6 its /64 network, the block one
 * subscriber line or one server is given, within which a caller can pick a new address for every request. Text that
 * is no address is counted as itself (cut short, so a long header costs the limiter no memory).
 */
export function rateLimitKey(text: string): string {
  const address = parseIpAddress(text);
  if (!address) return text.slice(0, 64);
  if (address.family === 'ipv4') return address.text;
  return `${ipv6Groups(address.text)
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address spelled canonically (hexadecimal groups only). */
function ipv6Groups(canonical: string): number[] {
  const [head, tail] = canonical.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}
