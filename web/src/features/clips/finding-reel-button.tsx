import { useState } from 'react';
import { plural } from '@verbatim/contract/plural';
import { showToast } from '../../lib/toast-store';
import { useQuotePlayback, type PlayableQuote } from '../../lib/quote-playback';
import { createReel } from './api/reels';

/**
 * "Make a highlight reel" on a finding whose quotes can be heard on this page (their interview's recording ready): one
 * click makes the reel of its quotes' clips in order, rendered in a task of its own; the Clips tab shows its progress.
 */
export function FindingReelButton({ projectId, insight }: { projectId: string; insight: { id: string; quotes: readonly PlayableQuote[] } }) {
  const playback = useQuotePlayback();
  const [busy, setBusy] = useState(false);
  if (!playback || !insight.quotes.some((quote) => playback.momentOf(quote) !== null)) return null;
  const make = () => {
    setBusy(true);
    createReel(projectId, { insightId: insight.id })
      .then(
        (reel) => showToast({ message: `The reel of ${plural(reel.clipIds.length, 'clip')} is rendering: it will be on the Clips tab.` }),
        (err: unknown) => showToast({ message: err instanceof Error ? err.message : 'The reel could not be made.', tone: 'error' }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <button type="button" className="card-action" onClick={make} disabled={busy} data-testid="finding-reel">
      {busy ? 'Making the reel…' : 'Make a highlight reel'}
    </button>
  );
}
