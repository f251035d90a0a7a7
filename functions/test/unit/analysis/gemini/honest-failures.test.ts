/**
 * Each way Google refuses or stops says what happened: a 400 told apart by its reason (a file type, too much input, a
 * setting), a front end's HTML page kept out of every sentence, LANGUAGE and OTHER finish reasons, an answer that stops
 * early; and the thinking setting each model takes (a level for Gemini 3), one it cannot honour refused at start.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGeminiAnalyser, type GeminiAnalyserOptions } from '../../../../src/analysis/gemini';
import { errorDetail, refusalReason } from '../../../../src/analysis/gemini/gemini-call';
import { thinkingProblem, thinkingSetting } from '../../../../src/analysis/gemini/model-thinking';
import { FAILURE_MESSAGES } from '../../../../src/analysis/gemini-failure-messages';
import { readServerConfig } from '../../../../src/config/server-config';
import { gatewayPage, replies, startGeminiStandIn, type GeminiStandIn } from '../../../../../test/support/gemini-stand-in.mjs';
import { analysisFailure, FRIDAY_ANSWER, FRIDAY_INTERVIEW } from './helpers/analysis-input';

let standIn: GeminiStandIn;
beforeAll(async () => {
  standIn = await startGeminiStandIn();
});
afterEach(() => {
  standIn.setHandler(undefined);
  standIn.reset();
});
afterAll(() => standIn.close());

const input = FRIDAY_INTERVIEW;
const good = FRIDAY_ANSWER;

const analyser = (options: Partial<GeminiAnalyserOptions> = {}) =>
  createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url, sleep: async () => {}, random: () => 0.5, ...options });

describe('a 400 is told apart by its reason', () => {
  it('a file type Gemini does not take is unsupported-file, not the server’s set-up, and is not asked again', async () => {
    standIn.respondWith(replies.unsupportedType('audio/x-m4a'), replies.json(good));
    const error = await analysisFailure(analyser().analyse(input));
    expect(error.code).toBe('unsupported-file');
    expect(error.message).toContain('Unsupported MIME type: audio/x-m4a');
    expect(standIn.requests).toHaveLength(1);
    expect(FAILURE_MESSAGES['unsupported-file']).toMatch(/does not take this kind of file.*credit was returned/);
  });

  it('more input than the model reads is too-much-input, and the researcher is told to split it', async () => {
    standIn.respondWith(replies.tooMuchInput(1_200_293, 1_048_576), replies.json(good));
    const error = await analysisFailure(analyser().analyse(input));
    expect(error.code).toBe('too-much-input');
    expect(error.message).toContain('The input token count (1200293) exceeds the maximum number of tokens allowed (1048576)');
    expect(standIn.requests).toHaveLength(1);
    expect(FAILURE_MESSAGES['too-much-input']).toMatch(/more than Gemini can read in one request.*split it/);
  });

  it('a setting the model refuses is misconfigured, naming the settings to check', async () => {
    standIn.respondWith(replies.error(400, { message: 'Thinking level MINIMAL is not supported for this model.' }));
    const error = await analysisFailure(analyser().analyse(input));
    expect(error.code).toBe('misconfigured');
    expect(error.message).toMatch(/refused a setting.*GEMINI_THINKING_BUDGET/);
  });

  it('a key Google refuses is misconfigured, naming the key', async () => {
    const error = await analysisFailure(createGeminiAnalyser({ apiKey: 'wrong-key', baseUrl: standIn.url }).analyse(input));
    expect(error.code).toBe('misconfigured');
    expect(error.message).toMatch(/refused the API key.*GEMINI_API_KEY/);
  });
});

describe('a refusal’s reason, read from Google’s own bodies', () => {
  const body = (code: number, message: string, status: string) => JSON.stringify({ error: { code, message, status } });
  it.each([
    [400, body(400, 'Unsupported MIME type: audio/mp4', 'INVALID_ARGUMENT'), 'unsupported-type'],
    [400, body(400, 'The input token count (3475108) exceeds the maximum number of tokens allowed (1048576).', 'INVALID_ARGUMENT'), 'too-much-input'],
    [400, body(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT'), 'bad-key'],
    [403, body(403, "Method doesn't allow unregistered callers (callers without established identity).", 'PERMISSION_DENIED'), 'bad-key'],
    [403, body(403, 'You do not have permission to access the File abc or it may not exist.', 'PERMISSION_DENIED'), 'bad-setting'],
    [404, body(404, 'models/gemini-2.5-flash is not found for API version v1beta', 'NOT_FOUND'), 'unknown-model'],
    [400, body(400, 'Budget 0 is invalid. This model only works in thinking mode.', 'INVALID_ARGUMENT'), 'bad-setting'],
    [429, body(429, 'API key not valid', 'RESOURCE_EXHAUSTED'), undefined],
    [502, gatewayPage(502), undefined],
  ] as const)('HTTP %i %s → %s', (status, text, reason) => {
    expect(refusalReason(status, text)).toBe(reason);
  });
});

describe('the stand-in refuses what Google refuses, whatever reply a test queued', () => {
  it('an unknown model is 404 NOT_FOUND with Google’s body, even with an answer queued (the default model is not special)', async () => {
    standIn.respondWith(replies.json(good));
    const error = await analysisFailure(analyser({ model: 'gemini-2.5-flash' }).analyse(input));
    expect(error.code).toBe('misconfigured');
    expect(error.message).toContain('NOT_FOUND: models/gemini-2.5-flash is not found for API version');
    expect(error.message).toContain('GEMINI_MODEL');
    expect(standIn.pending).toBe(1);
  });

  it('a thinking budget of 0 sent to a model without MINIMAL is refused with Google’s sentence', async () => {
    const response = await fetch(`${standIn.url}/v1beta/models/gemini-3.1-pro:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': standIn.apiKey },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { thinkingConfig: { thinkingBudget: 0 } } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 400, message: 'Budget 0 is invalid. This model only works in thinking mode.', status: 'INVALID_ARGUMENT' } });
  });
});

describe('a front end’s HTML error page', () => {
  it('is retried as a 502, and ends as provider-error whose detail is the page’s title, not its markup', async () => {
    standIn.setHandler(() => replies.gatewayError(502));
    const error = await analysisFailure(analyser({ maxRetries: 1 }).analyse(input));
    expect(error.code).toBe('provider-error');
    expect(standIn.requests).toHaveLength(2);
    expect(error.message).toContain('HTTP 502');
    expect(error.message).toContain('an HTML error page: Error 502 (Server Error)!!1');
    expect(error.message).not.toMatch(/<|DOCTYPE|font:/);
  });

  it('a 504 page is read by its title too', () => {
    const body = JSON.stringify({ error: { message: gatewayPage(504), code: 504, status: 'Gateway Timeout' } });
    expect(errorDetail(body)).toBe('Gateway Timeout: an HTML error page: Error 504 (Gateway Timeout)!!1');
  });
});

describe('finish reasons asking again cannot change, and ones it can', () => {
  it('LANGUAGE fails at once as unsupported-language, with its own sentence', async () => {
    standIn.respondWith(replies.stopped('LANGUAGE'), replies.json(good));
    const error = await analysisFailure(analyser().analyse(input));
    expect(error.code).toBe('unsupported-language');
    expect(standIn.requests).toHaveLength(1);
    expect(FAILURE_MESSAGES['unsupported-language']).toMatch(/language it does not support/);
  });

  it('OTHER is asked once more: a good second answer is kept', async () => {
    standIn.respondWith(replies.stopped('OTHER'), replies.json(good));
    const result = await analyser().analyse(input);
    expect(result.insights.map((i) => i.title)).toEqual(['Reporting eats Fridays']);
    expect(standIn.requests).toHaveLength(2);
  });

  it('an answer that stops early (its JSON cut, OTHER) twice fails as malformed-response, naming OTHER', async () => {
    standIn.respondWith(replies.stoppedEarly(0.4), replies.stoppedEarly(0.4));
    const error = await analysisFailure(analyser().analyse(input));
    expect(error.code).toBe('malformed-response');
    expect(error.message).toContain('the answer stopped early (OTHER)');
  });
});

describe('thinking, as each model takes it', () => {
  it('a Gemini 3 model is sent a level, never a budget: the default 4,096 tokens stand for MEDIUM', async () => {
    await analyser().analyse(input);
    expect(standIn.requests[0]!.model).toBe('gemini-3.8-flash');
    expect(standIn.requests[0]!.generationConfig?.thinkingConfig).toEqual({ thinkingLevel: 'MEDIUM' });
  });

  it.each([
    ['gemini-3.8-flash', 512, { thinkingLevel: 'LOW' }],
    ['gemini-3.8-flash', 24_576, { thinkingLevel: 'HIGH' }],
    ['gemini-3.6-flash', 0, { thinkingLevel: 'MINIMAL' }],
    ['gemini-3-pro', 4_096, { thinkingLevel: 'HIGH' }],
    ['gemini-3.1-pro', 4_096, { thinkingLevel: 'MEDIUM' }],
    ['gemini-2.5-flash', 0, { thinkingBudget: 0 }],
    ['gemini-2.5-pro', 2_048, { thinkingBudget: 2_048 }],
  ] as const)('%s with a budget of %i is sent %o', (model, budget, sent) => {
    expect(thinkingSetting(model, budget)).toEqual(sent);
    expect(thinkingProblem(model, budget)).toBeNull();
  });

  it.each([
    ['gemini-3.1-pro', 0, /cannot do: its lowest thinking level is LOW/],
    ['gemini-3.8-flash', 0, /cannot do: its lowest thinking level is LOW/],
    ['gemini-2.5-pro', 0, /only works in thinking mode/],
    ['gemini-2.5-flash-lite', 100, /takes a thinking budget of 512–24576 tokens \(or 0 for none\), not 100/],
  ] as const)('%s with a budget of %i is refused with the reason', (model, budget, reason) => {
    expect(thinkingProblem(model, budget)).toMatch(reason);
  });

  it('thinking off on a Pro model is refused when the analyser is made, before anything is sent', () => {
    let caught: unknown;
    try {
      analyser({ model: 'gemini-3.1-pro', thinkingBudget: 0 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'misconfigured', message: expect.stringContaining('gemini-3.1-pro') });
    expect(standIn.requests).toHaveLength(0);
  });

  it('and when the server’s configuration is read, naming both settings', () => {
    expect(() => readServerConfig({ GEMINI_API_KEY: 'k', GEMINI_MODEL: 'gemini-3.1-pro', GEMINI_THINKING_BUDGET: '0' })).toThrow(
      /GEMINI_MODEL="gemini-3.1-pro" with GEMINI_THINKING_BUDGET=0: A thinking budget of 0 turns thinking off, which gemini-3.1-pro \(a Pro model of Gemini 3 or later\) cannot do/,
    );
    expect(() => readServerConfig({ GEMINI_API_KEY: 'k', GEMINI_MODEL: 'gemini-3.1-pro', GEMINI_THINKING_BUDGET: '512' })).not.toThrow();
  });
});
