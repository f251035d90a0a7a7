/**
 * The analyser against the realistic stand-in, which misbehaves as the real model does: one call per interview up
 * to the single-call limit, the interview's name redacted, thinking and output bounded, thought parts and thinking
 * tokens handled, an over-long quote left out alone, an unknown model or schema keyword refused as the server's
 * configuration problem, and a 503 streak outlasted.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anchorAnalysis } from '../../../../src/analysis/anchoring';
import { createGeminiAnalyser, type GeminiAnalyserOptions } from '../../../../src/analysis/gemini';
import { answerJsonSchema } from '../../../../src/analysis/gemini/response-schema';
import { replies, startGeminiStandIn, unsupportedSchemaKeyword, type GeminiStandIn } from '../../../../../test/support/gemini-stand-in.mjs';
import { analysisFailure, analysisInput, recordingSleep, type TurnSpec } from './helpers/analysis-input';

let standIn: GeminiStandIn;
beforeAll(async () => {
  standIn = await startGeminiStandIn({ behaviour: 'realistic' });
});
afterEach(() => standIn.reset());
afterAll(() => standIn.close());

const ANSWERS = [
  'The dashboard is something I open every single morning before my first meeting starts.',
  'Um, I I really, you know, like the export because it is fast and it saves me hours every week.',
  'The reports are confusing and I never know which number I should trust in them.',
  'I would recommend the search to anyone on my team who has to find an old interview.',
  'The mobile app crashes when I try to upload a long recording from the train.',
  'Our team shares the tagged quotes in a weekly review with the product managers.',
];

function interview(exchanges = ANSWERS.length, documentName = 'Interview Maria Silva.docx') {
  const turns: TurnSpec[] = [];
  for (let i = 0; i < exchanges; i++) {
    turns.push(['Interviewer', `Could you tell me more about the part of your work that involves topic number ${i}?`]);
    turns.push(['P1', ANSWERS[i % ANSWERS.length]!]);
  }
  return analysisInput(turns, { Interviewer: 'interviewer', P1: 'participant' }, { documentName });
}

function analyser(options: Partial<GeminiAnalyserOptions> = {}) {
  return createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url, sleep: recordingSleep().sleep, random: () => 0.5, ...options });
}

const failure = analysisFailure;

describe('one call per interview', () => {
  it('sends an interview of 7,000 words in one call, which sees every turn', async () => {
    const input = interview(400);
    await analyser().analyse(input);
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]!.userText).toContain('This is the whole transcript.');
    expect(standIn.requests[0]!.userText).toContain('--- turn 800 |');
  });

  it('asks for one insight per 160 participant words, at least 3 and at most 16, in the prompt and the schema', async () => {
    await analyser().analyse(interview(6));
    await analyser().analyse(interview(400));
    const [small, large] = standIn.requests;
    expect(small!.userText).toContain('Propose at most 3 insights');
    expect(large!.userText).toContain('Propose at most 16 insights');
    expect(large!.generationConfig?.responseJsonSchema).toEqual(answerJsonSchema(16));
  });
});

describe('the call', () => {
  it('bounds thinking and output with the configured budgets', async () => {
    await analyser({ thinkingBudget: 1024, maxOutputTokens: 8192 }).analyse(interview());
    expect(standIn.requests[0]!.generationConfig).toMatchObject({ thinkingConfig: { thinkingLevel: 'LOW' }, maxOutputTokens: 8192 });
  });

  it('reads the answer past the model’s thought parts and counts thinking as output', async () => {
    const result = await analyser().analyse(interview());
    expect(result.insights.length).toBeGreaterThan(0);
    expect(result.insights.every((i) => !i.title.includes('Reading the participant turns'))).toBe(true);
    expect(result.usage!.totalTokens).toBe(result.usage!.promptTokens + result.usage!.outputTokens);
  });

  it('fails with too-long when thinking and answer outgrow maxOutputTokens, asking once', async () => {
    const error = await failure(analyser({ maxOutputTokens: 1300 }).analyse(interview()));
    expect(error.code).toBe('too-long');
    expect(standIn.requests).toHaveLength(1);
  });

  it('redacts the interview’s name like the transcript', async () => {
    await analyser({ redactPii: true }).analyse(interview());
    const sent = standIn.requests[0]!.userText;
    expect(sent).not.toContain('Maria');
    expect(sent).not.toContain('Silva');
    expect(sent).toMatch(/^Document: ".*\[NAME_\d+\].*\.docx"$/m);
  });

  it('sends the interview’s name as it is when the project does not redact', async () => {
    await analyser({ redactPii: false }).analyse(interview());
    expect(standIn.requests[0]!.userText).toContain('Document: "Interview Maria Silva.docx"');
  });
});

describe('a model that misbehaves', () => {
  it('leaves out the over-long quote alone and says so; anchoring drops the interviewer’s and the paraphrase', async () => {
    const input = interview();
    const analysis = await analyser().analyse(input);
    const proposed = standIn.requests[0]!.proposed!;
    expect(proposed).toEqual(expect.arrayContaining(['exact', 'tidied', 'paraphrased', 'interviewer', 'over-long']));
    expect(analysis.notes).toContain('Gemini proposed 1 quote longer than 1,500 characters; it was left out and the rest of its answer kept.');
    const anchored = anchorAnalysis(input, analysis);
    expect(anchored.stats.droppedInterviewer).toBe(1);
    expect(anchored.stats.droppedUnanchored).toBeGreaterThanOrEqual(1);
    for (const quote of anchored.insights.flatMap((i) => i.quotes)) expect(input.text.slice(quote.start, quote.end)).toBe(quote.text);
  });

  it('refuses an unknown model as the server’s configuration problem, without retrying', async () => {
    const error = await failure(analyser({ model: 'gemini-9-ultra' }).analyse(interview()));
    expect(error.code).toBe('misconfigured');
    expect(error.message).toContain('HTTP 404');
    expect(error.message).toContain('GEMINI_MODEL');
    expect(standIn.requests).toHaveLength(1);
  });

  it('refuses a schema keyword Gemini does not know, and ours has none', () => {
    expect(unsupportedSchemaKeyword({ type: 'object', properties: { a: { type: 'string', maxLength: 5 } } })).toBe('response_json_schema.properties.a.maxLength');
    expect(unsupportedSchemaKeyword(answerJsonSchema(16))).toBeNull();
  });

  it('outlasts a streak of 503s with backoff, and names an overload that does not end', async () => {
    const streak = await startGeminiStandIn({ behaviour: 'realistic', unavailableStreak: 2 });
    try {
      const result = await createGeminiAnalyser({ apiKey: streak.apiKey, baseUrl: streak.url, sleep: recordingSleep().sleep }).analyse(interview());
      expect(result.insights.length).toBeGreaterThan(0);
      expect(streak.requests.map((r) => r.reply)).toEqual(['error', 'error', 'model']);
      streak.reset();
      streak.respondWith(replies.overloaded(), replies.overloaded());
      const error = await failure(createGeminiAnalyser({ apiKey: streak.apiKey, baseUrl: streak.url, sleep: recordingSleep().sleep, maxRetries: 1 }).analyse(interview()));
      expect(error.code).toBe('overloaded');
    } finally {
      await streak.close();
    }
  });

  it('outlasts a streak of a front end’s HTML 502 pages, sent without any reply queued', async () => {
    const streak = await startGeminiStandIn({ behaviour: 'realistic', gatewayStreak: 2 });
    try {
      const sleeper = recordingSleep();
      const result = await createGeminiAnalyser({ apiKey: streak.apiKey, baseUrl: streak.url, sleep: sleeper.sleep }).analyse(interview());
      expect(result.insights.length).toBeGreaterThan(0);
      expect(streak.requests.map((r) => r.reply)).toEqual(['error', 'error', 'model']);
      expect(sleeper.sleeps).toHaveLength(2);
    } finally {
      await streak.close();
    }
  });
});
