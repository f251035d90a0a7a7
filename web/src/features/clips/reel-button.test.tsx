import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QuotePlaybackContext, type PlayableQuote, type QuotePlayback } from '../../lib/quote-playback';
import { IDLE_MEDIA } from '../../lib/recording-media';
import { FindingReelButton } from './finding-reel-button';
import { ThemeReelButton } from './theme-reel-button';

const heard: PlayableQuote = { documentId: 'with-recording', start: 0, end: 10, ts: 3 };
const silent: PlayableQuote = { documentId: 'without-recording', start: 0, end: 10 };

/** A page whose player can play the quotes of the interview with a recording, and no other. */
const playback = {
  media: IDLE_MEDIA,
  momentOf: (quote: PlayableQuote) => (quote.documentId === heard.documentId ? (quote.ts ?? 0) : null),
  play: () => undefined,
} as unknown as QuotePlayback;

const onPage = (node: React.ReactNode) => renderToStaticMarkup(<QuotePlaybackContext.Provider value={playback}>{node}</QuotePlaybackContext.Provider>);
/** What a screen reader reads as the button's name: its text, hidden words included. */
const buttonName = (html: string) => /<button[^>]*>(.*?)<\/button>/.exec(html)?.[1].replace(/<[^>]*>/g, '') ?? null;

describe('a highlight reel’s button', () => {
  it('names its theme to a screen reader, since every theme’s heading has one', () => {
    const html = onPage(<ThemeReelButton projectId="p1" theme="Pricing" insights={[{ id: 'f1', quotes: [silent] }, { id: 'f2', quotes: [heard] }]} />);
    expect(buttonName(html)).toBe('Make a highlight reel of the theme Pricing');
  });

  it('is absent where none of its quotes can be heard on the page', () => {
    expect(onPage(<ThemeReelButton projectId="p1" theme="Pricing" insights={[{ id: 'f1', quotes: [silent] }]} />)).toBe('');
    expect(onPage(<FindingReelButton projectId="p1" insight={{ id: 'f1', quotes: [silent] }} />)).toBe('');
    expect(renderToStaticMarkup(<FindingReelButton projectId="p1" insight={{ id: 'f1', quotes: [heard] }} />)).toBe('');
  });

  it('on a finding, sits among the finding’s own actions under its plain words', () => {
    expect(buttonName(onPage(<FindingReelButton projectId="p1" insight={{ id: 'f1', quotes: [heard] }} />))).toBe('Make a highlight reel');
  });
});
