import { createContext, useContext } from 'react';

/** A quote a clip can be made of: its interview and its words' place in the stored text. */
export interface ClippableQuote {
  documentId: string;
  start: number;
  end: number;
}

/** Where a page lets the researcher make a clip of a quote (an interview whose recording is ready). */
export interface QuoteClipping {
  /** Whether quotes of this interview can be clipped here. */
  canClip(documentId: string): boolean;
  /** Makes the clip and opens it to be nudged, titled, played and downloaded. */
  make(quote: ClippableQuote): void;
}

export const QuoteClipContext = createContext<QuoteClipping | null>(null);

export function useQuoteClipping(): QuoteClipping | null {
  return useContext(QuoteClipContext);
}
