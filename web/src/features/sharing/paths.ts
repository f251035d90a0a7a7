import type { ShareKind } from '@verbatim/contract/share';

/** The owner's share page of a project. */
export function sharePath(projectId: string): string {
  return `/projects/${encodeURIComponent(projectId)}/share`;
}

/** The public page a share link opens: /public/summary/{token} or /public/interviews/{token}. */
export function publicPagePath(kind: ShareKind, token: string): string {
  return `/public/${kind}/${encodeURIComponent(token)}`;
}

/** The full address to hand out, on this site's origin. */
export function publicPageUrl(kind: ShareKind, token: string, origin: string): string {
  return `${origin.replace(/\/+$/, '')}${publicPagePath(kind, token)}`;
}
