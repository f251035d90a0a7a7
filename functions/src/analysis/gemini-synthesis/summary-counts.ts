/**
 * The summary's numbers, checked. Gemini is told to follow every "N of M interviews" with the ids of the insights it
 * rests on ("3 of 5 interviews [I1, I4, I9] …"); the server counts the interviews those insights come from and writes
 * the number itself, so a summary can never claim more support than its evidence has. Every form of count is read so
 * ("all five participants", "three in five", "most participants (80%)", "4 interviews": see count-claims.ts). A
 * sentence with a count that names no insight it was given is dropped, unless the count is only how many interviews
 * there are; the ids are taken out of what is shown. When no sentence is left, the
 * summary is written from the findings themselves, each with its own count. Pure.
 */
import type { ConsolidatedInsight } from '@verbatim/contract/insight';
import { countClaims, countPhrase } from '../counts/count-claims';

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
    let recounted = '';
    let from = 0;
    for (const claim of countClaims(sentence)) {
      const ids = new RegExp(`^${IDS.source}`, 'u').exec(sentence.slice(claim.end));
      const documents = new Set(
        (ids?.[1] ?? '')
          .split(',')
          .map((id) => interviewOf(id.trim().replace(/-Q\d+$/u, '')))
          .filter((d): d is number => d !== undefined),
      );
      recounted += sentence.slice(from, claim.start);
      from = claim.end;
      if (documents.size > 0) recounted += countPhrase(documents.size, documentCount);
      else if (isTotal(claim.text, documentCount)) recounted += claim.text;
      else unsupported = true;
    }
    recounted += sentence.slice(from);
    if (!unsupported) kept.push(recounted.replace(IDS, ''));
  }
  return kept.join(' ').trim();
}

/** Whether a claim resting on no insight only names how many interviews there are ("across 5 interviews"). */
function isTotal(claim: string, documentCount: number): boolean {
  const match = /^(\d+|[a-z]+)\s+interviews$/iu.exec(claim.trim());
  if (!match) return false;
  const value = /^\d+$/u.test(match[1]) ? Number(match[1]) : NUMBER_NAMES.indexOf(match[1].toLowerCase());
  return value === documentCount;
}

const NUMBER_NAMES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** A summary written from the findings (strongest first), when none of Gemini's sentences could be kept. */
export function countedSummary(findings: readonly ConsolidatedInsight[], documentCount: number): string {
  const top = findings.slice(0, 3).map((f) => `${f.title.replace(/[.!?]+$/u, '')} (${f.documentIds.length} of ${interviews(documentCount)})`);
  return top.length === 0 ? '' : `Across ${interviews(documentCount)}, the strongest findings: ${top.join('; ')}.`;
}
