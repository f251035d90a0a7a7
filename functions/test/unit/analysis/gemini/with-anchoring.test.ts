/**
 * The Gemini analyser's proposals through the real anchoring step (functions/src/analysis/anchoring): what Gemini
 * invents or takes from the interviewer is passed on faithfully, then dropped and counted there.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { anchorAnalysis } from '../../../../src/analysis/anchoring';
import { createGeminiAnalyser } from '../../../../src/analysis/gemini';
import { replies, startGeminiStandIn, type GeminiStandIn } from '../../../../../test/support/gemini-stand-in.mjs';
import { analysisInput } from './helpers/analysis-input';
import { CLOSE_MATCH_STORED, CLOSE_MATCH_WORDS, closeMatchAnswer } from '../../../support/close-match-answer';

let standIn: GeminiStandIn;
beforeAll(async () => {
  standIn = await startGeminiStandIn();
});
afterAll(() => standIn.close());

it('keeps the verbatim quote and drops the invented and the interviewer’s, counting each', async () => {
  const input = analysisInput(
    [
      ['Interviewer', 'Which part of the checkout do you find hardest to get through?'],
      ['Maria', 'The address form resets every time I switch tabs, so I have to type everything again.'],
    ],
    { Interviewer: 'interviewer', Maria: 'participant' },
  );
  standIn.respondWith(
    replies.json({
      insights: [
        {
          title: 'Checkout loses input',
          description: 'The form resets.',
          tag: 'checkout',
          quotes: [
            { text: 'The address form resets every time I switch tabs, so I have to type everything again.', speaker: 'Maria' },
            { text: 'Honestly the whole shop should be rebuilt from scratch by another company.', speaker: 'Maria' },
            { text: 'Which part of the checkout do you find hardest to get through?', speaker: 'Maria' },
          ],
        },
      ],
      groupedTags: [],
    }),
  );
  const analysis = await createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url }).analyse(input);
  expect(analysis.insights[0]?.quotes).toHaveLength(3);

  const anchored = anchorAnalysis(input, analysis);
  expect(anchored.stats).toMatchObject({ proposed: 3, anchored: 1, droppedUnanchored: 1, droppedInterviewer: 1 });
  expect(anchored.insights[0]?.quotes.map((q) => [q.speaker, input.text.slice(q.start, q.end)])).toEqual([
    ['Maria', 'The address form resets every time I switch tabs, so I have to type everything again.'],
  ]);
});

it('anchors Gemini’s tidied and slightly shortened quotes to the participant’s words, says how each matched, and refuses a flipped one', async () => {
  const input = analysisInput(
    [
      ['Interviewer', 'Would you recommend the reporting add-on to other teams?'],
      ['Maria', CLOSE_MATCH_WORDS],
    ],
    { Interviewer: 'interviewer', Maria: 'participant' },
  );
  standIn.respondWith(replies.json(closeMatchAnswer('Maria')));
  const analysis = await createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url }).analyse(input);
  const anchored = anchorAnalysis(input, analysis);

  expect(anchored.stats).toMatchObject({ proposed: 4, anchored: 3, fuzzy: 1, droppedChangedMeaning: 1, droppedUnanchored: 0, droppedInsights: 1 });
  expect(anchored.insights.map((insight) => insight.title)).toEqual(['Exports are broken and slow']);
  expect(anchored.insights[0].quotes.map((q) => [q.text, q.match, q.proposedText ?? null])).toEqual(CLOSE_MATCH_STORED);
});
