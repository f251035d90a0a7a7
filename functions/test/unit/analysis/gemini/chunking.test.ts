/**
 * Long transcripts: cut into overlapping chunks of verbatim segments, analysed with a bound on calls in flight, and
 * merged into one result with summed usage.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGeminiAnalyser } from '../../../../src/analysis/gemini';
import { splitIntoChunks } from '../../../../src/analysis/gemini/chunking';
import { mergeAnswers, sameInsight } from '../../../../src/analysis/gemini/merge';
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
    standIn.setHandler((request: RecordedRequest) => {
      const turns = parseDelimitedTranscript(request.userText)!.turns.filter((t) => t.role === 'participant');
      const last = turns[turns.length - 1]!;
      return replies.json(
        {
          insights: [
            { title: 'Reports take too long', description: 'Shared.', tag: 'reporting', quotes: [{ text: last.text.split('. ')[0] + '.', speaker: last.speaker }] },
            { title: `Only in turn ${last.number}`, description: 'Local.', tag: `topic ${last.number}`, quotes: [{ text: 'An invented quote.', speaker: 'P2' }] },
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
    await expect(analyser.analyse(longInterview())).rejects.toMatchObject({ code: 'provider-error' });
    const total = splitIntoChunks(longInterview().text, longInterview().turns, 60).length;
    expect(standIn.requests.length).toBeLessThan(total);
  });
});

describe('merging', () => {
  const insight = (title: string, tag: string) => ({ title, description: '', tag, quotes: [{ text: title, speaker: 'P' }] });

  it('matches insights by normalised title, or by tag and similar title', () => {
    expect(sameInsight(insight('Reports take too long!', 'a'), insight('reports take too long', 'b'))).toBe(true);
    expect(sameInsight(insight('Exports take too long', 'reporting'), insight('Exports take far too long', 'Reporting'))).toBe(true);
    expect(sameInsight(insight('Exports take too long', 'reporting'), insight('Exports take far too long', 'speed'))).toBe(false);
    expect(sameInsight(insight('Exports are slow', 'reporting'), insight('Managers love dashboards', 'reporting'))).toBe(false);
  });

  it('never merges two insights of the same chunk, and returns a single answer untouched', () => {
    const answer = { insights: [insight('Same title', 't'), insight('Same title', 't')], groupedTags: [{ groupLabel: 'G', tags: [] }] };
    expect(mergeAnswers([answer])).toBe(answer);
    const merged = mergeAnswers([answer, { insights: [insight('Same title', 't')], groupedTags: [] }]);
    expect(merged.insights).toHaveLength(2);
    expect(merged.insights[0]!.quotes).toHaveLength(1); // the same quote from the same speaker is kept once
    expect(merged.groupedTags).toEqual([]); // empty groups are dropped when merging
  });
});
