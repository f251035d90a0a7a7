import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QuotePlaybackContext, type PlayableQuote, type QuotePlayback } from '../lib/quote-playback';
import { PlaybackLinks, RecordingMedia } from '../lib/recording-media';
import { QuotePlayButton } from './quote-play-button';

const quote: PlayableQuote = { documentId: 'd1', start: 10, end: 40, ts: 724 };
const media = new RecordingMedia(new PlaybackLinks(() => Promise.reject(new Error('not asked'))));
const playback = (playable: string[]): QuotePlayback => ({
  media,
  momentOf: (q) => (playable.includes(q.documentId) ? (q.ts ?? null) : null),
  play: () => undefined,
});
const markup = (value: QuotePlayback | null, q = quote) =>
  renderToStaticMarkup(
    <QuotePlaybackContext.Provider value={value}>
      <QuotePlayButton quote={q} />
    </QuotePlaybackContext.Provider>,
  );

describe('a quote’s play button', () => {
  it('is labelled with the moment it plays from', () => {
    const html = markup(playback(['d1']));
    expect(html).toContain('aria-label="Play from 12:04"');
    // The time is the citation's, shown once beside it: the button holds only its icon.
    expect(html).not.toMatch(/>12:04</);
    expect(html).toContain('<button type="button"');
  });

  it('is absent where the page has no player, or the quote’s interview no recording to play', () => {
    expect(markup(null)).toBe('');
    expect(markup(playback(['d2']))).toBe('');
    expect(markup(playback(['d1']), { documentId: 'd1', start: 10, end: 40 })).toBe('');
  });
});
