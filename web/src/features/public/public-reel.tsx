import type { PublicInterviewsResponse } from '@verbatim/contract/share';
import { insightTitle } from '@verbatim/contract/citation';
import { createContext, useContext } from 'react';
import { config } from '../../lib/config';

/**
 * A finding's highlight reel on a public interviews page: present only when the owner lets visitors play quotes, and
 * then only for findings whose reel is made of the page's own quotes (the server decides, `reels` in the page's answer,
 * and checks again on every request for the file). The reel is clips and title cards, never the recording.
 */

export function publicReelUrl(token: string, reelId: string, apiBase = config.apiBase): string {
  return `${apiBase}/public/interviews/${encodeURIComponent(token)}/reels/${encodeURIComponent(reelId)}`;
}

/** Each finding's playable reel on this page, by the finding's id (none unless the owner allows playing). */
export function playableReels(data: Pick<PublicInterviewsResponse, 'reels'> | null): ReadonlyMap<string, string> {
  const reels = Array.isArray(data?.reels) ? data.reels : [];
  return new Map(reels.filter((r) => typeof r?.insightId === 'string' && typeof r.reelId === 'string').map((r) => [r.insightId, r.reelId]));
}

export const PublicReels = createContext<{ token: string; reels: ReadonlyMap<string, string> } | null>(null);

/** The finding's reel, played where it is (nothing is fetched until the visitor plays it), named by the finding's title as its card shows it. */
export function PublicReelPlayer({ insightId, title }: { insightId: string; title: string }) {
  const page = useContext(PublicReels);
  const reelId = page?.reels.get(insightId);
  if (!page || !reelId) return null;
  return (
    <figure className="pub-card__reel" data-testid="public-reel">
      <video controls preload="none" src={publicReelUrl(page.token, reelId)} aria-label={`Highlight reel: ${insightTitle(title)}`} />
      <figcaption className="pub-card__reel-caption">Highlight reel: the participants’ own words</figcaption>
    </figure>
  );
}
