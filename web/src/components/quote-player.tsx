import { quoteTime } from '@verbatim/contract/citation';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { quoteKey, QuotePlaybackContext, useMediaState, useMediaTime, type PlayableQuote, type QuotePlayback } from '../lib/quote-playback';
import { PlaybackLinks, RecordingMedia, type FetchPlayback } from '../lib/recording-media';
import { PlayIcon } from './quote-play-button';

export interface QuotePlayerProps {
  /** Asks for an interview's playback link (the owner's API, or a public page's). */
  fetchPlayback: FetchPlayback;
  /** Interviews whose recordings can be heard on this page. */
  playable: ReadonlySet<string>;
  /** Interviews' names, for the player's line. */
  names: ReadonlyMap<string, string>;
  /** When a quote has been said (so it stops there), when that can be known. */
  endOf?: (quote: PlayableQuote, from: number) => Promise<number | null>;
  children: ReactNode;
}

/**
 * One small player for a page of quotes (the insights board, a public page): each quote's play button plays its
 * moment here, up to its end when known; a bar at the foot of the window says what plays, with Pause and Close.
 * A quote has a moment when it carries its timestamp and its interview's recording can be heard.
 */
export function QuotePlayer({ fetchPlayback, playable, names, endOf, children }: QuotePlayerProps) {
  const fetchRef = useRef(fetchPlayback);
  fetchRef.current = fetchPlayback;
  const endRef = useRef(endOf);
  endRef.current = endOf;
  const media = useMemo(() => new RecordingMedia(new PlaybackLinks((documentId) => fetchRef.current(documentId))), []);
  useEffect(() => () => media.dispose(), [media]);

  const playback = useMemo<QuotePlayback>(
    () => ({
      media,
      momentOf: (quote) => (playable.has(quote.documentId) && quote.ts !== undefined ? quote.ts : null),
      play: (quote) => {
        if (quote.ts === undefined) return;
        const key = quoteKey(quote);
        void media.playFrom(quote.documentId, quote.ts, { key });
        // Its end is looked up meanwhile (the transcript's next timestamp), and set when it is known.
        void endRef.current?.(quote, quote.ts).then(
          (end) => end !== null && media.stopAtFor(key, end),
          () => undefined,
        );
      },
    }),
    [media, playable],
  );

  return (
    <QuotePlaybackContext.Provider value={playback}>
      {children}
      <QuotePlayerBar media={media} names={names} />
    </QuotePlaybackContext.Provider>
  );
}

function QuotePlayerBar({ media, names }: { media: RecordingMedia; names: ReadonlyMap<string, string> }) {
  const state = useMediaState(media);
  const time = useMediaTime(media);
  const shown = state.documentId !== null;
  return (
    <div className="quote-player" role="region" aria-label="Quote player" hidden={!shown} data-testid="quote-player">
      {/* Always in the page, so a first play has its element: an audio element plays a video's sound too. */}
      <audio ref={media.attach} preload="none" data-testid="quote-player-media" />
      {shown && (
        <>
          <button
            type="button"
            className="quote-player__toggle"
            aria-label={state.playing ? 'Pause' : 'Play'}
            onClick={() => void media.toggle()}
            data-testid="quote-player-toggle"
          >
            <PlayIcon playing={state.playing} />
          </button>
          <span className="quote-player__what">
            {names.get(state.documentId!) ?? 'Interview'} · <span className="quote-player__time">{quoteTime(time)}</span>
          </span>
          <span className="quote-player__status" role="status" aria-live="polite">
            {state.error ?? (state.waiting ? 'Loading…' : '')}
          </span>
          <button type="button" className="quote-player__close" aria-label="Close the player" onClick={() => media.close()}>
            ×
          </button>
        </>
      )}
    </div>
  );
}

/** A part of the page whose quotes play through `playback` (the interview's own player, on its page). */
export function QuotePlaybackArea({ playback, className, children }: { playback: QuotePlayback; className?: string; children: ReactNode }) {
  return (
    <QuotePlaybackContext.Provider value={playback}>
      <div className={className}>{children}</div>
    </QuotePlaybackContext.Provider>
  );
}
