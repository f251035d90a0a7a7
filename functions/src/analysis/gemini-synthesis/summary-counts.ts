/**
 * The summary's numbers, checked. Gemini is told to follow every "N of M interviews" with the ids of the insights it
 * rests on ("3 of 5 interviews [I1, I4, I9] …"); the server counts the interviews those insights come from and writes
 * the number itself, so a summary can never claim more support than its evidence has. A sentence with a count that
 * names no insight it was given is dropped; the ids are taken out of what is shown. When no sentence is left, the
 * summary is written from the findings themselves, each with its own count. Pure.
 */
import type { ConsolidatedInsight } from '@verbatim/contract/insight';

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const NUMBER = `(?:\\d+|${NUMBER_WORDS.join('|')})`;
/** "4 of 5 participants", "three out of five interviews", "4 of the 5 people", "4/5 participants". */
const COUNT = new RegExp(
  `\\b${NUMBER}\\s*(?:(?:out\\s+)?of(?:\\s+the)?\\s+|/)${NUMBER}(?:\\s+(?:participants|interviews|interviewees|respondents|people|users|customers|researchers|persons))?\\b`,
  'giu',
);
/** "[I1, I4]" or "[I2-Q1]": the ids a count rests on. */
const IDS = /\s*\[\s*(I\d+(?:-Q\d+)?(?:\s*,\s*I\d+(?:-Q\d+)?)*)\s*\]/gu;

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=\S)/u).filter((s) => s.trim() !== '');
}

const interviews = (n: number) => `${n} interview${n === 1 ? '' : 's'}`;

/**
 * The summary with every count recomputed from the ids after it. `interviewOf` names the interview (its index) of an
 * insight id given in the prompt (undefined for an id not given); `documentCount` is M.
 */
export function checkedSummary(summary: string, interviewOf: (insightId: string) => number | undefined, documentCount: number): string {
  const kept: string[] = [];
  for (const sentence of sentencesOf(summary)) {
    let unsupported = false;
    const recounted = sentence.replace(COUNT, (claim, offset: number) => {
      const after = sentence.slice(offset + claim.length);
      const ids = new RegExp(`^${IDS.source}`, 'u').exec(after);
      const documents = new Set(
        (ids?.[1] ?? '')
          .split(',')
          .map((id) => interviewOf(id.trim().replace(/-Q\d+$/u, '')))
          .filter((d): d is number => d !== undefined),
      );
      if (documents.size === 0) {
        unsupported = true;
        return claim;
      }
      return `${documents.size} of ${interviews(documentCount)}`;
    });
    if (!unsupported) kept.push(recounted.replace(IDS, ''));
  }
  return kept.join(' ').trim();
}

/** A summary written from the findings (strongest first), when none of Gemini's sentences could be kept. */
export function countedSummary(findings: readonly ConsolidatedInsight[], documentCount: number): string {
  const top = findings.slice(0, 3).map((f) => `${f.title.replace(/[.!?]+$/u, '')} (${f.documentIds.length} of ${interviews(documentCount)})`);
  return top.length === 0 ? '' : `Across ${interviews(documentCount)}, the strongest findings: ${top.join('; ')}.`;
}
