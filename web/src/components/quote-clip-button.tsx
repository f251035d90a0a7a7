import { useQuoteClipping, type ClippableQuote } from '../lib/quote-clip';

/**
 * "Make a clip" beside a quote, where the page lets the researcher clip quotes of its interview (its recording ready,
 * the quote's moment known): the quote's words become a clip, opened to be nudged and downloaded. Absent elsewhere;
 * disabled while a clip is being made.
 */
export function QuoteClipButton({ quote }: { quote: ClippableQuote }) {
  const clipping = useQuoteClipping();
  if (!clipping?.canClip(quote)) return null;
  return (
    <button
      type="button"
      className="button button--small quote-clip-button"
      title="Make a clip of this quote"
      data-testid="quote-make-clip"
      disabled={clipping.busy}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        clipping.make({ documentId: quote.documentId, start: quote.start, end: quote.end });
      }}
    >
      Make a clip
    </button>
  );
}
