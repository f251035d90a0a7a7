import { quoteTime } from '@verbatim/contract/citation';
import { useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { quoteKey, QuotePlaybackContext, useMediaState, useMediaTime, type PlayableQuote, type QuotePlayback } from '../lib/quote-playback';
import { PlaybackLinks, RecordingMedia, type FetchPlayback } from '../lib/recording-media';
import { PlayIcon } from './quote-play-button';

/** Where a quote is heard: a source the player loads (an interview's recording, or a quote's own clip), from when, up to when. */
export interface QuoteSource {
  source: string;
  from: number;
  stopAt?: number | null;
}

export interface QuotePlayerProps {
  /** Asks for a source's playback link (the owner's API for a recording, a public page's clip). */
  fetchPlayback: FetchPlayback;
  /** Interviews whose quotes can be heard on this page. */
  playable: ReadonlySet<string>;
  /** Interviews' names, for the player's line. */
  names: ReadonlyMap<string, string>;
  /**
   * Where a quote plays: by default its interview's recording from its stored moment; the board gives each quote's own
   * span, a public page each quote's clip.
   */
  sourceOf?: (quote: PlayableQuote) => Promise<QuoteSource | null>;
  /** The interview a source is of (the player's line names it); by default the source is the interview. */
  interviewOf?: (source: string) => string;
  /** Every play asks for its link again (a public page's clip: the page may have been turned off meanwhile). */
  askEachTime?: boolean;
  /** Called with the player once made (a public page watches what plays). */
  onMedia?: (media: RecordingMedia) => void;
  children: ReactNode;
}

/**
 * One small player for a page of quotes (the insights board, a public page): each quote's play button plays its
 * moment here; a bar at the foot of the window says what plays, with Pause and Close. A quote has a moment when it
 * carries its timestamp and its interview's quotes can be heard here.
 */
export function QuotePlayer({ fetchPlayback, playable, names, sourceOf, interviewOf, askEachTime = false, onMedia, children }: QuotePlayerProps) {
  const fetchRef = useRef(fetchPlayback);
  fetchRef.current = fetchPlayback;
  const sourceRef = useRef(sourceOf);
  sourceRef.current = sourceOf;
  const media = useMemo(() => new RecordingMedia(new PlaybackLinks((source) => fetchRef.current(source), Date.now, askEachTime)), [askEachTime]);
  useEffect(() => () => media.dispose(), [media]);
  useEffect(() => onMedia?.(media), [media, onMedia]);

  const playback = useMemo<QuotePlayback>(
    () => ({
      media,
      momentOf: (quote) => (playable.has(quote.documentId) && quote.ts !== undefined ? quote.ts : null),
      play: (quote) => {
        if (quote.ts === undefined) return;
        const key = quoteKey(quote);
        const where = sourceRef.current;
        if (!where) return void media.playFrom(quote.documentId, quote.ts, { key });
        void where(quote).then(
          (found) => {
            const at = found ?? { source: quote.documentId, from: quote.ts!, stopAt: null };
            return media.playFrom(at.source, at.from, { key, stopAt: at.stopAt });
          },
          () => media.playFrom(quote.documentId, quote.ts!, { key }),
        );
      },
    }),
    [media, playable],
  );

  return (
    <QuotePlaybackContext.Provider value={playback}>
      {children}
      <QuotePlayerBar media={media} names={names} interviewOf={interviewOf} />
    </QuotePlaybackContext.Provider>
  );
}

/**
 * While the bar floats at the foot of the window, the page keeps room below its last controls (a class on the root:
 * recordings.css), and the card whose quote was just played is scrolled clear of the bar, its Edit, Move and Delete too,
 * as far as the button pressed stays in view below what is fixed above the page (its `--chrome-top`: the navbar and any
 * banner, set by the app's layout; none on a public page).
 */
function useRoomForBar(shown: boolean, bar: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('quote-player-open', shown);
    const pressed = document.activeElement;
    if (shown && bar.current && pressed instanceof HTMLElement) {
      const card = pressed.closest('article') ?? pressed.closest('li');
      const barTop = bar.current.getBoundingClientRect().top;
      const overlap = card ? card.getBoundingClientRect().bottom + 8 - barTop : 0;
      const chromeTop = parseFloat(getComputedStyle(pressed).getPropertyValue('--chrome-top')) || 0;
      const room = pressed.getBoundingClientRect().top - chromeTop - 8;
      if (overlap > 0 && room > 0) window.scrollBy({ top: Math.min(overlap, room) });
    }
    return () => root.classList.remove('quote-player-open');
  }, [shown, bar]);
}

function QuotePlayerBar({ media, names, interviewOf }: { media: RecordingMedia; names: ReadonlyMap<string, string>; interviewOf?: (source: string) => string }) {
  const state = useMediaState(media);
  const time = useMediaTime(media);
  const shown = state.documentId !== null;
  const bar = useRef<HTMLDivElement>(null);
  useRoomForBar(shown, bar);
  return (
    <div className="quote-player" role="region" aria-label="Quote player" hidden={!shown} data-testid="quote-player" ref={bar}>
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
            {names.get(interviewOf ? interviewOf(state.documentId!) : state.documentId!) ?? 'Interview'} · <span className="quote-player__time">{quoteTime(time)}</span>
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
