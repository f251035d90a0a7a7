/**
 * The analysis call's bounds come from the server's settings (server-limits.ts): the thinking budget, the output
 * limit, the single-call size and the deadline reach every Gemini call a project's analysis makes; a bad value is
 * named at start.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Analyser } from '@verbatim/contract/insight';
import { analyserChoice } from '../../../../src/analysis-runs/choose-analyser';
import { readServerLimits } from '../../../../src/config/server-limits';
import { startGeminiStandIn, type GeminiStandIn } from '../../../../../test/support/gemini-stand-in.mjs';
import { analysisInput, sentence, type TurnSpec } from './helpers/analysis-input';

let standIn: GeminiStandIn;
beforeAll(async () => {
  standIn = await startGeminiStandIn();
});
afterAll(() => standIn.close());

const unused: Analyser = { name: 'local', analyse: () => Promise.reject(new Error('the built-in analyser was chosen')) };

it('sends the configured thinking budget and output limit, and cuts parts at the configured size', async () => {
  const limits = readServerLimits({ GEMINI_THINKING_BUDGET: '512', GEMINI_MAX_OUTPUT_TOKENS: '4096', GEMINI_SINGLE_CALL_WORDS: '1000' }).gemini;
  const choose = analyserChoice({ apiKey: standIn.apiKey, model: 'gemini-3.8-flash', baseUrl: standIn.url }, unused, limits);
  const { analyser } = choose({ analyser: 'gemini', redactPii: false });
  const turns: TurnSpec[] = Array.from({ length: 120 }, (_, i): TurnSpec => (i % 2 === 0 ? ['Interviewer', 'And then?'] : ['P1', `${sentence(i)} ${sentence(i + 500)}`]));
  await analyser.analyse(analysisInput(turns, { Interviewer: 'interviewer', P1: 'participant' }));
  expect(standIn.requests).toHaveLength(2);
  for (const request of standIn.requests) {
    // gemini-3.8-flash takes a level, not a budget: 512 tokens stand for LOW (model-thinking.ts).
    expect(request.generationConfig).toMatchObject({ thinkingConfig: { thinkingLevel: 'LOW' }, maxOutputTokens: 4096 });
    expect(request.generationConfig).not.toHaveProperty('thinkingConfig.thinkingBudget');
  }
});

it('defaults to one call up to 100,000 words, a 4,096-token thinking budget, 32,768 output tokens and 180 s', () => {
  expect(readServerLimits({}).gemini).toMatchObject({ singleCallWords: 100_000, thinkingBudget: 4_096, maxOutputTokens: 32_768, analysisTimeoutSeconds: 180 });
});

it('names a setting out of its range', () => {
  expect(() => readServerLimits({ GEMINI_THINKING_BUDGET: '99999', GEMINI_ANALYSIS_TIMEOUT_SECONDS: '600' })).toThrow(
    /GEMINI_THINKING_BUDGET="99999" must be a whole number from 0 to 24576; GEMINI_ANALYSIS_TIMEOUT_SECONDS="600" must be a whole number from 1 to 240/,
  );
});
