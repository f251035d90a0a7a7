/**
 * Who is calling, from X-Forwarded-For as Google's platform builds it. Each front end appends the
 * address that connected to it; whatever the caller wrote itself stays on the left. So only the
 * right-most `hops` entries (the number of front ends in front of us) can be trusted, and the
 * visitor is the entry `hops` from the right. Pure.
 *
 * Behind Firebase Hosting (hops = 2): `<caller's own text>, <visitor>, <Hosting's address>`.
 * A call to the function's own URL (one front end): `<caller's own text>, <caller>`.
 */

/** The header's entries, left to right, trimmed; empty ones dropped. */
export function forwardedEntries(header: string | string[] | undefined): string[] {
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '');
  return joined
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * The visitor's address: the entry `hops` from the right. A request that came through fewer front
 * ends than that has fewer entries; then the left-most one there is (appended by a front end, not
 * written by the caller). With no entries (or hops = 0), the connection's own address.
 */
export function visitorAddress(header: string | string[] | undefined, hops: number, socketAddress: string | undefined): string {
  const entries = forwardedEntries(header);
  if (hops === 0 || entries.length === 0) return socketAddress ?? 'unknown';
  return entries[Math.max(0, entries.length - hops)];
}

/**
 * The address the nearest front end saw connect (the right-most entry): a Hosting edge, or a
 * direct caller. With hops = 0 (no front end) the connection's own address.
 */
export function frontEndAddress(header: string | string[] | undefined, hops: number, socketAddress: string | undefined): string {
  return visitorAddress(header, Math.min(hops, 1), socketAddress);
}
