/** The small parts: backoff and Retry-After arithmetic, the concurrency pool, and the strict answer reader. */
import { describe, expect, it } from 'vitest';
import { mapWithConcurrency } from '../../../../src/analysis/gemini/concurrency';
import { parseRetryAfter, parseRetryInfo } from '../../../../src/analysis/gemini/gemini-call';
import { readAnswer } from '../../../../src/analysis/gemini/response-validation';
import { backoffDelay } from '../../../../src/analysis/gemini/retry';

describe('backoff', () => {
  it('doubles from 1 s, caps at 30 s, and jitters between half and all of the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, () => 0))).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000]);
    expect([0, 1, 6].map((n) => backoffDelay(n, () => 0.999999))).toEqual([1000, 2000, 30000]);
  });

  it('reads Retry-After as seconds or an HTTP date, and RetryInfo delays', () => {
    expect(parseRetryAfter('7')).toBe(7000);
    expect(parseRetryAfter('1.5')).toBe(1500);
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryInfo('{"error":{"details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"26s"}]}}')).toBe(26_000);
    expect(parseRetryInfo('{"error":{"code":429}}')).toBeUndefined();
  });
});

describe('mapWithConcurrency', () => {
  const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('keeps input order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const results = await mapWithConcurrency([30, 5, 20, 1, 10, 2], 2, async (ms, i) => {
      running++;
      peak = Math.max(peak, running);
      await tick(ms);
      running--;
      return i * 10;
    });
    expect(results).toEqual([0, 10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
  });

  it('starts nothing new after a failure, calls onFailure once, and throws the first error', async () => {
    const started: number[] = [];
    const failures: unknown[] = [];
    const run = mapWithConcurrency(
      [0, 1, 2, 3, 4, 5],
      2,
      async (i) => {
        started.push(i);
        await tick(5);
        if (i === 1) throw new Error('first');
        if (i === 2) throw new Error('second');
        return i;
      },
      (error) => failures.push(error),
    );
    await expect(run).rejects.toThrow('first');
    expect(started).toEqual([0, 1, 2]);
    expect(failures).toHaveLength(1);
  });
});

describe('reading an answer', () => {
  const quote = { text: '  Leading spaces kept.', speaker: 'P1' };
  const insight = { title: '  A title  ', description: 'd', tag: 't', quotes: [quote] };

  it('copies only known fields, trims labels but never quote text, and drops an empty speaker', () => {
    const reading = readAnswer(
      JSON.stringify({ insights: [{ ...insight, extra: 1, quotes: [quote, { text: 'No speaker.', speaker: '' }] }], groupedTags: [], note: 'x' }),
    );
    expect(reading).toEqual({
      ok: true,
      answer: {
        insights: [{ title: 'A title', description: 'd', tag: 't', quotes: [quote, { text: 'No speaker.' }] }],
        groupedTags: [],
      },
      dropped: { quotes: 0, insights: 0 },
    });
  });

  it('leaves out an over-long quote or insight alone, counts it, and keeps the rest of the answer', () => {
    const long = { text: 'x'.repeat(1501), speaker: 'P1' };
    const reading = readAnswer(
      JSON.stringify({
        insights: [
          { ...insight, quotes: [long, quote] },
          { ...insight, title: 'y'.repeat(201) },
          { ...insight, title: 'Only a long quote', quotes: [long] },
          { ...insight, title: 'Kept' },
        ],
        groupedTags: [],
      }),
    );
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.answer.insights.map((i) => [i.title, i.quotes.length])).toEqual([
      ['A title', 1],
      ['Kept', 1],
    ]);
    expect(reading.dropped).toEqual({ quotes: 2, insights: 2 });
  });

  it.each([
    [undefined, 'the answer has no text'],
    ['', 'the answer has no text'],
    ['```json\n{}\n```', 'not valid JSON'],
    ['null', 'answer is not an object'],
    ['{"insights": []}', 'groupedTags is not an array'],
    [JSON.stringify({ insights: [{ ...insight, quotes: [{ text: 5, speaker: 'P1' }] }], groupedTags: [] }), 'insights[0].quotes[0].text is not a string'],
    [JSON.stringify({ insights: [{ ...insight, quotes: [{ text: '   ', speaker: 'P1' }] }], groupedTags: [] }), 'insights[0].quotes[0].text is empty'],
    [JSON.stringify({ insights: [{ ...insight, quotes: Array(6).fill(quote) }], groupedTags: [] }), 'insights[0].quotes has 6 items'],
    [JSON.stringify({ insights: [], groupedTags: [{ groupLabel: 'g', tags: [{ originalTag: 't' }] }] }), 'groupedTags[0].tags[0].refinedTag is not a string'],
  ])('rejects %j', (text, problem) => {
    const reading = readAnswer(text);
    expect(reading.ok).toBe(false);
    expect(reading.ok ? '' : reading.problem).toContain(problem);
  });
});
