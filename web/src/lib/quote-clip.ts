import { createContext, useContext } from 'react';

/** A quote a clip can be made of: its interview and its words' place in the stored text. */
export interface ClippableQuote {
  documentId: string;
  start: number;
  end: number;
  /** When its first word is said; absent when the transcript has no times (its moment in the recording is unknown). */
  ts?: number;
}

/** Where a page lets the researcher make a clip of a quote (an interview whose recording is ready). */
export interface QuoteClipping {
  /** Whether this quote can be clipped here: its interview's recording is ready and its moment known. */
  canClip(quote: ClippableQuote): boolean;
  /** A clip is being made: the buttons wait for it. */
  busy: boolean;
  /** Makes the clip and opens it to be nudged, titled, played and downloaded. */
  make(quote: ClippableQuote): void;
}

export const QuoteClipContext = createContext<QuoteClipping | null>(null);

export function useQuoteClipping(): QuoteClipping | null {
  return useContext(QuoteClipContext);
}
