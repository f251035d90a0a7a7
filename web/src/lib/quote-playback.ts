import { createContext, useContext, useSyncExternalStore } from 'react';
import { IDLE_MEDIA, type MediaState, type RecordingMedia } from './recording-media';

/**
 * What a page offers the quotes it shows: whether a quote's moment can be heard, and one player for the whole page
 * to hear it with. Pages with recordings provide it (the interview page, the insights board, a public page whose
 * owner allows it); a quote's play button reads it, and is absent where nothing is provided.
 */

/** A quote as far as playing it goes: where it is in its interview's transcript, and its timestamp when stored. */
export interface PlayableQuote {
  documentId: string;
  start: number;
  end: number;
  ts?: number;
}

export interface QuotePlayback {
  media: RecordingMedia;
  /** The moment the quote is said, when its interview's recording can be played here; null: no play button. */
  momentOf(quote: PlayableQuote): number | null;
  /** Plays the quote's moment (up to its end when known). */
  play(quote: PlayableQuote): void;
}

export const QuotePlaybackContext = createContext<QuotePlayback | null>(null);

/** Names a quote among those playing (the same quote shown twice on a page plays as one). */
export function quoteKey(quote: PlayableQuote): string {
  return `${quote.documentId}:${quote.start}-${quote.end}`;
}

export function useQuotePlayback(): QuotePlayback | null {
  return useContext(QuotePlaybackContext);
}

const noSubscription = () => () => undefined;
const noState = () => IDLE_MEDIA;

/** The media's state, live (a page without a player reads as idle). */
export function useMediaState(media: RecordingMedia | undefined): MediaState {
  return useSyncExternalStore(media?.subscribe ?? noSubscription, media?.getState ?? noState, media?.getState ?? noState);
}

/** The media's playing position, live (changes several times a second while it plays). */
export function useMediaTime(media: RecordingMedia | undefined): number {
  const read = media?.currentTime ?? zero;
  return useSyncExternalStore(media?.subscribeTime ?? noSubscription, read, read);
}

const zero = () => 0;
