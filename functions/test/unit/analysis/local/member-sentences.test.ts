/**
 * A group's title when none of its quoted statements gives a claim that stands: another statement's whole sentence,
 * told as a claim and cleaned of the fillers and hedges speech has, comes before that sentence in quotation marks as
 * said ("I think I have a tendency to just deal with problems" is titled "They have a tendency to deal with problems")
 * and before a claim condensed short of it; the statement is quoted beside it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { insightTitle } from '../../../../src/analysis/local/insight-wording';
import type { Statement } from '../../../../src/analysis/local/statements';
import { titleChecker } from '../../../../src/analysis/local/title-check';
import { loadWink, type WinkReader } from '../../../../src/analysis/local/wink-model';
import { statementInTurn } from '../helpers/statements';

let wink: WinkReader;
beforeAll(async () => {
  wink = await loadWink();
});

/** A quoted statement that names nothing of its own, said before it. */
const LEANING = 'It was like that, you know.';

/**
 * The title of a group that quotes only the leaning statement and has `said`, the sentence after it, as a member it
 * does not quote; with that member.
 */
function titled(said: string): { title: string; quote?: Statement; member: Statement } {
  const text = `${LEANING} ${said}`;
  const leaning = statementInTurn(wink, text, LEANING, 0);
  const member = statementInTurn(wink, text, said, 1);
  const group = { members: [leaning, member], quoted: [leaning], central: leaning, kind: 'observation' as const, kindCount: 1, tag: { key: 'problem', display: 'problem', words: 1 }, related: [] };
  return { ...insightTitle(group, { text, check: titleChecker(wink, text) }), member };
}

describe("a group's title from a statement it does not quote", () => {
  it("is that statement's whole sentence told as a claim, not the sentence in quotation marks with its hedge and filler", () => {
    const { title, quote, member } = titled('I think I have a tendency to just deal with problems.');
    expect(title).toBe('They have a tendency to deal with problems');
    expect(quote).toBe(member);
  });

  it('is its whole sentence before a claim condensed short of it ("… let\'s figure" | "out how to make free work")', () => {
    const { title, quote, member } = titled('We started out by saying "Hey, let\'s figure out how to make free work."');
    expect(title).toBe("They started out by saying Hey, let's figure out how to make free work");
    expect(quote).toBe(member);
  });

  it('is none from a member with no sentence that reads whole: a group no wording of which stands has no title', () => {
    expect(titled('And then, well, the thing.').title).toBe('');
  });
});
