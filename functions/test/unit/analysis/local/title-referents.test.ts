/**
 * References resolved or refused: a title's "it", "this" or "that" is said as the thing the interviewer asked about, or
 * the subject of the sentence before, when the talk names one thing; a dummy "it" is left as it is; a title whose
 * pronoun nothing names is refused by the check.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { askedAbout, resolvedTitle } from '../../../../src/analysis/local/title-referents';
import { titleChecker } from '../../../../src/analysis/local/title-check';
import { readTurn } from '../../../../src/analysis/local/turn-tokens';
import { loadWink, type WinkReader } from '../../../../src/analysis/local/wink-model';

let wink: WinkReader;
beforeAll(async () => {
  wink = await loadWink();
});

function question(text: string) {
  const tokens = readTurn(wink, text, { start: 0, end: text.length, speaker: 'Interviewer' }, 0);
  if (!tokens) throw new Error('unreadable');
  return tokens;
}

describe('what a title’s pronoun stands for', () => {
  it('is the thing the question before the answer asks about, one thing only', () => {
    expect(askedAbout(question('What did you make of the brushing feature?'))).toBe('the brushing feature');
    expect(askedAbout(question('And how did you find that histogram?'))).toBe('the histogram');
    // "it" never stands for several things.
    expect(askedAbout(question('How do you feel about ICE plots?'))).toBeUndefined();
  });

  it('is said in the title where its pronoun stood', () => {
    expect(resolvedTitle('It was really useful for finding the outliers', 'the brushing feature')).toBe('The brushing feature was really useful for finding the outliers');
    expect(resolvedTitle("It's too slow on large files", 'the export')).toBe('The export is too slow on large files');
    expect(resolvedTitle('They find it hard to read', 'the histogram')).toBe('They find the histogram hard to read');
    // An "it" that stands for the clause after it stays, and so does one that says what a situation is.
    expect(resolvedTitle('It made sense to incorporate the plots here', 'the export')).toBeUndefined();
    expect(resolvedTitle("It's also an area where mistakes can ruin days of work", 'the AI')).toBeUndefined();
  });

  it('leaves a title the check refuses when nothing names it', () => {
    const check = titleChecker(wink);
    expect(check("It's mostly random forest for the churn model")).toContain('unnamed-subject');
    expect(check("They didn't want to make him move to the new office")).toContain('unresolved-reference');
    expect(check('The tool didn’t have that feature')).toContain('unresolved-reference');
    expect(check('The brushing feature was really useful for finding the outliers')).toEqual([]);
  });
});
