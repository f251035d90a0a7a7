/**
 * What a title's words do as a clause: which verb is finite, which is the main clause's and which sits in a clause of
 * its own ("a rabbit hole where there's a few outliers"), and whether the title states a claim (a subject and its verb).
 * Read from wink's parts of speech; pure.
 */
import type { Word } from './title-words';

/** A verb in its base form ("look", "find"): a statement starting with one has left out its subject. */
export function baseVerb(word: Word | undefined): boolean {
  return word !== undefined && word.pos === 'VERB' && word.normal === word.lemma && !/(thing|one|body)$/.test(word.normal);
}

/** A subject and the main clause's finite verb after it ("Highlighting was useful"; not "In the case of Chrome"). */
export function statesClaim(words: readonly Word[]): boolean {
  const verb = mainVerb(words);
  const subject = (word: Word) => word.pos === 'PRON' || word.pos === 'NOUN' || word.pos === 'PROPN' || ((word.pos === 'VERB' || word.pos === 'AUX') && word.normal.endsWith('ing'));
  return verb >= 0 && (CONTRACTED.test(words[verb].normal) || words.slice(0, verb).some(subject));
}

/** Words that open a clause within a title ("… started with importance because …"). */
export const CLAUSE_WORDS = new Set(['because', 'if', 'when', 'although', 'though', 'while', 'whereas', 'unless', 'until', 'since', 'where']);

/** A subject and its verb written as one word ("I'm", "that's"). */
const CONTRACTED = /^(i|we|you|they|he|she|it|that|there|what|who)'(m|re|s|ve|d|ll)$/;

/**
 * Index of the first finite verb, -1 if none: not a gerund, which may be the subject ("highlighting was useful",
 * "being able to sort … was useful"), not an infinitive.
 */
export function finiteVerb(words: readonly Word[]): number {
  return words.findIndex((_, k) => finiteAt(words, k));
}

/** Whether the word at `k` is a finite verb. */
function finiteAt(words: readonly Word[], k: number): boolean {
  const word = words[k];
  // Not a participle after an article ("the highlighted line", "a very focused manner") or a gerund ("being developed").
  const before = words[k - 1];
  const afterArticle = before?.pos === 'DET' || (before?.pos === 'ADV' && words[k - 2]?.pos === 'DET');
  const participle = afterArticle || (/^(being|having|getting)$/.test(before?.normal ?? '') && word.pos === 'VERB');
  const verb = (word.pos === 'AUX' || word.pos === 'VERB') && !word.normal.endsWith('ing') && before?.normal !== 'to' && !participle;
  return CONTRACTED.test(word.normal) || verb;
}

/** Pronouns that are a clause's subject. */
export const SUBJECT_PRONOUNS: ReadonlySet<string> = new Set(['i', 'we', 'you', 'they', 'he', 'she', 'it']);
const BE = /^(is|are|was|were|am|'s|'re|'m)$/;

/**
 * Whether a new sentence starts at `k` of a fragment that opened at `from`, though no full stop was written (speech
 * transcribed): the clause before has its verb, and a subject pronoun and "be" follow its last noun ("you get a gain in
 * the performance | it's like literally that much"). Not a clause describing that noun ("the tool they're building",
 * "the place it's at"), where "be" helps a verb or is left at the end.
 */
export function runsOn(words: readonly Word[], from: number, k: number): boolean {
  const before = words[k - 1];
  const be = words[k + 1];
  if (k - 1 < from || before.after !== '' || !/^(NOUN|PROPN|NUM)$/.test(before.pos)) return false;
  if (!SUBJECT_PRONOUNS.has(words[k].normal) || words[k].after !== '' || !be || be.pos !== 'AUX' || !BE.test(be.normal)) return false;
  let rest = 0;
  for (let j = k + 2; j < words.length; j++) {
    if (j === k + 2 && /^(VERB|AUX)$/.test(words[j].pos)) return false;
    rest++;
    if (words[j].after !== '') break;
  }
  return rest >= 2 && finiteVerb(words.slice(from, k - 1)) >= 0;
}

/** Words that open a clause inside a title whose verb is not the title's own ("a rabbit hole | where there's …"). */
const INNER_CLAUSE = new Set([...CLAUSE_WORDS, 'which', 'who', 'whose', 'whom', 'what', 'how']);

/**
 * Index of the main clause's finite verb, -1 if none: the first finite verb not inside a clause opened after the
 * title's first word ("Maybe a bit of a rabbit hole where there's a few outliers" has none). "that" opens such a
 * clause after a noun ("the plot that I used was …"), "not" or "so".
 */
export function mainVerb(words: readonly Word[]): number {
  let inner = false;
  let lastInner = false;
  for (let k = 0; k < words.length; k++) {
    if (k > 0 && opensInnerClause(words, k)) {
      inner = true;
      continue;
    }
    if (!finiteAt(words, k)) continue;
    // A verb joined by "and" to one inside a clause is inside it too ("a currency that is owned … and developed …").
    if (!inner && !(lastInner && words[k - 1]?.pos === 'CCONJ')) return k;
    inner = false;
    lastInner = true;
    // The rest of that clause's verb ("is owned", "would not have done"), which ends at its main verb.
    let auxiliary = words[k].pos === 'AUX';
    while (k + 1 < words.length && !words[k].after && (/^(PART|ADV)$/.test(words[k + 1].pos) || (auxiliary && /^(AUX|VERB)$/.test(words[k + 1].pos)))) {
      k++;
      if (words[k].pos === 'VERB') auxiliary = false;
    }
  }
  return -1;
}

/** A word that opens a clause inside the title: a relative or a subordinator, "that" after a noun, "not" or "so". */
function opensInnerClause(words: readonly Word[], k: number): boolean {
  const word = words[k];
  if (INNER_CLAUSE.has(word.normal)) return true;
  const before = words[k - 1];
  return word.normal === 'that' && (before.pos === 'NOUN' || before.normal === 'not' || before.normal === 'so');
}
