/**
 * A title's "the …" that leans on the talk for which one it is, said as the talk pinned it down: the statement, the
 * answer before it or the interviewer's question said the same noun with a phrase after it or modifiers before it that
 * say which one. The title is reworded; the quotes stay exact.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { insightTitle } from '../../../../src/analysis/local/insight-wording';
import type { Statement } from '../../../../src/analysis/local/statements';
import { titleChecker } from '../../../../src/analysis/local/title-check';
import { pinnedPhrase, pinnedTitle } from '../../../../src/analysis/local/title-pinned';
import { leaningPhrases } from '../../../../src/analysis/local/title-reading';
import { referentInTalk } from '../../../../src/analysis/local/title-referents';
import { readTurn, type TurnTokens } from '../../../../src/analysis/local/turn-tokens';
import { loadWink, type WinkReader } from '../../../../src/analysis/local/wink-model';
import { statementInTurn } from '../helpers/statements';

let wink: WinkReader;
beforeAll(async () => {
  wink = await loadWink();
});

/** What `noun` of `sentence`, a participant's statement in `talk` with no question before it, is pinned to. */
const pinnedIn = (noun: string, talk: string, sentence: string) => pinnedPhrase(noun, statementInTurn(wink, talk, sentence, 0), undefined);

/** An interviewer's question and the participant's answer after it, and `sentence` of the answer as a statement. */
function answered(question: string, answer: string, sentence: string, index = 0): { text: string; asked: TurnTokens; statement: Statement } {
  const text = `${question}\n\n${answer}`;
  const asked = readTurn(wink, text, { start: 0, end: question.length, speaker: 'Interviewer' }, 0);
  const from = question.length + 2;
  const tokens = readTurn(wink, text, { start: from, end: text.length, speaker: 'Ana' }, 1);
  const start = text.indexOf(sentence, from);
  if (!asked || !tokens || start < 0) throw new Error('unreadable');
  const statement: Statement = {
    index, turnIndex: 1, speaker: 'Ana', start, end: start + sentence.length, words: sentence.split(' ').length, kind: 'observation',
    strength: 0, sentiment: 0, keyphrases: [], salience: 1,
    source: { tokens, from: tokens.starts.findIndex((at) => at >= start), to: tokens.ends.findLastIndex((at) => at <= start + sentence.length) },
  };
  return { text, asked, statement };
}

describe('a "the …" the talk pinned down', () => {
  it('is said with the phrase after the noun that the answer before it gave', () => {
    const text = 'My brand deal with a shoe company came last spring. The brand deal paid for a whole year of rent.';
    const statement = statementInTurn(wink, text, 'The brand deal paid for a whole year of rent.', 0);
    expect(pinnedPhrase('the brand deal', statement, undefined)).toBe('the brand deal with a shoe company');
    expect(pinnedTitle(statement, 'The brand deal paid for a whole year of rent', text, undefined, 16)).toBe('The brand deal with a shoe company paid for a whole year of rent');
  });

  it("is said with the modifiers the interviewer's question gave it, the participant's own said as theirs", () => {
    const { asked, statement } = answered('How did the nightly export job of your billing system hold up?', 'Honestly the job failed twice a week.', 'Honestly the job failed twice a week.');
    expect(pinnedPhrase('the job', statement, asked)).toBe('the nightly export job of their billing system');
    const named = answered('What did you make of the clustering view?', 'We liked it. The view was slow on big files.', 'The view was slow on big files.');
    expect(pinnedPhrase('the view', named.statement, named.asked)).toBe('the clustering view');
  });

  it("takes a verb's object's phrase only when it is of the thing, not how the verb was done, and never a noun that modifies another", () => {
    const how = 'We had to transform the yeast with the required genes. The yeast grew slowly at first.';
    expect(pinnedIn('the yeast', how, 'The yeast grew slowly at first.')).toBeUndefined();
    const modifying = 'We built a continuous yeast display system. The yeast grew slowly at first.';
    expect(pinnedIn('the yeast', modifying, 'The yeast grew slowly at first.')).toBeUndefined();
    const of = 'We measured the dimensions of the learned representations. The dimensions did not match the physical parameters.';
    expect(pinnedIn('the dimensions', of, 'The dimensions did not match the physical parameters.')).toBe('the dimensions of the learned representations');
  });

  it('is left as said when the talk says nothing more of it, or only points at or counts it', () => {
    const bare = 'We made a brand deal. The brand deal paid for a year of rent.';
    expect(pinnedIn('the brand deal', bare, 'The brand deal paid for a year of rent.')).toBeUndefined();
    const counted = 'I picked a few images out of hundreds. The images gave me ideas for a new series.';
    expect(pinnedIn('the images', counted, 'The images gave me ideas for a new series.')).toBeUndefined();
    const other = 'There was one conversation that went badly. I feel like I drive the conversation.';
    expect(pinnedIn('the conversation', other, 'I feel like I drive the conversation.')).toBeUndefined();
    // A phrase after the noun that is a pronoun or goes on past its noun says nothing of which one.
    const pronoun = 'I wrote a report about it. The report was late.';
    expect(pinnedIn('the report', pronoun, 'The report was late.')).toBeUndefined();
  });

  it('is not said when the title would run past its length', () => {
    const text = 'My brand deal with a shoe company came last spring. The brand deal paid for a whole year of rent.';
    const statement = statementInTurn(wink, text, 'The brand deal paid for a whole year of rent.', 0);
    expect(pinnedTitle(statement, 'The brand deal paid for a whole year of rent', text, undefined, 12)).toBe('The brand deal paid for a whole year of rent');
  });

  it('no longer leans on the talk once the title says which', () => {
    const text = 'My brand deal with a shoe company came last spring. The brand deal paid for a whole year of rent.';
    const statement = statementInTurn(wink, text, 'The brand deal paid for a whole year of rent.', 0);
    expect(leaningPhrases(statement, 'The brand deal paid for a whole year of rent', text)).toEqual(['the brand deal']);
    expect(leaningPhrases(statement, 'The brand deal with a shoe company paid for a whole year of rent', text)).toEqual([]);
  });
});

describe("a group's title", () => {
  const cluster = (central: Statement) => ({
    members: [central],
    quoted: [central],
    central,
    kind: 'observation' as const,
    kindCount: 1,
    tag: { key: 'deal', display: 'deal', words: 1 },
    related: [],
  });

  it('says which thing its one claim is about when the talk before said it', () => {
    const text = 'My brand deal with a shoe company came last spring. The brand deal paid for a whole year of rent.';
    const statement = statementInTurn(wink, text, 'The brand deal paid for a whole year of rent.', 0);
    const wording = { text, check: titleChecker(wink, text), question: () => undefined };
    expect(insightTitle(cluster(statement), wording).title).toBe('The brand deal with a shoe company paid for a whole year of rent');
  });

  it("says it as the interviewer's question named it", () => {
    const { text, asked, statement } = answered('How did the nightly export job hold up last quarter?', 'The job failed twice a week during the busy season.', 'The job failed twice a week during the busy season.');
    const wording = { text, check: titleChecker(wink, text), question: () => asked };
    expect(insightTitle(cluster(statement), wording).title).toBe('The nightly export job failed twice a week during the busy season');
  });

  it('says the thing its "it" stands for as the talk pinned it down', () => {
    const answer = 'It was slow every time. Large tables took an hour to export.';
    const { text, asked, statement } = answered('How was the export feature for large tables?', answer, 'It was slow every time.');
    const other = answered('How was the export feature for large tables?', answer, 'Large tables took an hour to export.', 1).statement;
    const wording = { text, check: titleChecker(wink, text), referent: (said: Statement) => referentInTalk(said, asked), question: () => asked };
    expect(referentInTalk(statement, asked)).toBe('the export feature');
    const group = { ...cluster(statement), members: [statement, other], quoted: [statement, other] };
    expect(insightTitle(group, wording).title).toBe('The export feature for large tables was slow every time');
  });

  it('is not pinned by words the title already says', () => {
    const text = 'My dashboard for large tables is new. The dashboard is slow with large tables.';
    const statement = statementInTurn(wink, text, 'The dashboard is slow with large tables.', 0);
    expect(pinnedPhrase('the dashboard', statement, undefined)).toBe('the dashboard for large tables');
    expect(pinnedTitle(statement, 'The dashboard is slow with large tables', text, undefined, 16)).toBe('The dashboard is slow with large tables');
  });
});
