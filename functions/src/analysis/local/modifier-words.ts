/**
 * Words that qualify a claim rather than make it: how strongly or how surely something is said, and that it is
 * denied. Titles can do without the first two; what statements say, and what makes two insights alike, is read past
 * them.
 */

/** Words that only make a claim stronger ("very useful", "quite fast"). */
export const INTENSIFIERS: ReadonlySet<string> = new Set([
  'also', 'quite', 'particularly', 'further', 'fairly', 'rather', 'somewhat', 'simply', 'especially', 'extremely', 'super', 'totally', 'completely', 'very', 'so',
]);

/** Words that make a claim less sure ("maybe", "probably"). */
export const HEDGES: ReadonlySet<string> = new Set(['maybe', 'perhaps', 'probably', 'possibly']);

/** Adverbs that say how sure, how plainly or how often, never what ("actually", "basically", "usually"). */
export const STANCE_ADVERBS: ReadonlySet<string> = new Set([
  'actually', 'basically', 'definitely', 'obviously', 'honestly', 'literally', 'pretty', 'really', 'just', 'even', 'still', 'generally', 'usually', 'typically',
]);

/** Negations, by lemma: wink's lemma of "n't" and "n’t" is "not". */
export const NEGATORS: ReadonlySet<string> = new Set(['not', 'never', 'no', 'without', 'nothing', 'none', 'nor', 'cannot']);
