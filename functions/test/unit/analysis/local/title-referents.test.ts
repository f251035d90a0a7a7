/**
 * References resolved or refused: a title's "it", "this" or "that" is said as the thing the interviewer asked about, or
 * the subject of the sentence before, when the talk names one thing; a dummy "it" is left as it is; a title whose
 * pronoun nothing names is refused by the check.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { referentInTalk, resolvedTitle } from '../../../../src/analysis/local/title-referents';
import { trueToStatement, withoutPointingPlurals } from '../../../../src/analysis/local/insight-wording';
import type { Statement } from '../../../../src/analysis/local/statements';
import { titleChecker } from '../../../../src/analysis/local/title-check';
import { readTurn } from '../../../../src/analysis/local/turn-tokens';
import { loadWink, type WinkReader } from '../../../../src/analysis/local/wink-model';
import { statementInTurn } from '../helpers/statements';

let wink: WinkReader;
beforeAll(async () => {
  wink = await loadWink();
});

/** `sentence` of the answer `text` as a statement of its turn, which follows a question. */
function statementOf(text: string, sentence: string): Statement {
  return statementInTurn(wink, text, sentence, 0, 'observation', 1);
}

function question(text: string) {
  const tokens = readTurn(wink, text, { start: 0, end: text.length, speaker: 'Interviewer' }, 0);
  if (!tokens) throw new Error('unreadable');
  return tokens;
}

describe('what a title’s pronoun stands for', () => {
  it('is said in the title where its pronoun stood', () => {
    expect(resolvedTitle('It was really useful for finding the outliers', 'the brushing feature')).toBe('The brushing feature was really useful for finding the outliers');
    expect(resolvedTitle("It's too slow on large files", 'the export')).toBe('The export is too slow on large files');
    expect(resolvedTitle('They find it hard to read', 'the histogram')).toBe('They find the histogram hard to read');
    // The "'s" of "has" before a participle.
    expect(resolvedTitle("It's happened with every release since May", 'the export')).toBe('The export has happened with every release since May');
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

describe('what a pronoun stands for, read from the talk before it', () => {
  it('is the thing the answer and its question keep naming, not the last noun the question ends on', () => {
    const answer = 'I mostly use AI for drafts. My editor reads every page anyway, and AI is quick. It helps a lot with coming up with ideas.';
    const asked = question('How do you use AI when you write a novel?');
    // The question ends on "a novel"; the answer speaks of AI, said in both again and again.
    expect(referentInTalk(statementOf(answer, 'It helps a lot with coming up with ideas.'), asked)).toBe('AI');
    expect(resolvedTitle('It helps a lot with coming up with ideas', 'AI')).toBe('AI helps a lot with coming up with ideas');
  });

  it('is a thing the answer names as a subject or by its name, not one said in passing', () => {
    const answer = "We ended up at Block, because we liked the reference to the Square shape. We kept the reference. It's just as boring as the name Square.";
    expect(referentInTalk(statementOf(answer, "It's just as boring as the name Square."), question('How did you pick the name?'))).not.toBe('the reference');
  });

  it('is nothing when the talk before names no thing said more than once', () => {
    const answer = 'We moved to Denver that spring. It was a hard time for everyone.';
    expect(referentInTalk(statementOf(answer, 'It was a hard time for everyone.'), question('What happened next?'))).toBeUndefined();
  });

  it('is said only for an "it" of a thing used, asked or judged, and never twice in one title', () => {
    // A spoken "it" after other verbs is more often what happened, or the clause after it.
    expect(resolvedTitle("They'll do it at home or on the weekend", 'Disqus')).toBeUndefined();
    expect(resolvedTitle('People assume the world as it is now must always exist', 'the innovation')).toBeUndefined();
    expect(resolvedTitle('That makes it harder for readers to find the good stuff', 'AI')).toBeUndefined();
    expect(resolvedTitle('They used it to summarise difficult papers', 'AI')).toBe('They used AI to summarise difficult papers');
    // A title that names the thing already would say it twice.
    expect(resolvedTitle("It's always the property of their university", 'the university')).toBeUndefined();
    // "This is awful": a "this" stands for a thing only when the talk names it by its name.
    expect(resolvedTitle('This is awful for the whole team', 'the product')).toBeUndefined();
    expect(resolvedTitle('This is exactly in between Square and Cash App', 'Afterpay')).toBe('Afterpay is exactly in between Square and Cash App');
  });
});

describe('a claim’s "they" is the participant', () => {
  it('when the statement says "I" or "we" before the same verb, whoever else it speaks of', () => {
    expect(trueToStatement('They told the students to never trust a specific article', 'I told the students to never trust a specific article, and to check this themselves.')).toBe(true);
    expect(trueToStatement('They were worried about the data', 'I was really worried about their data.')).toBe(true);
    // Someone else's "they": not the participant's claim.
    expect(trueToStatement('They hate the new editor', 'I think they hate the new editor.')).toBe(false);
    expect(trueToStatement('They moved the meeting to Friday', 'My colleagues said they moved the meeting to Friday.')).toBe(false);
  });

  it('whatever else the statement reports, unless the clause itself is reported or a past wish told as one of now', () => {
    // Their own clause beside what others think, or beside a wish of the past: theirs.
    expect(trueToStatement('They learned how big companies value small startups', 'I learned how big companies value small startups and how they think about buying them.')).toBe(true);
    expect(trueToStatement('They knew that Silicon Valley was exciting', 'I knew that Silicon Valley was exciting, so I just wanted to get in the middle of it.')).toBe(true);
    // Words reported ("he told me I should …", "we said \"Okay, we'll …\""), or a wish of the past: not a claim of theirs now.
    expect(trueToStatement('They should quit their job', 'My manager told me I should quit my job.')).toBe(false);
    expect(trueToStatement("They'll do one cohort every six months", 'For example, we said "Okay, we\'ll do one cohort every six months", and then it changed.')).toBe(false);
    expect(trueToStatement('They could run their own company', 'I wanted to start something, so that I could run my own company.')).toBe(false);
  });
});

describe('a claim names the things a speaker introduced with "these"', () => {
  it('drops the "these" or "those" of things named in the plural after a verb, and keeps one that says which', () => {
    expect(withoutPointingPlurals("They have these great internal debates about when it's okay to release source code")).toBe("They have great internal debates about when it's okay to release source code");
    expect(withoutPointingPlurals('They use these ai trained models to predict their effectiveness')).toBe('They use ai trained models to predict their effectiveness');
    // Which ones ("some of these details", "with those attributes"), a pronoun ("those who …"), the subject: kept.
    expect(withoutPointingPlurals("They've been reluctant to trust AI with some of these details")).toBe("They've been reluctant to trust AI with some of these details");
    expect(withoutPointingPlurals('Customers with those attributes have a higher churn probability')).toBe('Customers with those attributes have a higher churn probability');
    expect(withoutPointingPlurals('They promote those who stay')).toBe('They promote those who stay');
    expect(withoutPointingPlurals('These plots show everything')).toBe('These plots show everything');
    expect(withoutPointingPlurals('They need these as soon as possible')).toBe('They need these as soon as possible');
  });
});
