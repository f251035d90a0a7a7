/**
 * A quote's clip as a deck carries it: the clip's file, to play on the quote's slide (PowerPoint and LibreOffice
 * Impress play an embedded MPEG-4 file). Pure: what the layout and the writer need, and the key a quote is found by.
 */

export interface DeckClip {
  bytes: Uint8Array;
  /** A video (.mp4) when the recording has a picture, else sound alone (.m4a). */
  hasVideo: boolean;
  /** The clip's title, the media object's name on the slide. */
  title: string;
}

/** The clips of a deck's quotes, by `deckClipKey` of the quote. */
export type DeckClips = ReadonlyMap<string, DeckClip>;

export const NO_CLIPS: DeckClips = new Map();

/** A quote's place in its interview's transcript: the clip made of exactly those words is its clip. */
export function deckClipKey(quote: { documentId?: string | null; start: number; end: number }): string {
  return `${quote.documentId ?? ''}.${quote.start}.${quote.end}`;
}
