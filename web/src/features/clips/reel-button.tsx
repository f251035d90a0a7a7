import type { CreateReelRequest } from '@verbatim/contract/request-bodies';
import { useState } from 'react';
import { plural } from '@verbatim/contract/plural';
import { showToast } from '../../lib/toast-store';
import { useQuotePlayback, type PlayableQuote } from '../../lib/quote-playback';
import { createReel } from './api/reels';

/**
 * "Make a highlight reel" in one click, shown only when one of `quotes` can be heard on this page (their interview's
 * recording ready): it asks for the reel `request` describes, rendered in a task of its own; the Clips tab shows its
 * progress. `of` names the reel's subject to a screen reader where the visible words alone would not say which reel.
 */
export function ReelButton({ projectId, request, quotes, of, testId }: { projectId: string; request: CreateReelRequest; quotes: readonly PlayableQuote[]; of?: string; testId: string }) {
  const playback = useQuotePlayback();
  const [busy, setBusy] = useState(false);
  if (!playback || !quotes.some((quote) => playback.momentOf(quote) !== null)) return null;
  const make = () => {
    setBusy(true);
    createReel(projectId, request)
      .then(
        (reel) => showToast({ message: `The reel of ${plural(reel.clipIds.length, 'clip')} is rendering: it will be on the Clips tab.` }),
        (err: unknown) => showToast({ message: err instanceof Error ? err.message : 'The reel could not be made.', tone: 'error' }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <button type="button" className="card-action" onClick={make} disabled={busy} data-testid={testId}>
      {busy ? 'Making the reel…' : 'Make a highlight reel'}
      {of && <span className="visually-hidden"> of {of}</span>}
    </button>
  );
}
