import { useState } from 'react';
import { plural } from '@verbatim/contract/plural';
import { showToast } from '../../lib/toast-store';
import { useQuotePlayback, type PlayableQuote } from '../../lib/quote-playback';
import { createReel } from './api/reels';

/**
 * "Make a highlight reel" on a theme whose quotes can be heard on this page: one click makes the reel of its findings'
 * quotes' clips, finding after finding in the order shown, the theme's name on every card (up to a reel's limits).
 */
export function ThemeReelButton({ projectId, theme, insights }: { projectId: string; theme: string; insights: readonly { id: string; quotes: readonly PlayableQuote[] }[] }) {
  const playback = useQuotePlayback();
  const [busy, setBusy] = useState(false);
  if (!playback || !insights.some((insight) => insight.quotes.some((quote) => playback.momentOf(quote) !== null))) return null;
  const make = () => {
    setBusy(true);
    createReel(projectId, { theme: { name: theme, insightIds: insights.map((insight) => insight.id) } })
      .then(
        (reel) => showToast({ message: `The reel of ${plural(reel.clipIds.length, 'clip')} is rendering: it will be on the Clips tab.` }),
        (err: unknown) => showToast({ message: err instanceof Error ? err.message : 'The reel could not be made.', tone: 'error' }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <button type="button" className="card-action" onClick={make} disabled={busy} data-testid="theme-reel">
      {busy ? 'Making the reel…' : 'Make a highlight reel'}
    </button>
  );
}
