/**
 * A close match may differ from the transcript only in words that carry no meaning (fillers, articles, a repeated
 * word, spelling, an amplifier); a content word changed, added or left out is refused and counted, whatever the word.
 */
import { describe, expect, it } from 'vitest';
import { anchorAnalysis, type AnchorResult } from '../../../../src/analysis/anchoring';
import { spellingKey } from '../../../../src/analysis/anchoring/content-words';
import { proposal, transcript } from '../helpers/transcripts';

const INTERVIEW = transcript(
  [
    ['Dan', 'How did the new dashboard work out for your team this quarter?'],
    [
      'Ana',
      'Honestly the new dashboard was usable for most of the planning work we did. ' +
        'The weekly report turned out to be really useful for the whole sales team. ' +
        'I love the way the filters stay put when you switch between the projects. ' +
        'Our customers were satisfied with how quickly the exports arrived each morning. ' +
        'It works better than the old spreadsheet we kept for the budget reviews. ' +
        'The labels on the charts were really clear to everyone in the meeting. ' +
        'We spent about 40 minutes a day cleaning up the colour of the imported data. ' +
        'I, I think we will organise the onboarding around the dashboard next year. ' +
        'We send an e-mail to the whole team every Friday with the new figures.',
    ],
  ],
  { Dan: 'interviewer', Ana: 'participant' },
);

function anchorOne(quote: string): AnchorResult {
  return anchorAnalysis(INTERVIEW, { insights: [proposal([quote])] });
}

describe('a close match that changes a content word is refused and counted', () => {
  it.each([
    ['usable → unusable', 'Honestly the new dashboard was unusable for most of the planning work we did.'],
    ['useful → useless', 'The weekly report turned out to be really useless for the whole sales team.'],
    ['love → hate', 'I hate the way the filters stay put when you switch between the projects.'],
    ['satisfied → dissatisfied', 'Our customers were dissatisfied with how quickly the exports arrived each morning.'],
    ['better → worse', 'It works worse than the old spreadsheet we kept for the budget reviews.'],
    ['"really clear" → "hardly clear"', 'The labels on the charts were hardly clear to everyone in the meeting.'],
    ['a content word added', 'The labels on the charts were never really clear to everyone in the meeting.'],
    ['a content word left out without an ellipsis', 'The weekly report turned out to be really useful for the team.'],
    ['content left out at an ellipsis after a piece under four words', 'The weekly … turned out to be really useful for the whole sales team.'],
    ['a pronoun changed (who did it)', 'I think they will organise the onboarding around the dashboard next year.'],
  ])('%s', (_case, quote) => {
    const result = anchorOne(quote);
    expect(result.insights).toEqual([]);
    expect(result.stats).toMatchObject({ proposed: 1, anchored: 0, droppedChangedMeaning: 1 });
    expect(Object.values(result.meaningChanges).reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('counts a changed content word apart from negations, numbers and names', () => {
    expect(anchorOne('It works worse than the old spreadsheet we kept for the budget reviews.').meaningChanges).toMatchObject({ content: 1, negation: 0, number: 0, name: 0 });
    expect(anchorOne('We spent about 45 minutes a day cleaning up the colour of the imported data.').meaningChanges).toMatchObject({ number: 1 });
  });
});

describe('a close match that differs only in words of no meaning still anchors to the span as said', () => {
  it.each([
    ['an article and a filler', 'Honestly the new dashboard was, you know, usable for most of the planning work we did.', 'Honestly the new dashboard was usable for most of the planning work we did.'],
    ['an amplifier left out', 'The weekly report turned out to be useful for the whole sales team.', 'The weekly report turned out to be really useful for the whole sales team.'],
    ['spelling (color, organize)', 'We spent about 40 minutes a day cleaning up the color of the imported data.', 'We spent about 40 minutes a day cleaning up the colour of the imported data.'],
    ['a repeated word left out and a spelling variant', "I think we will organize the onboarding around the dashboard next year.", 'I think we will organise the onboarding around the dashboard next year.'],
    ['a number written out', 'We spent about forty minutes a day cleaning up the colour of the imported data.', 'We spent about 40 minutes a day cleaning up the colour of the imported data.'],
    ['a compound written as one word', 'We send an email to the whole team every Friday with the new figures.', 'We send an e-mail to the whole team every Friday with the new figures.'],
    ['words left out at an ellipsis', 'The labels on the charts were … clear to everyone in the meeting.', 'The labels on the charts were really clear to everyone in the meeting.'],
  ])('%s', (_case, quote, stored) => {
    const result = anchorOne(quote);
    expect(result.insights[0]?.quotes[0]?.text).toBe(stored);
    expect(result.stats.droppedChangedMeaning).toBe(0);
  });
});

describe('spelling variants are one word, a prefix or another stem is not', () => {
  it.each([
    ['colour', 'color'],
    ['organise', 'organize'],
    ['analysed', 'analyzed'],
    ['centre', 'center'],
    ['modelling', 'modeling'],
    ['useable', 'usable'],
    ['three', '3'],
    ['forty', '40'],
  ])('%s = %s', (a, b) => expect(spellingKey(a)).toBe(spellingKey(b)));

  it.each([
    ['usable', 'unusable'],
    ['useful', 'useless'],
    ['satisfied', 'dissatisfied'],
    ['clear', 'unclear'],
    ['better', 'worse'],
    ['four', 'for'],
    ['your', 'yor'],
    ['later', 'latter'],
    ['loose', 'lose'],
    ['being', 'bing'],
  ])('%s ≠ %s', (a, b) => expect(spellingKey(a)).not.toBe(spellingKey(b)));
});
