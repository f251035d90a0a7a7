import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QuoteClipContext, type ClippableQuote, type QuoteClipping } from '../lib/quote-clip';
import { QuoteClipButton } from './quote-clip-button';

const timed: ClippableQuote = { documentId: 'd1', start: 10, end: 40, ts: 724 };
// As the interview page offers it: its recording ready, a quote clippable when its moment is known.
const clipping = (busy = false, ready = true): QuoteClipping => ({ canClip: (q) => ready && q.ts !== undefined, busy, make: () => undefined });
const markup = (value: QuoteClipping | null, q = timed) =>
  renderToStaticMarkup(
    <QuoteClipContext.Provider value={value}>
      <QuoteClipButton quote={q} />
    </QuoteClipContext.Provider>,
  );

describe('a quote’s Make a clip button', () => {
  it('is offered for a quote whose moment in a ready recording is known', () => {
    expect(markup(clipping())).toContain('>Make a clip</button>');
    expect(markup(clipping())).not.toContain('disabled');
  });

  it('is absent where no clip can be cut: no recording ready, or a transcript without times', () => {
    expect(markup(null)).toBe('');
    expect(markup(clipping(false, false))).toBe('');
    expect(markup(clipping(), { documentId: 'd1', start: 10, end: 40 })).toBe('');
  });

  it('waits, shown but disabled, while another clip is being made', () => {
    expect(markup(clipping(true))).toMatch(/<button[^>]*disabled=""[^>]*>Make a clip<\/button>/);
  });
});
