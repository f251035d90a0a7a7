/**
 * An insight's tag names what the insight is about: a phrase of its title and quotes, not a detail said once in an
 * aside; and no insight loses the only phrase its quotes hold to one that had others to choose from.
 */
import { describe, expect, it } from 'vitest';
import { clusterByMeaning, type PlacedStatement } from '../../../../src/analysis/local/cluster-by-meaning';
import { assignTags, type TagCandidate } from '../../../../src/analysis/local/insight-tag';
import { axis, phrase, statement } from '../helpers/statements';

/** Groups of statements, each group on its own axis and far from the others in the conversation. */
function groups(...phrasesOfGroups: string[][][]): PlacedStatement[] {
  let index = 0;
  return phrasesOfGroups.flatMap((group, k) =>
    group.map((phrases, n) => ({ statement: statement(index++, 2, phrases), vector: axis(k), position: 40 * k + n })),
  );
}

const OPTIONS = { maxInsights: 8, maxQuotes: 4, maxMembers: 5, maxSingles: 0 };

describe('insight tags', () => {
  it('name what the title says, not a rarer detail of one quote', () => {
    // "These models are very complex", beside a long aside that names a churn probability once.
    const placed = groups([['model'], ['model', 'higher churn probability', 'churn probability', 'stakeholder'], ['model', 'parameter']]);
    const [cluster] = clusterByMeaning(placed, { ...OPTIONS, wording: () => 'These models are very complex' });
    expect(cluster.tag.key).toBe('model');
  });

  it('prefer what most quotes share when the title names nothing', () => {
    const placed = groups([['export'], ['export', 'screen capture'], ['export', 'state']]);
    const [cluster] = clusterByMeaning(placed, { ...OPTIONS, wording: () => 'They would like to see that' });
    expect(cluster.tag.key).toBe('export');
  });

  it('count a word the English language says seldom as more telling than a common one', () => {
    // "They as a team find ICE plots hard to read": "team" is in the title, but the quotes are about ICE plots.
    const placed = groups([['team', 'ice plot'], ['team', 'ice plot'], ['pdp']]);
    const wording = () => 'They as a team find them hard to read';
    const rarity = (word: string) => (word === 'team' ? 0.3 : 0.9);
    expect(clusterByMeaning(placed, { ...OPTIONS, wording, rarity })[0].tag.key).toBe('ice plot');
    expect(clusterByMeaning(placed, { ...OPTIONS, wording, rarity: () => 0.9 })[0].tag.key).toBe('team');
  });

  it('read a compound written with hyphens in the title as the phrase of its parts', () => {
    // "two-way plot" is in the title "… two-way plots" as much as "team" is.
    const placed = groups([['team', 'two-way plot', 'plot'], ['team', 'two-way plot', 'plot'], ['pdp']]);
    const [cluster] = clusterByMeaning(placed, { ...OPTIONS, wording: () => 'The team has never used two-way plots', rarity: () => 0.9 });
    expect(cluster.tag.key).toBe('two-way plot');
  });

  it('give each insight a phrase of its own quotes when the phrases can be shared out so', () => {
    // The stronger insight would rather have "code" but can do with "plot"; the other's quotes hold only "code".
    const candidate = (key: string, score: number, quotedIn: number): TagCandidate => ({
      phrase: phrase(key), titled: false, central: false, quotedIn, memberIn: Math.max(1, quotedIn), weight: 1, score,
    });
    const [stronger, weaker] = assignTags([
      [candidate('code', 5, 2), candidate('plot', 4, 2)],
      [candidate('code', 3, 2), candidate('notebook', 2, 0)],
    ]);
    expect(stronger?.tag.key).toBe('plot');
    expect(weaker?.tag.key).toBe('code');
  });

  it('fall back to a phrase of an unquoted member only when no quoted one is left', () => {
    const candidate = (key: string, score: number, quotedIn: number): TagCandidate => ({
      phrase: phrase(key), titled: false, central: false, quotedIn, memberIn: 1, weight: 1, score,
    });
    const [first, second] = assignTags([[candidate('code', 5, 1)], [candidate('code', 3, 1), candidate('notebook', 2, 0)]]);
    expect(first?.tag.key).toBe('code');
    expect(second?.tag.key).toBe('notebook');
    expect(assignTags([[candidate('code', 5, 1)], [candidate('code', 3, 1)]])[1]).toBeUndefined();
  });

  it('never give two insights one tag', () => {
    const placed = groups([['code'], ['code']], [['code'], ['code']], [['code', 'notebook'], ['code']]);
    const tags = clusterByMeaning(placed, OPTIONS).map((cluster) => cluster.tag.key);
    expect(new Set(tags).size).toBe(tags.length);
  });
});
