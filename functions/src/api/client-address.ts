import { BlockList } from 'node:net';
import type { TrustedProxySettings } from '../config/trusted-proxies';
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

/** The hops trusted to append who connected to them; built once from the settings (config/trusted-proxies.ts). */
export class TrustedProxies {
  private readonly always = new BlockList();
  private readonly cdn = new BlockList();
  private readonly cdnServices: ReadonlySet<string>;

  constructor(settings: TrustedProxySettings) {
    addRanges(this.always, settings.ranges);
    addRanges(this.cdn, settings.cdnRanges);
    this.cdnServices = new Set(settings.cdnServices);
  }

  /** True when `text` is an address inside a range trusted whatever the request says. */
  has(text: string | undefined): boolean {
    return inList(this.always, text);
  }

  /** True when `text` is an address of the shared CDN (trusted only as far as `cdnHops` allows). */
  isCdn(text: string | undefined): boolean {
    return inList(this.cdn, text);
  }

  /** True when `text` is trusted either way: the address of a hop that may have appended. */
  mayAppend(text: string | undefined): boolean {
    return this.has(text) || this.isCdn(text);
  }

  /**
   * How many CDN hops the request passed through that are ours: its `Fastly-FF` entries counted from the right while
   * their service is trusted. Fastly writes that header and no customer's code can change it, so another service's
   * hop, or a caller's own entries to its left, end the count.
   */
  cdnHops(fastlyFF: string | string[] | undefined): number {
    if (this.cdnServices.size === 0) return 0;
    const entries = lastForwardedEntries(fastlyFF, MAX_TRUSTED_HOPS);
    let count = 0;
    while (count < entries.length && this.cdnServices.has(cdnServiceOf(entries[count]))) count += 1;
    return count;
  }

  /** The service of the request's last `Fastly-FF` entry when it is not trusted, else null. */
  untrustedCdnService(fastlyFF: string | string[] | undefined): string | null {
    const [last] = lastForwardedEntries(fastlyFF, 1);
    if (last === undefined) return null;
    const service = cdnServiceOf(last);
    return this.cdnServices.has(service) ? null : service.slice(0, 64);
  }
}

function addRanges(list: BlockList, ranges: readonly string[]): void {
  for (const range of ranges) {
    const [address, prefix] = range.split('/');
    const parsed = parseIpAddress(address);
    if (!parsed) throw new Error(`Not an address range: ${range}`);
    list.addSubnet(parsed.text, Number(prefix), parsed.family);
  }
}

function inList(list: BlockList, text: string | undefined): boolean {
  const address = parseIpAddress(text);
  return address !== null && list.check(address.text, address.family);
}

/** The service field of a `Fastly-FF` entry (`{service}!{data centre}!{server}`). */
function cdnServiceOf(entry: string): string {
  const bang = entry.indexOf('!');
  return bang === -1 ? entry : entry.slice(0, bang);
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

/**
 * The keys of a request that arrived over `socketAddress` with `forwardedFor` as its X-Forwarded-For and `fastlyFF` as
 * its Fastly-FF. A hop of the shared CDN is passed only while the request's Fastly-FF vouches for one more hop of a
 * trusted service: a hop of another customer's service (which could write any visitor) is the visitor itself.
 */
export function callerKeys(
  forwardedFor: string | string[] | undefined,
  socketAddress: string | undefined,
  trusted: TrustedProxies,
  fastlyFF?: string | string[],
): CallerKeys {
  // The hops, nearest first: the connection, then the header from right to left.
  const hops = [socketAddress ?? LOCAL_CALLER, ...lastForwardedEntries(forwardedFor, MAX_TRUSTED_HOPS)];
  let cdnHops: number | null = null;
  let visitor = 0;
  while (visitor + 1 < hops.length) {
    const hop = hops[visitor];
    if (!trusted.has(hop)) {
      if (!trusted.isCdn(hop)) break;
      cdnHops ??= trusted.cdnHops(fastlyFF);
      if (cdnHops === 0) break;
      cdnHops -= 1;
    }
    visitor += 1;
  }
  return { visitor: rateLimitKey(hops[visitor]), frontEnd: rateLimitKey(hops[Math.min(visitor, 1)]) };
}

/** Why a request bearing Hosting's CDN marks was not followed to its visitor, for the operator's log. */
export interface UntrustedCdn {
  /** The hop that connected to the platform. */
  hop: string;
  /** The untrusted CDN service it handed the request on for, or null when its address is in no trusted range. */
  service: string | null;
}

/**
 * When a request carries the marks Hosting's CDN adds (`Fastly-FF`, or Fastly in `CDN-Loop`) and came through the
 * platform's hop, yet the walk could not pass the hop that connected to the platform: either that hop is in no trusted
 * range (the CDN now connects from a range missing from TRUSTED_PROXIES, or a direct caller wrote the marks itself), or
 * it is a CDN address whose service is not trusted (another customer's service, or Hosting's service hash has changed
 * and TRUSTED_CDN_SERVICES must name the new one). Then every visitor through it counts as that one hop. Null otherwise.
 * Pure.
 */
export function untrustedCdnHop(
  headers: Record<string, string | string[] | undefined>,
  socketAddress: string | undefined,
  trusted: TrustedProxies,
): UntrustedCdn | null {
  const loop = headers['cdn-loop'];
  const marked = headers['fastly-ff'] !== undefined || /fastly/i.test(Array.isArray(loop) ? loop.join(',') : (loop ?? ''));
  if (!marked || !trusted.has(socketAddress)) return null;
  const [hop] = lastForwardedEntries(headers['x-forwarded-for'], 1);
  if (hop === undefined || trusted.has(hop)) return null;
  if (!trusted.isCdn(hop)) return { hop, service: null };
  const service = trusted.untrustedCdnService(headers['fastly-ff']);
  return service === null ? null : { service, hop };
}
