/**
 * Long transcripts: cut into overlapping chunks of verbatim segments, analysed with a bound on calls in flight, and
 * merged into one result with summed usage.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGeminiAnalyser } from '../../../../src/analysis/gemini';
import { splitIntoChunks } from '../../../../src/analysis/gemini/chunking';
import { mergeAnswers } from '../../../../src/analysis/gemini/merge';
import { loadWordVectors } from '../../../../src/analysis/meaning';
import type { AnalysisProgress } from '@verbatim/contract/insight';
import {
  parseDelimitedTranscript,
  replies,
  startGeminiStandIn,
  type GeminiStandIn,
  type RecordedRequest,
} from '../../../../../test/support/gemini-stand-in.mjs';
import { analysisInput, recordingSleep, sentence, type TurnSpec } from './helpers/analysis-input';

let standIn: GeminiStandIn;
beforeAll(async () => {
  standIn = await startGeminiStandIn();
});
afterEach(() => {
  standIn.reset();
  standIn.setHandler(undefined);
  standIn.setLatency(0);
});
afterAll(() => standIn.close());

/** 20 exchanges: a 5-word question and a 24-word answer (two 12-word sentences). */
function longInterview() {
  const turns: TurnSpec[] = [];
  for (let i = 0; i < 20; i++) {
    turns.push(['Interviewer', `Question number ${i} for you?`]);
    turns.push(['P2', `${sentence(i)} ${sentence(100 + i)}`]);
  }
  return analysisInput(turns, { Interviewer: 'interviewer', P2: 'participant' });
}

describe('splitting into chunks', () => {
  it('keeps whole turns, stays near the size and overlaps a little', () => {
    const input = longInterview();
    const chunks = splitIntoChunks(input.text, input.turns, 120);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.words).toBeLessThanOrEqual(120 + Math.floor(120 * 0.05) + 24);
      for (const segment of chunk.segments) {
        const turn = input.turns[segment.turnIndex]!;
        expect([segment.start, segment.end]).toEqual([turn.start, turn.end]);
      }
    }
    // Every turn is in some chunk, in order; consecutive chunks share their boundary turn(s).
    const covered = new Set(chunks.flatMap((c) => c.segments.map((s) => s.turnIndex)));
    expect(covered.size).toBe(input.turns.length);
    for (let i = 1; i < chunks.length; i++) {
      const previous = chunks[i - 1]!.segments.map((s) => s.turnIndex);
      const first = chunks[i]!.segments[0]!.turnIndex;
      expect(previous).toContain(first);
      expect(chunks[i]!.segments.length).toBeGreaterThan(1);
    }
  });

  it('cuts a turn longer than a chunk at sentence ends, into verbatim pieces', () => {
    const long = Array.from({ length: 10 }, (_, i) => sentence(i, 20)).join(' ');
    const input = analysisInput([['P1', long]], { P1: 'participant' });
    const chunks = splitIntoChunks(input.text, input.turns, 50);
    const pieces = chunks.flatMap((c) => c.segments);
    const unique = [...new Map(pieces.map((p) => [p.start, p])).values()];
    expect(unique.length).toBeGreaterThan(3);
    expect(unique.map((p) => input.text.slice(p.start, p.end)).join('')).toBe(long);
    expect(unique.every((p) => p.words <= 50)).toBe(true);
    expect(unique.map((p) => p.continued)).toEqual(unique.map((_, i) => i > 0));
    for (const piece of unique.slice(0, -1)) expect(input.text.slice(piece.start, piece.end)).toMatch(/\.\s$/);
  });

  it('cuts a sentence without punctuation at spaces', () => {
    const words = Array.from({ length: 130 }, (_, i) => `w${i}`).join(' ');
    const input = analysisInput([['P1', words]], { P1: 'participant' });
    const segments = splitIntoChunks(input.text, input.turns, 50).flatMap((c) => c.segments);
    expect(segments.map((s) => s.words)).toEqual([50, 50, 30]);
    expect(segments.map((s) => input.text.slice(s.start, s.end)).join('')).toBe(words);
  });

  it('makes one chunk of a short transcript', () => {
    const input = longInterview();
    expect(splitIntoChunks(input.text, input.turns, 6000)).toHaveLength(1);
  });
});

describe('a long transcript', () => {
  it('sends several calls, never more than maxConcurrency at once, and reports progress per chunk', async () => {
    standIn.setLatency(40);
    const input = longInterview();
    const progress: AnalysisProgress[] = [];
    const analyser = createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url, chunkWords: 100, maxConcurrency: 2 });
    const result = await analyser.analyse(input, (p) => progress.push(p));

    const calls = standIn.requests.length;
    expect(calls).toBeGreaterThanOrEqual(6);
    expect(standIn.maxInFlight).toBe(2);
    expect(result.usage?.calls).toBe(calls);
    expect(progress.map((p) => p.done)).toEqual(Array.from({ length: calls + 1 }, (_, i) => i));
    expect(progress.every((p) => p.total === calls)).toBe(true);
    // Each request is labelled with its part and holds only its own turns.
    const parts = standIn.requests.map((r) => /This is part (\d+) of (\d+)/.exec(r.userText)?.slice(1).map(Number));
    expect(parts.map((p) => p?.[1])).toEqual(Array(calls).fill(calls));
    expect(new Set(parts.map((p) => p?.[0])).size).toBe(calls);
    expect(result.notes.some((n) => n.includes(`${calls} overlapping parts`))).toBe(true);
  });

  it('uses the default bound of 3', async () => {
    standIn.setLatency(40);
    const analyser = createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url, chunkWords: 60 });
    await analyser.analyse(longInterview());
    expect(standIn.requests.length).toBeGreaterThan(3);
    expect(standIn.maxInFlight).toBe(3);
  });

  it('merges the chunks’ answers: one insight per shared theme with quotes from every chunk, usage summed', async () => {
    const topics = ['Pricing feels too high', 'Managers love dashboards', 'Search finds the right interview quickly', 'Onboarding was confusing', 'Mobile app crashes often', 'Support answers within a day', 'Colours are hard to read', 'Invoices arrive late'];
    let call = 0;
    standIn.setHandler((request: RecordedRequest) => {
      const turns = parseDelimitedTranscript(request.userText)!.turns.filter((t) => t.role === 'participant');
      const last = turns[turns.length - 1]!;
      const topic = topics[call++ % topics.length]!;
      return replies.json(
        {
          insights: [
            { title: 'Reports take too long', description: 'Shared.', tag: 'reporting', quotes: [{ text: last.text.split('. ')[0] + '.', speaker: last.speaker }] },
            { title: topic, description: `${topic}.`, tag: `topic ${last.number}`, quotes: [{ text: `An invented quote on ${topic}.`, speaker: 'P2' }] },
          ],
          groupedTags: [{ groupLabel: 'Work', tags: [{ originalTag: 'reporting', refinedTag: 'reporting' }, { originalTag: `topic ${last.number}`, refinedTag: 't' }] }],
        },
        { usage: { promptTokenCount: 1000, candidatesTokenCount: 100, totalTokenCount: 1100 } },
      );
    });
    const input = longInterview();
    const analyser = createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url, chunkWords: 100 });
    const result = await analyser.analyse(input);
    const calls = standIn.requests.length;

    expect(calls).toBeGreaterThan(2);
    const shared = result.insights.filter((i) => i.title === 'Reports take too long');
    expect(shared).toHaveLength(1);
    expect(shared[0]!.quotes).toHaveLength(calls);
    for (const quote of shared[0]!.quotes) expect(input.text.slice(quote.startHint!, quote.startHint! + quote.text.length)).toBe(quote.text);
    expect(result.insights).toHaveLength(1 + calls);
    expect(result.groupedTags).toHaveLength(1);
    expect(result.groupedTags[0]!.tags.filter((t) => t.originalTag === 'reporting')).toHaveLength(1);
    expect(result.groupedTags[0]!.tags).toHaveLength(1 + calls);
    expect(result.usage).toEqual({ promptTokens: 1000 * calls, outputTokens: 100 * calls, totalTokens: 1100 * calls, calls });
  });

  it('stops starting chunks after one fails and reports that failure', async () => {
    let n = 0;
    standIn.setHandler(() => (++n === 2 ? replies.error(400) : replies.model({ latencyMs: 30 })));
    const analyser = createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url, chunkWords: 60, maxConcurrency: 2, sleep: recordingSleep().sleep });
    await expect(analyser.analyse(longInterview())).rejects.toMatchObject({ code: 'misconfigured' });
    const total = splitIntoChunks(longInterview().text, longInterview().turns, 60).length;
    expect(standIn.requests.length).toBeLessThan(total);
  });
});

describe('merging', () => {
  const insight = (title: string, description = '', tag = 't') => ({ title, description, tag, quotes: [{ text: title, speaker: 'P' }] });
  const answer = (...insights: ReturnType<typeof insight>[]) => ({ insights, groupedTags: [] });
  const calibration = [
    insight('Exports eat Friday afternoons', 'Producing the weekly export takes most of an afternoon.'),
    insight('Reporting takes a whole afternoon every week', 'Making the weekly report costs hours each Friday.'),
    insight('Exports are slow', 'The export takes a long time to finish.'),
    insight('Exports are trusted', 'Participants trust the exported numbers.'),
    insight('Managers love dashboards', 'Managers look at dashboards every morning.'),
    insight('Onboarding was confusing', 'New users did not understand the first screens.'),
    insight('First steps in the app are hard to follow', 'Getting started confused new users.'),
    insight('Pricing feels too high', 'Participants think the subscription costs too much.'),
  ];

  it('merges insights of different parts that mean the same, though their titles share no word', async () => {
    const vectors = await loadWordVectors();
    const merged = mergeAnswers([answer(calibration[5]!, calibration[7]!), answer(calibration[6]!, calibration[4]!)], vectors);
    expect(merged.insights.map((i) => [i.title, i.quotes.length])).toEqual([
      ['Onboarding was confusing', 2],
      ['Pricing feels too high', 1],
      ['Managers love dashboards', 1],
    ]);
  });

  it('keeps apart insights that share title words and a tag but not their meaning', async () => {
    const vectors = await loadWordVectors();
    const merged = mergeAnswers([answer(...calibration.slice(0, 3), calibration[4]!), answer(calibration[3]!, ...calibration.slice(5))], vectors);
    expect(merged.insights.map((i) => i.title)).toContain('Exports are trusted');
    expect(merged.insights.find((i) => i.title === 'Exports are slow')?.quotes).toHaveLength(1);
  });

  it('merges the same title, or the same quote, whatever the meaning vectors say', async () => {
    const vectors = await loadWordVectors();
    const shared = { title: 'Different words entirely', description: '', tag: 'x', quotes: [{ text: 'Reports take too long!', speaker: 'P' }] };
    const merged = mergeAnswers([answer(insight('Reports take too long!'), calibration[7]!), answer(insight('reports take too long')), { insights: [shared], groupedTags: [] }], vectors);
    expect(merged.insights).toHaveLength(2);
    expect(merged.insights[0]!.quotes.map((q) => q.text)).toEqual(['Reports take too long!', 'reports take too long']);
  });

  it('never merges two insights of the same chunk, and returns a single answer untouched', async () => {
    const vectors = await loadWordVectors();
    const single = { insights: [insight('Same title'), insight('Same title')], groupedTags: [{ groupLabel: 'G', tags: [] }] };
    expect(mergeAnswers([single], vectors)).toBe(single);
    const merged = mergeAnswers([single, { insights: [insight('Same title')], groupedTags: [] }], vectors);
    expect(merged.insights).toHaveLength(2);
    expect(merged.insights[0]!.quotes).toHaveLength(1); // the same quote from the same speaker is kept once
    expect(merged.groupedTags).toEqual([]); // empty groups are dropped when merging
  });
});
