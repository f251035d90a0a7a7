/** Builds `AnalysisInput`s from turns, the way the parser lays them out: turns joined by a blank line. */
import { expect } from 'vitest';
import { AnalysisError, type AnalysisInput } from '@verbatim/contract/insight';
import type { SpeakerRole, Turn } from '@verbatim/contract/transcript';

export type TurnSpec = [speaker: string, text: string];

export function analysisInput(
  turns: TurnSpec[],
  roles: Record<string, SpeakerRole>,
  options: { documentId?: string; documentName?: string; aliases?: Record<string, string[]> } = {},
): AnalysisInput {
  let text = '';
  const parsed: Turn[] = [];
  for (const [speaker, words] of turns) {
    if (text.length > 0) text += '\n\n';
    parsed.push({ speaker, start: text.length, end: text.length + words.length });
    text += words;
  }
  const labels = [...new Set(turns.map(([speaker]) => speaker))];
  return {
    documentId: options.documentId ?? 'doc-1',
    documentName: options.documentName ?? 'interview.txt',
    text,
    turns: parsed,
    timeMarks: [],
    speakers: labels.map((label) => ({
      label,
      role: roles[label] ?? 'unknown',
      aliases: options.aliases?.[label] ?? [],
      turnCount: parsed.filter((t) => t.speaker === label).length,
      wordCount: 0,
    })),
    language: 'en',
  };
}

/** A participant sentence of `n` words, different for each `seed`. */
export function sentence(seed: number, n = 12): string {
  const words = Array.from({ length: n - 1 }, (_, i) => `word${seed}x${i}`);
  return `I ${words.join(' ')}.`;
}

export function recordingSleep(): { sleep: (ms: number) => Promise<void>; sleeps: number[] } {
  const sleeps: number[] = [];
  return { sleeps, sleep: async (ms: number) => void sleeps.push(ms) };
}

/** The `AnalysisError` an analysis fails with (the test fails when it succeeds or fails otherwise). */
export async function analysisFailure(promise: Promise<unknown>): Promise<AnalysisError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AnalysisError);
    return error as AnalysisError;
  }
  throw new Error('the analysis succeeded');
}

/** A short interview with one participant claim, and Gemini's good answer for it (the failure suites' fixture). */
export const FRIDAY_INTERVIEW = analysisInput(
  [
    ['Interviewer', 'What slows you down?'],
    ['P1', 'Exporting the reports takes me most of Friday afternoon every single week.'],
  ],
  { Interviewer: 'interviewer', P1: 'participant' },
);

export const FRIDAY_ANSWER = {
  insights: [
    {
      title: 'Reporting eats Fridays',
      description: 'Exports take an afternoon each week.',
      tag: 'reporting',
      quotes: [{ text: 'Exporting the reports takes me most of Friday afternoon every single week.', speaker: 'P1' }],
    },
  ],
  groupedTags: [{ groupLabel: 'Workload', tags: [{ originalTag: 'reporting', refinedTag: 'reporting effort' }] }],
};
