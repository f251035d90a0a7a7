import type { TranscriptContent } from '@verbatim/contract/transcript-parts';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { highlightInTurn, parseQuoteHash, type QuoteRange } from './quote-hash';

/** What the page's address points at inside the transcript. */
export interface LinkedPassage {
  /** A turn linked as `#t-<start>`: its element id. */
  targetId: string | null;
  /** A quote's passage linked as `#q-<start>-<end>`. */
  linked: QuoteRange | null;
  /** Whether the linked quote is in the transcript as stored (null: no quote linked, or no transcript yet). */
  quoteFound: boolean | null;
  /** Changes on every visit of a link, so the flash plays again. */
  flashKey: string;
}

/**
 * The turn or quote the address links to, brought into view once the turns exist. They arrive after the page, and
 * turns off screen are laid out lazily, so the position is settled again after the browser has drawn what it
 * scrolled to.
 */
export function useLinkedPassage(content: TranscriptContent | undefined): LinkedPassage {
  const location = useLocation();
  const targetId = location.hash.startsWith('#t-') ? decodeURIComponent(location.hash.slice(1)) : null;
  const quote = parseQuoteHash(location.hash);
  const quoteStart = quote?.start ?? null;
  const quoteEnd = quote?.end ?? null;
  const linked = useMemo(() => (quoteStart !== null && quoteEnd !== null ? { start: quoteStart, end: quoteEnd } : null), [quoteStart, quoteEnd]);
  const quoteFound = quote !== null && content ? content.turns.some((turn) => highlightInTurn(turn.start, turn.end, quote) !== null) : null;

  const turnsShown = Boolean(content);
  useEffect(() => {
    if (!turnsShown) return;
    const reveal = () => {
      if (quoteStart !== null) document.querySelector('[data-testid="quote-highlight"]')?.scrollIntoView({ block: 'center' });
      else if (targetId) document.getElementById(targetId)?.scrollIntoView({ block: 'start' });
    };
    if (quoteStart === null && !targetId) return;
    reveal();
    const again = window.setTimeout(reveal, 250);
    return () => window.clearTimeout(again);
  }, [targetId, quoteStart, quoteEnd, turnsShown, location.key]);

  return { targetId, linked, quoteFound, flashKey: location.key };
}
