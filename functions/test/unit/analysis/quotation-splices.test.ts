/**
 * Quotation marks accept no splices: pieces joined by an ellipsis must each be at least four words, said in their
 * order, in one passage and close together, on word boundaries, with nothing negating left out between them. The
 * same reading serves titles and descriptions (anchoring), Ask sentences and the synthesis.
 */
import { describe, expect, it } from 'vitest';
import { comparable, isSaid, keepVerbatimMarks, quotesUnsaid, SAID_APART } from '../../../src/analysis/anchoring';
import { validateAnswer } from '../../../src/search/ask-validation';

const REVIEW = 'I would never recommend it to colleagues, honestly. It is not easy to use at all, and the export keeps failing on me every week.';
const OTHER = 'We recommend it to colleagues in the data team because the charts load quickly and look clean.';
const said = comparable([REVIEW, OTHER].join(SAID_APART));

describe('a spliced quotation is not said', () => {
  it.each([
    ['the issue’s splice across a negation', 'I would … recommend it to colleagues … easy to use'],
    ['pieces under four words', 'I would never recommend … the export keeps failing'],
    ['pieces out of order', 'the export keeps failing on me … I would never recommend it'],
    ['pieces from two passages', 'I would never recommend it … the charts load quickly and look clean'],
    ['a negation left out between long pieces', 'I would never recommend it to colleagues … easy to use at all'],
    ['a piece inside a word', 'would never recommend it to colleague'],
  ])('%s', (_case, span) => {
    expect(isSaid(span, said)).toBe(false);
    expect(keepVerbatimMarks(`One said “${span}”.`, said)).toBe(`One said ${span}.`);
    expect(quotesUnsaid(`One said “${span}”.`, said)).toBe(true);
  });
});

describe('a faithful quotation with an ellipsis is said', () => {
  it.each([
    ['one piece', 'it is not easy to use at all'],
    ['two pieces of one passage in order, nothing negating between', 'It is not easy to use … the export keeps failing on me'],
    ['a trailing ellipsis', 'I would never recommend it…'],
  ])('%s', (_case, span) => {
    expect(isSaid(span, said)).toBe(true);
    expect(keepVerbatimMarks(`One said “${span}”.`, said)).toBe(`One said “${span}”.`);
  });
});

describe('Ask refuses a sentence quoting a splice of its passages', () => {
  it('drops the sentence and counts it', () => {
    const passages = new Map([['P1', REVIEW]]);
    const answer = validateAnswer(
      JSON.stringify({
        sentences: [
          { text: 'One participant said “I would … recommend it to colleagues … easy to use”.', citations: ['P1'] },
          { text: 'One participant would not recommend it to colleagues.', citations: ['P1'] },
        ],
      }),
      passages,
    );
    expect(answer.sentences.map((s) => s.text)).toEqual(['One participant would not recommend it to colleagues.']);
    expect(answer.dropped.sentences).toBe(1);
  });
});
