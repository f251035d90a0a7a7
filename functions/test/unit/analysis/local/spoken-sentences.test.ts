/** Sentences of speech recognised without punctuation, split where a new thought starts. */
import { describe, expect, it } from 'vitest';
import { spokenSentences } from '../../../../src/analysis/local/spoken-sentences';

/** Tokens of a text split on spaces, commas and full stops as their own punctuation tokens. */
function tokensOf(text: string) {
  const values = text.match(/[\w']+|[.,]|-+/g) ?? [];
  return { values, types: values.map((value) => (/^([.,]|-+)$/.test(value) ? 'punctuation' : 'word')), normals: values.map((value) => value.toLowerCase()) };
}
const parts = (text: string) => {
  const tokens = tokensOf(text);
  return spokenSentences([{ from: 0, to: tokens.values.length - 1 }], tokens).map(({ from, to }) => tokens.values.slice(from, to + 1).join(' '));
};

describe('spokenSentences', () => {
  const spoken =
    'yeah we mostly use notebooks for the weekly review of every model we ship to the bank ' +
    'so the plots get shared in a deck and then we walk through them with the risk team on thursdays ' +
    'but the export keeps losing the filters we set and nobody on the team knows why it happens ' +
    'um i redo them by hand every single week which takes me about an hour each time';

  it('splits a long sentence spoken without punctuation where a new thought starts', () => {
    expect(parts(spoken)).toEqual([
      'yeah we mostly use notebooks for the weekly review of every model we ship to the bank',
      'so the plots get shared in a deck and then we walk through them with the risk team on thursdays',
      'but the export keeps losing the filters we set and nobody on the team knows why it happens',
      'um i redo them by hand every single week which takes me about an hour each time',
    ]);
  });

  it('starts a part at "and" only where it opens a clause, and only once the part has ten words', () => {
    const long = `${'we review every model we ship to the bank each week and then '.repeat(3)}we share the plots with the risk and the audit team`;
    expect(parts(long)).toEqual([
      'we review every model we ship to the bank each week',
      'and then we review every model we ship to the bank each week',
      'and then we review every model we ship to the bank each week',
      'and then we share the plots with the risk and the audit team',
    ]);
  });

  it('splits it though it has a dash or a hyphen, which caption files keep', () => {
    expect(parts(spoken.replace('the export keeps', 'the ex-- the export keeps')).length).toBe(4);
  });

  it('leaves a punctuated sentence whole, however long, and a short one', () => {
    const punctuated = spoken.replace('bank so', 'bank, so');
    expect(parts(punctuated)).toEqual([punctuated.replace(', ', ' , ')]);
    expect(parts('so we ship it and then we check it')).toEqual(['so we ship it and then we check it']);
    // A long sentence without a mark, in a turn punctuated elsewhere, is a run-on as written: whole.
    const turn = tokensOf(`We ship weekly. ${spoken}`);
    const written = [{ from: 0, to: 3 }, { from: 4, to: turn.values.length - 1 }];
    expect(spokenSentences(written, turn)).toEqual(written);
  });

  it('keeps what its sentence carries in each part', () => {
    const tokens = tokensOf(spoken);
    const split = spokenSentences([{ from: 0, to: tokens.values.length - 1, sentiment: -0.4 }], tokens);
    expect(split.length).toBe(4);
    expect(split.every((part) => part.sentiment === -0.4)).toBe(true);
  });

  it('cuts a part with no new thought in it at 35 words', () => {
    const run = Array.from({ length: 50 }, (_, k) => `word${k}`).join(' ');
    expect(parts(run).map((part) => part.split(' ').length)).toEqual([35, 15]);
  });
});
