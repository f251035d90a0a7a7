import { quoteTime } from '@verbatim/contract/citation';
import { quoteKey, useMediaState, useQuotePlayback, type PlayableQuote } from '../lib/quote-playback';

/** ▶ or ❚❚, drawn (no font needed). */
export function PlayIcon({ playing }: { playing: boolean }) {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      {playing ? <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" /> : <path d="M4.5 2.5v11l9-5.5z" fill="currentColor" />}
    </svg>
  );
}

/**
 * ▶ beside a quote whose interview's recording can be heard on this page: plays that moment through the page's one
 * player, and becomes "Pause" while it plays. Its time is the citation's beside it ("· 12:04"), said once, and in the
 * button's name. Absent when the page has no player or the quote no moment.
 */
export function QuotePlayButton({ quote }: { quote: PlayableQuote }) {
  const playback = useQuotePlayback();
  const state = useMediaState(playback?.media);
  const moment = playback?.momentOf(quote) ?? null;
  if (!playback || moment === null) return null;
  const mine = state.playingKey === quoteKey(quote);
  const playing = mine && state.playing;
  return (
    <button
      type="button"
      className={`play-button${mine ? ' play-button--current' : ''}`}
      aria-label={playing ? 'Pause' : `Play from ${quoteTime(moment)}`}
      title={playing ? 'Pause' : `Play from ${quoteTime(moment)}`}
      data-testid="quote-play"
      onClick={(event) => {
        // A play button inside a link or a card that opens on click does only this.
        event.preventDefault();
        event.stopPropagation();
        if (playing) playback.media.pause();
        else playback.play(quote);
      }}
    >
      <PlayIcon playing={playing} />
    </button>
  );
}
