/**
 * The realistic stand-in turns words into their opposites, changes numbers and splices pieces never said together
 * (test/support/gemini-misquotes.mjs, its own table of opposites); anchoring refuses every one of them by comparing
 * content words, not by knowing the stand-in's table, and still stores its exact quotes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anchorAnalysis } from '../../../../src/analysis/anchoring';
import { createGeminiAnalyser } from '../../../../src/analysis/gemini';
import { startGeminiStandIn, type GeminiStandIn } from '../../../../../test/support/gemini-stand-in.mjs';
import { analysisInput, recordingSleep, type TurnSpec } from './helpers/analysis-input';

let standIn: GeminiStandIn;
beforeAll(async () => {
  standIn = await startGeminiStandIn({ behaviour: 'realistic' });
});
afterEach(() => standIn.reset());
afterAll(() => standIn.close());

// Each answer has a word with an opposite, a number and a negation after its second word, so every misquote can be made.
const ANSWERS = [
  'I would never recommend the old export to the 12 people on my team.',
  'We could not find the useful reports in the first 3 weeks of the trial.',
  'They did not like the new dashboard for about 40 minutes of every meeting.',
  'The search was not clear to the 5 researchers who joined us last spring.',
  'Our managers were never satisfied with the 2 exports we sent them each week.',
  'It is not easy to read the 7 charts at the top of the usable summary page.',
];

/** 200 answers: enough participant words for the most insights one call asks for (16). */
function interview() {
  const turns: TurnSpec[] = [];
  for (let i = 0; i < 200; i++) {
    turns.push(['Interviewer', `What happened with part ${i} of your work?`]);
    turns.push(['P1', ANSWERS[i % ANSWERS.length]!]);
  }
  return analysisInput(turns, { Interviewer: 'interviewer', P1: 'participant' });
}

describe('what the stand-in misquotes never anchors', () => {
  it('refuses every opposite, changed number and splice, and stores the exact quotes', async () => {
    const input = interview();
    const analyser = createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url, sleep: recordingSleep().sleep, random: () => 0.5 });
    const analysis = await analyser.analyse(input);
    const kinds = standIn.requests[0]!.proposed!.filter((kind) => kind !== 'over-long');
    const quotes = analysis.insights.flatMap((insight) => insight.quotes);
    expect(quotes).toHaveLength(kinds.length);
    for (const kind of ['antonym', 'number', 'spliced'] as const) expect(kinds.filter((k) => k === kind).length).toBeGreaterThanOrEqual(2);
    quotes.forEach((quote, k) => {
      const result = anchorAnalysis(input, { insights: [{ title: 't', description: 'd', tag: 't', quotes: [quote] }] });
      if (['antonym', 'number', 'spliced'].includes(kinds[k]!)) expect(result.stats.anchored, `${kinds[k]}: ${quote.text}`).toBe(0);
      if (kinds[k] === 'exact') expect(result.stats.anchored, quote.text).toBe(1);
    });
  });
});
