/**
 * When Gemini misbehaves: malformed answers (one retry), HTTP 429 and 5xx (backoff, Retry-After), timeouts and an
 * unreachable server, each ending in the right `AnalysisError`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGeminiAnalyser, type GeminiAnalyserOptions } from '../../../../src/analysis/gemini';
import { replies, startGeminiStandIn, type GeminiStandIn } from '../../../../../test/support/gemini-stand-in.mjs';
import { analysisFailure, FRIDAY_ANSWER, FRIDAY_INTERVIEW, recordingSleep } from './helpers/analysis-input';

let standIn: GeminiStandIn;
beforeAll(async () => {
  standIn = await startGeminiStandIn();
});
afterEach(() => standIn.reset());
afterAll(() => standIn.close());

const input = FRIDAY_INTERVIEW;
const good = FRIDAY_ANSWER;

function setup(options: Partial<GeminiAnalyserOptions> = {}) {
  const sleeper = recordingSleep();
  const analyser = createGeminiAnalyser({
    apiKey: standIn.apiKey,
    baseUrl: standIn.url,
    sleep: sleeper.sleep,
    random: () => 0.5,
    ...options,
  });
  return { analyser, sleeps: sleeper.sleeps };
}

const failure = analysisFailure;

describe('malformed answers', () => {
  it('retries a non-JSON answer once, then fails with malformed-response', async () => {
    standIn.respondWith(replies.text('{"insights": [{"title": "cut off'), replies.text('Sure! Here are the insights: ...'), replies.json(good));
    const { analyser } = setup();
    const error = await failure(analyser.analyse(input));
    expect(error.code).toBe('malformed-response');
    expect(error.message).toContain('not valid JSON');
    expect(standIn.requests).toHaveLength(2);
    expect(standIn.pending).toBe(1); // the good answer was never asked for
  });

  it('succeeds when the retry answers well, counting both calls and both answers’ tokens', async () => {
    standIn.respondWith(
      replies.text('not json at all', { usage: { promptTokenCount: 100, candidatesTokenCount: 5, totalTokenCount: 105 } }),
      replies.json(good, { usage: { promptTokenCount: 100, candidatesTokenCount: 40, totalTokenCount: 140 } }),
    );
    const { analyser } = setup();
    const result = await analyser.analyse(input);
    expect(result.insights.map((i) => i.title)).toEqual(['Reporting eats Fridays']);
    expect(result.usage).toEqual({ promptTokens: 200, outputTokens: 45, totalTokens: 245, calls: 2 });
  });

  it.each([
    ['a missing field', { insights: [{ title: 't', description: 'd', quotes: [{ text: 'q', speaker: 'P1' }] }], groupedTags: [] }, 'insights[0].tag is not a string'],
    ['a wrong type', { insights: 'none', groupedTags: [] }, 'insights is not an array'],
    ['an insight without quotes', { insights: [{ title: 't', description: 'd', tag: 'x', quotes: [] }], groupedTags: [] }, 'insights[0].quotes has 0 items'],
    ['too many insights', { insights: Array.from({ length: 26 }, () => good.insights[0]), groupedTags: [] }, 'insights has 26 items'],
    ['a top-level array', [good], 'answer is not an object'],
  ])('treats %s as malformed', async (_name, answer, problem) => {
    standIn.respondWith(replies.json(answer), replies.json(answer));
    const error = await failure(setup().analyser.analyse(input));
    expect(error.code).toBe('malformed-response');
    expect(error.message).toContain(problem);
  });

  it('fails an answer cut short by the token limit as too long, without asking the same again', async () => {
    standIn.respondWith(replies.text('{"insights": [', { finishReason: 'MAX_TOKENS' }), replies.json(good));
    const error = await failure(setup({ maxOutputTokens: 2048 }).analyser.analyse(input));
    expect(error.code).toBe('too-long');
    expect(error.message).toContain('2048 output tokens (MAX_TOKENS)');
    expect(standIn.requests).toHaveLength(1);
  });

  it('keeps an answer with one over-long quote, leaving that quote out and saying so in the notes', async () => {
    const long = { text: 'Exporting '.repeat(160), speaker: 'P1' };
    standIn.respondWith(replies.json({ ...good, insights: [{ ...good.insights[0], quotes: [...good.insights[0].quotes, long] }] }));
    const result = await setup().analyser.analyse(input);
    expect(result.insights[0]?.quotes).toEqual([expect.objectContaining({ text: good.insights[0].quotes[0].text })]);
    expect(result.notes).toContain('Gemini proposed 1 quote longer than 1,500 characters; it was left out and the rest of its answer kept.');
    expect(standIn.requests).toHaveLength(1);
  });
});

describe('answers that asking again cannot change', () => {
  it('fails a blocked prompt as blocked, at once', async () => {
    standIn.respondWith(replies.blocked('PROHIBITED_CONTENT'), replies.json(good));
    const error = await failure(setup().analyser.analyse(input));
    expect(error.code).toBe('blocked');
    expect(error.message).toContain('PROHIBITED_CONTENT');
    expect(standIn.requests).toHaveLength(1);
  });

  it.each(['SAFETY', 'RECITATION', 'PROHIBITED_CONTENT'])('fails an answer stopped for %s as blocked, at once', async (reason) => {
    standIn.respondWith(replies.stopped(reason), replies.json(good));
    const error = await failure(setup().analyser.analyse(input));
    expect(error.code).toBe('blocked');
    expect(error.message).toContain(reason);
    expect(standIn.requests).toHaveLength(1);
  });

  it('fails a used-up daily quota as quota-exhausted, without waiting for a retry', async () => {
    standIn.respondWith(replies.quotaExhausted({ perDay: true }), replies.json(good));
    const { analyser, sleeps } = setup();
    const error = await failure(analyser.analyse(input));
    expect(error.code).toBe('quota-exhausted');
    expect(standIn.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('still retries a per-minute quota', async () => {
    standIn.respondWith(replies.quotaExhausted({ perDay: false }), replies.json(good));
    const { analyser, sleeps } = setup();
    const result = await analyser.analyse(input);
    expect(result.insights).toHaveLength(1);
    expect(sleeps).toEqual([20_000]);
  });
});

describe('rate limits and server errors', () => {
  it('retries after a 429 with exponential backoff and jitter, then succeeds', async () => {
    standIn.respondWith(replies.error(429), replies.error(429), replies.json(good));
    const { analyser, sleeps } = setup();
    const result = await analyser.analyse(input);
    expect(result.insights).toHaveLength(1);
    expect(standIn.requests).toHaveLength(3);
    // random() = 0.5: half of the cap plus a quarter of it; caps 1 s then 2 s.
    expect(sleeps).toEqual([750, 1500]);
    expect(result.usage?.calls).toBe(3);
  });

  it('draws the jitter from random()', async () => {
    standIn.respondWith(replies.error(503), replies.json(good));
    const { analyser, sleeps } = setup({ random: () => 0 });
    await analyser.analyse(input);
    expect(sleeps).toEqual([500]);
  });

  it('honours a Retry-After header', async () => {
    standIn.respondWith(replies.error(429, { retryAfter: 7 }), replies.json(good));
    const { analyser, sleeps } = setup();
    await analyser.analyse(input);
    expect(sleeps).toEqual([7000]);
  });

  it('honours a RetryInfo retryDelay in Google’s error body', async () => {
    standIn.respondWith(replies.error(429, { retryDelay: '2.5s' }), replies.json(good));
    const { analyser, sleeps } = setup();
    await analyser.analyse(input);
    expect(sleeps).toEqual([2500]);
  });

  it('caps a very long Retry-After at 60 s', async () => {
    standIn.respondWith(replies.error(503, { retryAfter: 3600 }), replies.json(good));
    const { analyser, sleeps } = setup();
    await analyser.analyse(input);
    expect(sleeps).toEqual([60_000]);
  });

  it('ends with rate-limited when 429s outlast the retries', async () => {
    standIn.setHandler(() => replies.error(429));
    const { analyser, sleeps } = setup({ maxRetries: 3 });
    const error = await failure(analyser.analyse(input));
    standIn.setHandler(undefined);
    expect(error.code).toBe('rate-limited');
    expect(standIn.requests).toHaveLength(4);
    expect(sleeps).toEqual([750, 1500, 3000]);
  });

  it('ends with overloaded when 503s outlast the retries', async () => {
    standIn.respondWith(...Array.from({ length: 3 }, () => replies.overloaded()));
    const { analyser, sleeps } = setup({ maxRetries: 2 });
    const error = await failure(analyser.analyse(input));
    expect(error.code).toBe('overloaded');
    expect(error.message).toContain('HTTP 503) after 3 attempts');
    expect(sleeps).toHaveLength(2);
  });

  it.each([500, 502, 504])('ends with provider-error when HTTP %i outlasts the retries', async (status) => {
    standIn.respondWith(...Array.from({ length: 3 }, () => replies.error(status)));
    const { analyser, sleeps } = setup({ maxRetries: 2 });
    const error = await failure(analyser.analyse(input));
    expect(error.code).toBe('provider-error');
    expect(error.message).toContain(`HTTP ${status}`);
    expect(standIn.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('does not retry a 400 or a 404, and calls them the server’s configuration problem', async () => {
    standIn.respondWith(replies.error(400, { message: 'Request contains an invalid argument.' }), replies.error(404));
    const first = setup();
    expect((await failure(first.analyser.analyse(input))).code).toBe('misconfigured');
    const second = setup();
    expect((await failure(second.analyser.analyse(input))).message).toContain('HTTP 404');
    expect(standIn.requests).toHaveLength(2);
    expect([...first.sleeps, ...second.sleeps]).toEqual([]);
  });
});

// A deadline of a second: a shorter one can pass, on a busy machine, before the request has even reached the
// stand-in, which then never sees that attempt and gives its reply to the next.
describe('timeouts and an unreachable server', () => {
  it('asks once more after a timeout, with a backoff, and succeeds', async () => {
    standIn.respondWith(replies.hang(), replies.json(good));
    const { analyser, sleeps } = setup({ timeoutMs: 1_000 });
    const result = await analyser.analyse(input);
    expect(result.insights).toHaveLength(1);
    expect(standIn.requests).toHaveLength(2);
    expect(sleeps).toEqual([750]);
  });

  it('fails with timeout when Gemini hangs past the deadline twice', async () => {
    standIn.respondWith(replies.hang(), replies.hang(), replies.json(good));
    const { analyser, sleeps } = setup({ timeoutMs: 1_000 });
    const error = await failure(analyser.analyse(input));
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('after 2 attempts');
    expect(standIn.requests).toHaveLength(2);
    expect(sleeps).toEqual([750]);
  });

  it('ends by the run’s deadline, from the time its function has left: a call in flight is cut off there and not asked again', async () => {
    standIn.respondWith(replies.hang(), replies.hang(), replies.json(good));
    // Each call may take 180 s and is asked once more: six minutes and more, past a trigger's 540 s with its retries.
    const { analyser, sleeps } = setup({ timeoutMs: 180_000 });
    const started = Date.now();
    const error = await failure(analyser.analyse(input, undefined, { deadlineAtMs: started + 800 }));
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('deadline');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(standIn.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  }, 15_000);

  it('tells the run each call as soon as it is settled, its attempts and tokens, so they are recorded as it goes', async () => {
    standIn.respondWith(replies.overloaded(), replies.json(good));
    const spent: Array<{ calls: number; totalTokens: number }> = [];
    const result = await setup().analyser.analyse(input, undefined, { onSpent: (s) => void spent.push({ calls: s.calls, totalTokens: s.totalTokens }) });
    expect(spent).toHaveLength(1);
    expect(spent[0]!.calls).toBe(2);
    expect(spent[0]!.totalTokens).toBe(result.usage!.totalTokens);
    expect(spent[0]!.totalTokens).toBeGreaterThan(0);
  });

  it('asks again only when the wait before it ends before the run’s deadline', async () => {
    standIn.respondWith(replies.overloaded(), replies.overloaded(), replies.json(good));
    const { analyser, sleeps } = setup();
    // The first backoff (750 ms here) would reach a deadline 500 ms away: the overload is told at once.
    const error = await failure(analyser.analyse(input, undefined, { deadlineAtMs: Date.now() + 500 }));
    expect(error.code).toBe('overloaded');
    expect(standIn.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('times out a slow answer too (latency beyond the deadline)', async () => {
    standIn.respondWith(replies.json(good, { latencyMs: 400 }), replies.json(good, { latencyMs: 400 }));
    const error = await failure(setup({ timeoutMs: 100 }).analyser.analyse(input));
    expect(error.code).toBe('timeout');
  });

  it('answers within the deadline succeed', async () => {
    standIn.respondWith(replies.json(good, { latencyMs: 50 }));
    const result = await setup({ timeoutMs: 1000 }).analyser.analyse(input);
    expect(result.insights).toHaveLength(1);
  });

  it('retries a refused connection, then fails with provider-error', async () => {
    const gone = await startGeminiStandIn();
    const url = gone.url;
    await gone.close();
    const { analyser, sleeps } = setup({ baseUrl: url, maxRetries: 2 });
    const error = await failure(analyser.analyse(input));
    expect(error.code).toBe('provider-error');
    expect(error.message).toMatch(/could not be reached after 3 attempts/);
    expect(sleeps).toHaveLength(2);
  });
});
