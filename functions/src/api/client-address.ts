import { BlockList } from 'node:net';
import { parseIpAddress, rateLimitKey } from './ip-address';

/**
 * Who is calling, from the connection and X-Forwarded-For, trusting only the hops we know (the standard
 * "trusted proxies" walk of Express's `trust proxy`). Each proxy appends the address that connected to it; whatever
 * the caller wrote stays on the left. So start at the connection and walk leftwards through the header while the
 * current hop is a trusted proxy: the first address that is not one is the visitor. Pure.
 *
 * Behind Firebase Hosting, the function sees the connection from Google's front end (link-local on Cloud Run) and
 *   `X-Forwarded-For: <caller's own text>, <visitor>, <Fastly edge>`: trusted, trusted, then the visitor.
 * A call to the function's own URL: `<caller's own text>, <caller>`: the caller is not a trusted proxy, so it is the
 *   visitor, whatever it wrote.
 * On the emulators the function is reached over a local socket (no address) and nobody appends: the connection is no
 *   trusted proxy, so the header is never read and every caller is the one local visitor.
 */

/** The hops trusted to append who connected to them; built once from `address/prefix` ranges (config/trusted-proxies.ts). */
export class TrustedProxies {
  private readonly list = new BlockList();

  constructor(ranges: readonly string[]) {
    for (const range of ranges) {
      const [address, prefix] = range.split('/');
      const parsed = parseIpAddress(address);
      if (!parsed) throw new Error(`Not an address range: ${range}`);
      this.list.addSubnet(parsed.text, Number(prefix), parsed.family);
    }
  }

  /** True when `text` is an address inside one of the ranges. */
  has(text: string | undefined): boolean {
    const address = parseIpAddress(text);
    return address !== null && this.list.check(address.text, address.family);
  }
}

/** The keys a request is counted under (ip-address.ts: an IPv6 caller by its /64). */
export interface CallerKeys {
  /** The visitor: the first hop, from the connection leftwards, that is not a trusted proxy. */
  visitor: string;
  /**
   * The address that connected to the platform's front end: a Hosting edge serving many visitors, or a direct caller
   * (then the visitor itself). Whatever the walk trusted, this one is appended by the platform and never forged.
   */
  frontEnd: string;
}

/** What a connection over a local socket (no address: the emulators' Functions runtime) is counted as. */
export const LOCAL_CALLER = 'local';

/** The header's last `count` entries, from right to left, trimmed; empty ones skipped. Reads no further than it needs. */
function lastForwardedEntries(header: string | string[] | undefined, count: number): string[] {
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '');
  const entries: string[] = [];
  let end = joined.length;
  while (end > 0 && entries.length < count) {
    const start = joined.lastIndexOf(',', end - 1);
    const entry = joined.slice(start + 1, end).trim();
    if (entry !== '') entries.push(entry);
    end = start;
  }
  return entries;
}

/**
 * More trusted hops than any setup puts in front of the function (Google's front end, a Fastly edge and its shield): a
 * caller that connects from a trusted range and writes a long chain of trusted addresses is not followed further.
 */
const MAX_TRUSTED_HOPS = 8;

/** The keys of a request that arrived over `socketAddress` with `forwardedFor` as its X-Forwarded-For. */
export function callerKeys(forwardedFor: string | string[] | undefined, socketAddress: string | undefined, trusted: TrustedProxies): CallerKeys {
  // The hops, nearest first: the connection, then the header from right to left.
  const hops = [socketAddress ?? LOCAL_CALLER, ...lastForwardedEntries(forwardedFor, MAX_TRUSTED_HOPS)];
  let visitor = 0;
  while (visitor + 1 < hops.length && trusted.has(hops[visitor])) visitor += 1;
  return { visitor: rateLimitKey(hops[visitor]), frontEnd: rateLimitKey(hops[Math.min(visitor, 1)]) };
}

/**
 * When a request carries the marks Hosting's CDN adds (`Fastly-FF`, or Fastly in `CDN-Loop`) yet the hop that connected
 * to the platform is no trusted proxy, the address of that hop: either the CDN now connects from a range missing from
 * TRUSTED_PROXIES (then every Hosting visitor is counted as that one hop, and the operator must add its range), or a
 * direct caller wrote the marks itself (then nothing changes: it is counted as itself). Null otherwise. Pure.
 */
export function untrustedCdnHop(
  headers: Record<string, string | string[] | undefined>,
  socketAddress: string | undefined,
  trusted: TrustedProxies,
): string | null {
  const loop = headers['cdn-loop'];
  const marked = headers['fastly-ff'] !== undefined || /fastly/i.test(Array.isArray(loop) ? loop.join(',') : (loop ?? ''));
  if (!marked || !trusted.has(socketAddress)) return null;
  const [hop] = lastForwardedEntries(headers['x-forwarded-for'], 1);
  return hop !== undefined && !trusted.has(hop) ? hop : null;
}
