import type { ShareKind, ShareLink } from '@verbatim/contract/share';

/** A share link as the API sends it (dates as ISO strings). */
export interface WireShareLink {
  kind: ShareKind;
  token: string;
  enabled: boolean;
  playRecordings?: boolean;
  updatedAt: string;
}

export function linkFromWire(link: WireShareLink): ShareLink {
  const updatedAt = new Date(link.updatedAt);
  return { ...link, updatedAt: Number.isNaN(updatedAt.getTime()) ? new Date(0) : updatedAt };
}
