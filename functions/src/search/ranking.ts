/**
 * One ranking from two: the entries matched by their words (BM25, best first) and those close in meaning
 * (cosine of sentence vectors, best first), merged by reciprocal rank fusion (each list adds 1 / (K + rank)), so
 * neither scale has to be comparable with the other. An entry in both lists rises above one found only once. Pure.
 */
export const FUSION_K = 60;

export interface RankedMatch {
  id: string;
  matchedBy: 'words' | 'meaning' | 'both';
  score: number;
}

export function mergeRankings(byWords: readonly string[], byMeaning: readonly string[], k = FUSION_K): RankedMatch[] {
  const merged = new Map<string, RankedMatch>();
  const add = (ids: readonly string[], how: 'words' | 'meaning') => {
    ids.forEach((id, rank) => {
      const found = merged.get(id);
      const score = 1 / (k + rank + 1);
      if (found) {
        found.score += score;
        found.matchedBy = 'both';
      } else merged.set(id, { id, matchedBy: how, score });
    });
  };
  add(byWords, 'words');
  add(byMeaning, 'meaning');
  return [...merged.values()].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
