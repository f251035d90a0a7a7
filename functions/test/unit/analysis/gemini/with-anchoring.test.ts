/**
 * The Gemini analyser's proposals through the real anchoring step (functions/src/analysis/anchoring): what Gemini
 * invents or takes from the interviewer is passed on faithfully, then dropped and counted there.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { anchorAnalysis } from '../../../../src/analysis/anchoring';
import { createGeminiAnalyser } from '../../../../src/analysis/gemini';
import { replies, startGeminiStandIn, type GeminiStandIn } from '../../../../../test/support/gemini-stand-in.mjs';
import { analysisInput } from './helpers/analysis-input';

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

it('anchors Gemini’s tidied and slightly reworded quotes to the participant’s words, says how each matched, and refuses a flipped one', async () => {
  const input = analysisInput(
    [
      ['Interviewer', 'Would you recommend the reporting add-on to other teams?'],
      [
        'Maria',
        'I would recommend it to anyone at all. I, um, I really think the the export is broken. ' +
          'The export was honestly really slow for our biggest client reports, every single week.',
      ],
    ],
    { Interviewer: 'interviewer', Maria: 'participant' },
  );
  const reworded = 'The export was slow for our biggest client reports, every single week.';
  standIn.respondWith(
    replies.json({
      insights: [
        {
          title: 'Exports are broken and slow',
          description: 'The export fails and takes long.',
          tag: 'export',
          quotes: [
            { text: 'I really think the export is broken.', speaker: 'Maria' },
            { text: reworded, speaker: 'Maria' },
          ],
        },
        {
          title: 'Would not recommend the add-on',
          description: 'She would warn others off.',
          tag: 'recommendation',
          quotes: [{ text: 'I would not recommend it to anyone at all.', speaker: 'Maria' }],
        },
      ],
      groupedTags: [],
    }),
  );
  const analysis = await createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url }).analyse(input);
  const anchored = anchorAnalysis(input, analysis);

  expect(anchored.stats).toMatchObject({ proposed: 3, anchored: 2, fuzzy: 1, droppedChangedMeaning: 1, droppedUnanchored: 0, droppedInsights: 1 });
  expect(anchored.insights.map((insight) => insight.title)).toEqual(['Exports are broken and slow']);
  expect(anchored.insights[0].quotes.map(({ text, match, proposedText }) => ({ text, match, proposedText }))).toEqual([
    { text: 'I, um, I really think the the export is broken.', match: 'normalised', proposedText: undefined },
    { text: 'The export was honestly really slow for our biggest client reports, every single week.', match: 'fuzzy', proposedText: reworded },
  ]);
});
