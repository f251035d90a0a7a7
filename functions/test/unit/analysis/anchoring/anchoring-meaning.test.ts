/**
 * Close matches keep the meaning: a quote the analyser tidied (hesitations, a repeated word or phrase, a word or two
 * left out) anchors to the participant's own span and says how it matched, while a close match that turns a
 * negation, a number or a name around is refused and counted as changing the meaning.
 */
import { describe, expect, it } from 'vitest';
import { anchorAnalysis, type AnchorResult } from '../../../../src/analysis/anchoring';
import type { AnalysisInput, Quote } from '@verbatim/contract/insight';
import { proposal, transcript } from '../helpers/transcripts';

const INTERVIEW = transcript(
  [
    ['Dan', 'How did the last quarter go with the reporting tools?'],
    [
      'Ana',
      'I would recommend it to anyone at all. About 13 % of our sessions end with an export error, and we lose three hours a week to it. ' +
        'We moved the whole team over to Miro last spring. Miro crashed every single time we opened the big planning board. ' +
        "I have never used the mobile app for this kind of work, and so far we shipped it without the review step in the end. I really do like the new export screen a lot.",
    ],
    ['Dan', 'And the exports themselves?'],
    [
      'Ana',
      'I, um, I really think the the export is broken. It was, it was just so slow to load the reports every morning. ' +
        'The export was honestly really slow for our biggest client reports, and the figma plugin kept losing our frames overnight.',
    ],
  ],
  { Dan: 'interviewer', Ana: 'participant' },
);

function anchorOne(quote: string, input: AnalysisInput = INTERVIEW): AnchorResult {
  return anchorAnalysis(input, { insights: [proposal([quote])] });
}

function onlyQuote(result: AnchorResult): Quote {
  expect(result.insights).toHaveLength(1);
  expect(result.insights[0].quotes).toHaveLength(1);
  const quote = result.insights[0].quotes[0];
  expect(INTERVIEW.text.slice(quote.start, quote.end)).toBe(quote.text);
  return quote;
}

describe('a close match that would change the meaning is refused', () => {
  it.each([
    ['a negation added', 'I would not recommend it to anyone at all.', 'negation'],
    ['a negation left out', 'I have used the mobile app for this kind of work', 'negation'],
    ['a contracted negation', "I really don't like the new export screen a lot.", 'negation'],
    ['"with" for "without"', 'so far we shipped it with the review step in the end', 'negation'],
    ['a percentage', 'About 30 % of our sessions end with an export error', 'number'],
    ['a number written out', 'and we lose four hours a week to it', 'number'],
    ['a product named mid-sentence', 'We moved the whole team over to Figma last spring.', 'name'],
    ['a product named at a sentence’s start', 'Figma crashed every single time we opened the big planning board.', 'name'],
  ])('%s', (_case, quote, change) => {
    const result = anchorOne(quote);
    expect(result.insights).toEqual([]);
    expect(result.stats).toMatchObject({ proposed: 1, anchored: 0, droppedChangedMeaning: 1, droppedUnanchored: 0, droppedInsights: 1 });
    expect(result.meaningChanges).toMatchObject({ [change]: 1 });
  });

  it('still anchors the same claim in other words of no weight, and a name that differs only in its capital', () => {
    const recommend = onlyQuote(anchorOne('I would recommend it to absolutely anyone at all.'));
    expect(recommend).toMatchObject({ text: 'I would recommend it to anyone at all.', match: 'fuzzy' });
    const plugin = onlyQuote(anchorOne('the Figma plugin kept on losing our frames overnight'));
    expect(plugin).toMatchObject({ text: 'the figma plugin kept losing our frames overnight', match: 'fuzzy' });
  });
});

describe('a lightly tidied quote anchors to the participant’s own span', () => {
  it('reads a repeated word and hesitations as tidying: a normalised match, the stored text as said', () => {
    const result = anchorOne('I really think the export is broken.');
    const quote = onlyQuote(result);
    expect(quote.text).toBe('I, um, I really think the the export is broken.');
    expect(quote.match).toBe('normalised');
    expect(quote.proposedText).toBeUndefined();
    expect(result.stats).toMatchObject({ anchored: 1, fuzzy: 0, droppedUnanchored: 0 });
  });

  it('reads a repeated phrase as tidying', () => {
    const quote = onlyQuote(anchorOne('It was just so slow to load the reports every morning.'));
    expect(quote).toMatchObject({ text: 'It was, it was just so slow to load the reports every morning.', match: 'normalised' });
  });

  it('anchors a quote with two of its eleven words left out as a close match, keeping the model’s words beside it', () => {
    const proposed = 'The export was slow for our biggest client reports';
    const result = anchorOne(proposed);
    const quote = onlyQuote(result);
    expect(quote).toMatchObject({ text: 'The export was honestly really slow for our biggest client reports', match: 'fuzzy', proposedText: proposed });
    expect(result.stats).toMatchObject({ anchored: 1, fuzzy: 1 });
  });

  it('anchors a quote that keeps the participant’s repetition with one word of it changed', () => {
    const input = transcript(
      [
        ['Dan', 'What can you change?'],
        ['Ana', 'You can go through and you can, you can customise your hair. That was fun.'],
      ],
      { Dan: 'interviewer', Ana: 'participant' },
    );
    // The model kept the repetition but misheard a word of it: one word of twelve differs.
    const result = anchorAnalysis(input, { insights: [proposal(['You can go through and you just, you can customise your hair.'])] });
    expect(result.insights[0]?.quotes[0]).toMatchObject({ text: 'You can go through and you can, you can customise your hair.', match: 'fuzzy' });
  });

  it('does not read a word said again in a new sentence as a repeat', () => {
    const input = transcript(
      [
        ['Dan', 'Did it work?'],
        ['Ana', 'We tried the new importer and we liked it. It works well enough for the small files we have.'],
      ],
      { Dan: 'interviewer', Ana: 'participant' },
    );
    const quote = anchorAnalysis(input, { insights: [proposal(['it works well enough for the small files we have'])] }).insights[0].quotes[0];
    expect(quote).toMatchObject({ text: 'It works well enough for the small files we have', match: 'normalised' });
  });
});
