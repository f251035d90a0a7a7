import { describe, expect, it } from 'vitest';
import { highlightInTurn, parseQuoteHash, quoteHash } from './quote-hash';

describe('quote links inside an interview', () => {
  it('names a passage as q-<start>-<end> and reads it back from the hash, with or without #', () => {
    expect(quoteHash({ start: 0, end: 5 })).toBe('q-0-5');
    expect(parseQuoteHash('#q-120-184')).toEqual({ start: 120, end: 184 });
    expect(parseQuoteHash('q-0-1')).toEqual({ start: 0, end: 1 });
    expect(parseQuoteHash(`#${quoteHash({ start: 7161, end: 7303 })}`)).toEqual({ start: 7161, end: 7303 });
  });

  it('refuses anything that is not a forward range of whole offsets', () => {
    for (const hash of ['', '#', '#t-120', '#q-120', '#q-184-120', '#q-5-5', '#q--1-4', '#q-1.5-4', '#q-1-4x', '#q-a-b', '#Q-1-4']) {
      expect(parseQuoteHash(hash), hash).toBeNull();
    }
  });
});

describe('highlighting a quote in a turn', () => {
  it('cuts the turn into the text before, the quote, and the text after', () => {
    expect(highlightInTurn(100, 200, { start: 120, end: 150 })).toEqual({
      before: { start: 100, end: 120 },
      mark: { start: 120, end: 150 },
      after: { start: 150, end: 200 },
    });
  });

  it('marks a whole turn, with nothing around it', () => {
    expect(highlightInTurn(100, 200, { start: 100, end: 200 })).toEqual({
      before: { start: 100, end: 100 },
      mark: { start: 100, end: 200 },
      after: { start: 200, end: 200 },
    });
  });

  it('only in the turn the quote starts in, held to that turn', () => {
    expect(highlightInTurn(100, 200, { start: 50, end: 150 })).toBeNull();
    expect(highlightInTurn(100, 200, { start: 200, end: 220 })).toBeNull();
    expect(highlightInTurn(100, 200, null)).toBeNull();
    expect(highlightInTurn(100, 200, { start: 190, end: 260 })?.mark).toEqual({ start: 190, end: 200 });
  });

  it('gives back exactly the quoted characters of the stored text', () => {
    const text = 'Q: How do you plan?\nA: Honestly, I use a paper notebook for everything.';
    const turn = { start: text.indexOf('A: ') + 3, end: text.length };
    const quote = 'I use a paper notebook';
    const start = text.indexOf(quote);
    const cut = highlightInTurn(turn.start, turn.end, { start, end: start + quote.length })!;
    expect(text.slice(cut.mark.start, cut.mark.end)).toBe(quote);
    expect(text.slice(cut.before.start, cut.before.end) + quote + text.slice(cut.after.start, cut.after.end)).toBe(text.slice(turn.start, turn.end));
  });
});
