import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { playableReels, PublicReelPlayer, PublicReels, publicReelUrl } from './public-reel';

describe('a public page’s highlight reels', () => {
  it('are the findings’ reels the server listed, nothing when it listed none or something else', () => {
    expect([...playableReels({ reels: [{ insightId: 'f1', reelId: 'r1' }] })]).toEqual([['f1', 'r1']]);
    expect(playableReels({}).size).toBe(0);
    expect(playableReels(null).size).toBe(0);
    expect(playableReels({ reels: 'r1' as unknown as [] }).size).toBe(0);
    expect(playableReels({ reels: [{ insightId: 1, reelId: 'r1' } as unknown as { insightId: string; reelId: string }] }).size).toBe(0);
  });

  it('are asked for under the page’s own link, never a recording’s address', () => {
    expect(publicReelUrl('tok/en', 'r1', '/api')).toBe('/api/public/interviews/tok%2Fen/reels/r1');
  });

  it('is named as its finding’s card names it, an untitled finding included', () => {
    const player = (title: string) =>
      renderToStaticMarkup(createElement(PublicReels.Provider, { value: { token: 't', reels: new Map([['f1', 'r1']]) } }, createElement(PublicReelPlayer, { insightId: 'f1', title })));
    expect(player('Pricing confuses new users')).toContain('aria-label="Highlight reel: Pricing confuses new users"');
    expect(player('  ')).toContain('aria-label="Highlight reel: Untitled Insight"');
  });
});
