import type { ShareKind } from '@verbatim/contract/share';

/**
 * The public pages' own tiny router: /public/summary/{shareToken} and /public/interviews/{shareToken}.
 * Pure; main.tsx uses it to pick the public bundle before anything else loads.
 */
export interface PublicRoute {
  kind: ShareKind;
  token: string;
}

const PUBLIC_PREFIX = '/public/';

/** Whether a path belongs to the public pages (and so must not load the app or Firebase). */
export function isPublicPath(pathname: string): boolean {
  return pathname === '/public' || pathname.startsWith(PUBLIC_PREFIX);
}

/** The page a public path names; null for any other path (a public path without a token, an unknown page). */
export function publicRouteOf(pathname: string): PublicRoute | null {
  const match = /^\/public\/(summary|interviews)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  let token: string;
  try {
    token = decodeURIComponent(match[2]);
  } catch {
    return null;
  }
  return token ? { kind: match[1] as ShareKind, token } : null;
}
