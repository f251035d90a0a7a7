/**
 * Which groups of statements become insights: the strong ones, and not a weak group (a short reply beside a passing
 * remark) just because there is room left for more insights; which members are quoted.
 */
import { describe, expect, it } from 'vitest';
import { clusterByMeaning, type PlacedStatement } from '../../../../src/analysis/local/cluster-by-meaning';
import { axis, statement as statementOf } from '../helpers/statements';

/** Subjects each said twice in neighbouring answers, far apart from one another; the last one weighs `lastSalience`. */
function subjects(lastSalience: number): PlacedStatement[] {
  const phrases = ['export', 'filters', 'speed', 'sharing', 'colour'];
  return phrases.flatMap((phrase, k) => {
    const salience = k === phrases.length - 1 ? lastSalience : 2.4;
    return [0, 1].map((n) => ({ statement: statementOf(2 * k + n, salience, [phrase]), vector: axis(k), position: 30 * k + n }));
  });
}

const OPTIONS = { maxInsights: 8, maxQuotes: 4, maxMembers: 5, maxSingles: 0 };
const tagsOf = (placed: PlacedStatement[]) => clusterByMeaning(placed, OPTIONS).map((cluster) => cluster.tag.key).sort();

describe('insight selection', () => {
  it('makes an insight of each subject said with weight', () => {
    expect(tagsOf(subjects(1.8))).toEqual(['colour', 'export', 'filters', 'sharing', 'speed']);
  });

  it('leaves out a weak group even when there is room for more insights', () => {
    expect(tagsOf(subjects(0.9))).toEqual(['export', 'filters', 'sharing', 'speed']);
  });

  it('keeps the strongest few groups of a short interview, however weak', () => {
    expect(tagsOf(subjects(0.9).slice(6))).toEqual(['colour', 'sharing']);
  });

  it('quotes a member whose weight is outweighed by what marks it as an aside only as a member, never as a quote', () => {
    const placed = [2.4, -0.5, 2.2].map((salience, n) => ({ statement: statementOf(n, salience, ['export']), vector: axis(0), position: n }));
    const [cluster] = clusterByMeaning(placed, OPTIONS);
    expect(cluster.members.map((member) => member.index)).toEqual([0, 1, 2]);
    expect(cluster.quoted.map((member) => member.index)).toEqual([0, 2]);
  });

  it('keeps the strongest wish and the strongest problem when stronger groups of other kinds would fill every place', () => {
    // Five subjects the participant found to work, said with weight, and one wish said more lightly; room for four.
    const kinds = ['positive', 'positive', 'positive', 'positive', 'positive', 'need'] as const;
    const placed = kinds.flatMap((kind, k) =>
      [0, 1].map((n) => ({
        statement: { ...statementOf(2 * k + n, kind === 'need' ? 1.6 : 2.4, [`subject ${k}`]), kind },
        vector: axis(k),
        position: 30 * k + n,
      })),
    );
    const chosen = clusterByMeaning(placed, { ...OPTIONS, maxInsights: 4 });
    expect(chosen.map((cluster) => cluster.kind).sort()).toEqual(['need', 'positive', 'positive', 'positive']);
    // The wish is not taken at the expense of the strongest groups: the weakest of the others gives way.
    expect(chosen.map((cluster) => cluster.tag.key).sort()).toEqual(['subject 0', 'subject 1', 'subject 2', 'subject 5']);
  });
});
