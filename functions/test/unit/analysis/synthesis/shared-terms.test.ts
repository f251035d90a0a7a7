/** The specific words insights share, as the project synthesis compares them. */
import { describe, expect, it } from 'vitest';
import { loadWordVectors } from '../../../../src/analysis/meaning';
import { SAME_WORDS } from '../../../../src/analysis/synthesis';
import { sharedSpecificTerms, termCosine, termVectors } from '../../../../src/analysis/synthesis/shared-terms';

const table = loadWordVectors();

/** Other insights of the project: what makes a word common or rare in it. */
const PROJECT = [
  'The export loses the filters. Exporting to a spreadsheet drops every filter we set.',
  'Onboarding took a whole afternoon. The first setup was long and confusing.',
  'Pricing is fair for a small team. We would pay more for the team plan.',
  'The dashboard loads slowly on large projects. Loading a big project takes a minute.',
  'Search finds the right interview quickly. I search by participant name every day.',
];

async function alikeness(a: string, b: string): Promise<number> {
  const terms = termVectors([a, b, ...PROJECT], await table);
  return termCosine(terms[0], terms[1]);
}

describe('shared terms', () => {
  it('finds two insights about one specific thing alike, in whatever form they say it', async () => {
    expect(await alikeness('Highlighting was very useful. I highlighted the outliers first.', 'They found the highlighted histograms quite useful.')).toBeGreaterThanOrEqual(
      SAME_WORDS,
    );
  });

  it('never counts fillers, discourse markers, contractions or the words questions are framed with', async () => {
    // Were "course" a word of theirs, these two would be alike (0.28); they share nothing else.
    expect(await alikeness('Of course, that one changed.', 'Of course, it moved.')).toBe(0);
    expect(await alikeness('I think that is the way things are.', 'There is no other way, I think, thing is.')).toBe(0);
    expect(await alikeness('Yeah, um, that one changed.', 'Yeah, um, it moved.')).toBe(0);
    // Nor contractions, as if they were the rarest words: "that's" is "that", and "didn't" says how, not what.
    expect(await alikeness("That's where it didn't change.", "That's how it didn't move.")).toBe(0);
  });

  it('finds unrelated insights apart', async () => {
    expect(await alikeness('The export loses the filters.', 'Onboarding took a whole afternoon.')).toBe(0);
  });

  it('finds a specific word shared, however often the project says it, but never a common word, a hedge or a judgement', async () => {
    const specific = async (a: string, b: string) => {
      const [x, y] = termVectors([a, b], await table);
      return sharedSpecificTerms(x, y) > 0;
    };
    expect(await specific('The export loses the filters.', 'Exporting is slow.')).toBe(true);
    expect(await specific('Maybe it is because of all the information.', 'Maybe that is only because of the information.')).toBe(false);
    expect(await specific('The export was really useful.', 'Highlighting was useful too.')).toBe(false);
  });
});
