import { EXPORT_FORMATS } from '@verbatim/contract/exports';
import { describe, expect, it } from 'vitest';
import { downloadPercent, EXPORT_CARDS } from './export-catalogue';

describe('export catalogue', () => {
  it('offers every export the server makes, once, each action named differently', () => {
    const formats = EXPORT_CARDS.flatMap((c) => c.actions.map((a) => a.format));
    expect([...formats].sort()).toEqual([...EXPORT_FORMATS].sort());
    const labels = EXPORT_CARDS.flatMap((c) => c.actions.map((a) => a.label));
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('offers the key findings deck beside the full one, on the slide deck card', () => {
    const deck = EXPORT_CARDS.find((c) => c.id === 'deck')!;
    expect(deck.actions.map((a) => [a.format, a.label])).toEqual([
      ['deck.pptx', 'Download slides (.pptx)'],
      ['short-deck.pptx', 'Download key findings slides (.pptx)'],
    ]);
    expect(deck.description).toMatch(/key findings deck: about 15 slides/);
  });

  it('keeps the spreadsheet safety of formula-like cells to the server, and says nothing of it on the cards', () => {
    // The server makes such cells inert (functions/src/exports/csv/csv-format.ts); a researcher has no use for the how.
    for (const card of EXPORT_CARDS) expect(JSON.stringify(card)).not.toMatch(/formula|apostrophe/i);
  });

  it('shows a percentage once the size is known, and pulses before', () => {
    expect(downloadPercent(0, null)).toBeNull();
    expect(downloadPercent(50, 0)).toBeNull();
    expect(downloadPercent(512, 2048)).toBe(25);
    expect(downloadPercent(4096, 2048)).toBe(100);
  });
});
