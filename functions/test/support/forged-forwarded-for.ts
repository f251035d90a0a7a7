/**
 * X-Forwarded-For values a caller may write to pass for someone new each time: a plain address, a Hosting-shaped
 * chain (a visitor, then a Fastly edge), a link-local hop like the platform's, an IPv6 address, text that is no
 * address. The `i`-th of them, each distinct.
 */
export function forgedForwardedFor(i: number): string {
  const shapes = [
    `10.${i >> 8}.${i & 255}.9`,
    `198.51.100.${i & 255}, 151.101.${i & 255}.1`,
    `203.0.113.${i & 255}, 169.254.${i & 255}.1`,
    `2001:db8:${i.toString(16)}::1`,
    `visitor-${i}`,
  ];
  return shapes[i % shapes.length];
}
