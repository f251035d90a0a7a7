import type { Interview } from '@verbatim/contract/project';
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { QuotePlayer } from '../../components/quote-player';
import type { PlayableQuote } from '../../lib/quote-playback';
import { getPlayback } from './api/get-playback';
import { quoteSpans } from './transcript-times';
import '../../components/recordings.css';

/** The interviews whose recordings are ready to play, as one string (stable while the set does not change). */
function playableKey(documents: readonly Interview[]): string {
  return documents
    .filter((d) => d.recording?.status === 'ready')
    .map((d) => d.id)
    .sort()
    .join(' ');
}

/**
 * The insights board's one player: every quote whose interview has a ready recording plays its own words, from just
 * before the first to just after the last, as its transcript's times place them.
 */
export function OwnerQuotePlayer({ projectId, documents, children }: { projectId: string; documents: readonly Interview[]; children: ReactNode }) {
  const key = playableKey(documents);
  const playable = useMemo(() => new Set(key ? key.split(' ') : []), [key]);
  const names = useMemo(() => new Map(documents.map((d) => [d.id, d.name])), [documents]);
  const fetchPlayback = useCallback((documentId: string) => getPlayback(projectId, documentId), [projectId]);
  const interviews = useRef(documents);
  interviews.current = documents;
  const sourceOf = useMemo(() => {
    const spanOf = quoteSpans(projectId, (documentId) => {
      const doc = interviews.current.find((d) => d.id === documentId);
      return { duration: doc?.recording?.durationSeconds ?? undefined, speakers: doc?.speakers.map((s) => s.label) ?? [] };
    });
    return async (quote: PlayableQuote) => {
      const span = await spanOf(quote);
      return span && { source: quote.documentId, from: span.start, stopAt: span.end };
    };
  }, [projectId]);
  return (
    <QuotePlayer fetchPlayback={fetchPlayback} playable={playable} names={names} sourceOf={sourceOf}>
      {children}
    </QuotePlayer>
  );
}
