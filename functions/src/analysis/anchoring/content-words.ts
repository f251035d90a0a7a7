/**
 * Which words of a close match carry its meaning. A proposal may differ from the transcript's span only in words
 * that say nothing of the claim: hesitations and discourse fillers ("you know", "basically"), articles and the small
 * words grammar needs ("the", "of", "is"), amplifiers that only stress ("really", "very"), a word said again, and a
 * word spelled another way ("colour"/"color", "organise"/"organize", "it's"/"it is", "gonna"/"going to", "3"/"three").
 * Every other word is a content word: one the proposal changes, adds or leaves out changes what the quote says
 * ("usable"/"unusable", "better"/"worse", "really clear"/"hardly clear"), whatever the words are. The comparison is
 * by method, not by a list of opposites: the two sides are aligned word by word (a weighted longest common
 * subsequence that matches content words first), and any content word left unmatched on either side is a change.
 * One exception: words of the transcript a proposal leaves out where it writes an ellipsis between pieces of four
 * words or more ("the labels on the charts were … clear to everyone") are marked as left out, not changed; the stored
 * quote is the transcript's span, which says them (a negation left out is refused before, see meaning-check.ts). Pure.
 */
import { repeatedWords, type MatchWord } from './match-text';

/**
 * Words that carry no meaning of their own in a quote: articles and determiners of no quantity, the auxiliaries
 * "be", "have" and "do", the most common prepositions and conjunctions of no contrast, discourse fillers, and
 * amplifiers that only add stress. Closed-class words, not chosen from examples: a modal ("could", "should"), a
 * quantity ("all", "some", "most"), a pronoun (who said or did it) and every noun, verb, adjective and adverb of
 * its own stay content words.
 */
const MEANINGLESS = new Set(
  [
    // articles and determiners of no quantity
    'a an the this that these those it its there here',
    // auxiliaries of tense and grammar (not modals)
    'be am is are was were been being have has had having do does did done',
    // prepositions and conjunctions of no contrast
    'of to in on at for by from with into onto about as and then than also',
    // discourse fillers and hedges of speech
    'so well oh ok okay like yeah yep um uh er erm hmm mm anyway anyways',
    // amplifiers that only stress
    'just really very actually basically literally honestly totally absolutely truly pretty quite definitely certainly',
    // a percent sign spelled out ("30 %" / "30 percent")
    'percent per cent',
  ]
    .join(' ')
    .split(' '),
);

/** Whether a word (as `matchWords` spells it) carries no meaning of its own in a quote. */
export function isMeaningless(word: string): boolean {
  return MEANINGLESS.has(word) || MEANINGLESS.has(spellingKey(word));
}

/** Two-word fillers, meaningless only as a pair ("you know", "I mean", "kind of", "sort of"). */
const FILLER_PAIRS = new Set(['you know', 'i mean', 'kind of', 'sort of', 'you see']);

/** Contractions and spoken forms, read as the words they stand for. */
const SPOKEN_FORMS: ReadonlyMap<string, string[]> = new Map([
  ["can't", ['can', 'not']],
  ['cannot', ['can', 'not']],
  ["won't", ['will', 'not']],
  ["shan't", ['shall', 'not']],
  ["ain't", ['is', 'not']],
  ['gonna', ['going', 'to']],
  ['wanna', ['want', 'to']],
  ['gotta', ['got', 'to']],
  ['kinda', ['kind', 'of']],
  ['sorta', ['sort', 'of']],
  ['lemme', ['let', 'me']],
  ["'cause", ['because']],
  ['cause', ['because']],
  ['cos', ['because']],
  ['cuz', ['because']],
  ['till', ['until']],
  ["'til", ['until']],
  ['til', ['until']],
  ['ok', ['okay']],
]);

const SUFFIXES: ReadonlyArray<[RegExp, string]> = [
  [/n't$/, ' not'],
  [/'re$/, ' are'],
  [/'m$/, ' am'],
  [/'ve$/, ' have'],
  [/'ll$/, ' will'],
  [/'d$/, ' would'],
];

/** Words whose "'s" is "is" or "has" ("it's", "that's"); after any other word it is a possessive and stays. */
const S_IS = new Set(['it', 'that', 'there', 'here', 'what', 'who', 'where', 'how', 'he', 'she', 'this', 'let']);

const NUMBER_WORDS: ReadonlyMap<string, string> = new Map([
  ...'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
    .split(' ')
    .map((word, value): [string, string] => [word, String(value)]),
  ...'thirty forty fifty sixty seventy eighty ninety'.split(' ').map((word, k): [string, string] => [word, String(30 + 10 * k)]),
]);

/**
 * A word's spelling as compared: accents aside, British and American spellings as one (-our/-or, -ise/-ize,
 * -yse/-yze, -tre/-ter, -ogue/-og, -ence/-ense, -lled/-led, programme/program), a silent e before -able or -ing
 * dropped, an agreement -s aside, number words as digits. Never joins two words that differ in a prefix or a stem,
 * nor two that differ in a doubled letter ("later", "latter").
 */
export function spellingKey(word: string): string {
  let key = word.normalize('NFD').replace(/\p{M}/gu, '').replace(/['’]/g, "'");
  const number = NUMBER_WORDS.get(key);
  if (number !== undefined) return number;
  // An agreement -s ("it helps" / "they help") is grammar, not a claim; -ss ("useless") is no ending.
  if (key.length > 4 && /[^s']s$/.test(key)) key = key.slice(0, -1);
  if (key.length >= 6) key = key.replace(/our(ed|ing|ite|able)?$/, 'or$1');
  key = key
    .replace(/is(e|es|ed|ing|ation|ations)$/, 'iz$1')
    .replace(/ys(e|es|ed|ing)$/, 'yz$1')
    .replace(/([^aeiou])tre(s)?$/, '$1ter$2')
    .replace(/ogue(s)?$/, 'og$1')
    .replace(/([^aeiou])ence$/, '$1ense')
    .replace(/^(\p{L}+[^aeiouy])e(able|ing)$/u, (whole: string, stem: string, ending: string) => (whole.length >= 6 ? stem + ending : whole))
    .replace(/grey/, 'gray')
    .replace(/ll(ed|ing|er|ers|or|ors)$/u, 'l$1')
    .replace(/^programme(s?)$/u, 'program$1');
  return key;
}

/** One word as compared: its key, whether it carries meaning, where it is in the proposal or transcript. */
export interface ComparedWord {
  key: string;
  meaningless: boolean;
  /** Index of the MatchWord it came from (a contraction gives two compared words of one MatchWord). */
  from: number;
}

/** The words of one side as compared: contractions opened, fillers and repeats marked meaningless. */
export function comparedWords(words: readonly MatchWord[], text: string): ComparedWord[] {
  const twice = saidTwice(text, words);
  const out: ComparedWord[] = [];
  words.forEach((word, k) => {
    for (const part of opened(word.text)) {
      const key = spellingKey(part);
      out.push({ key, meaningless: twice[k] === 1 || MEANINGLESS.has(key) || MEANINGLESS.has(part), from: k });
    }
  });
  for (let k = 0; k + 1 < out.length; k++) {
    if (FILLER_PAIRS.has(`${out[k].key} ${out[k + 1].key}`)) {
      out[k].meaningless = true;
      out[k + 1].meaningless = true;
    }
  }
  return out;
}

/**
 * 1 for a word said again straight after itself (see `repeatedWords`) and for its first saying: either may be the
 * one a quote keeps ("you can, you can" quoted as "you just, you can").
 */
function saidTwice(text: string, words: readonly MatchWord[]): Uint8Array {
  const twice = repeatedWords(text, words);
  for (let k = 0; k < words.length; k++) {
    if (twice[k] !== 1) continue;
    for (let back = k - 1; back >= Math.max(0, k - 3); back--) if (words[back].text === words[k].text) twice[back] = 1;
  }
  return twice;
}

function opened(word: string): string[] {
  const spoken = SPOKEN_FORMS.get(word);
  if (spoken) return spoken;
  if (word.endsWith("'s")) {
    const stem = word.slice(0, -2);
    return S_IS.has(stem) ? [stem, 'is'] : [word];
  }
  for (const [ending, expanded] of SUFFIXES) if (ending.test(word)) return word.replace(ending, expanded).split(' ');
  return [word];
}

/** What the comparison found: content words the proposal changed or added, and those it left out without an ellipsis. */
export interface ContentDifference {
  /** Content words of the proposal that the transcript's span does not say there. */
  added: string[];
  /** Content words of the span the proposal leaves out (where it writes no ellipsis). */
  omitted: string[];
}

const ELLIPSIS = /…|\.\.\./;
/** Words a piece of a quote on either side of an ellipsis must have for what the ellipsis leaves out to be left out. */
const MIN_PIECE_WORDS = 4;

/** For each of `words` (of `text`), which piece between ellipses it is in and how many words that piece has. */
function pieces(text: string, words: readonly MatchWord[]): { index: number; words: number }[] {
  const found: { index: number; words: number }[] = [];
  let index = 0;
  words.forEach((word, k) => {
    if (k > 0 && ELLIPSIS.test(text.slice(words[k - 1].end, word.start))) index++;
    found.push({ index, words: 0 });
  });
  for (const entry of found) entry.words = found.filter((other) => other.index === entry.index).length;
  return found;
}

/**
 * The content words a close match changes: `proposed` (the analyser's words, with `proposedWords` its MatchWords)
 * against the transcript's `spanWords` (of `transcript`). Empty lists when the two differ only in words of no
 * meaning.
 */
export function contentDifference(
  proposed: string,
  proposedWords: readonly MatchWord[],
  transcript: string,
  spanWords: readonly MatchWord[],
): ContentDifference {
  const [a, b] = joinCompounds(comparedWords(proposedWords, proposed), comparedWords(spanWords, transcript));
  const pairs = alignment(a, b);
  const matchedA = new Set(pairs.map(([i]) => i));
  const matchedB = new Map(pairs.map(([i, j]) => [j, i]));
  const added = a.filter((w, i) => !w.meaningless && !matchedA.has(i)).map((w) => w.key);
  const piece = pieces(proposed, proposedWords);
  const omitted: string[] = [];
  let previous = -1; // the proposal's word matched last, going along the span
  for (let j = 0; j < b.length; j++) {
    const i = matchedB.get(j);
    if (i !== undefined) {
      previous = i;
      continue;
    }
    if (b[j].meaningless) continue;
    // Left out where the proposal writes an ellipsis between two pieces of four words or more.
    const before = previous >= 0 ? piece[a[previous].from] : undefined;
    const after = a[previous + 1] ? piece[a[previous + 1].from] : undefined;
    const atEllipsis = before !== undefined && after !== undefined && after.index === before.index + 1;
    if (!atEllipsis || before.words < MIN_PIECE_WORDS || after.words < MIN_PIECE_WORDS) omitted.push(b[j].key);
  }
  return { added, omitted };
}

/**
 * Two words of one side written as one on the other ("e-mail"/"email", "set up"/"setup", "data set"/"dataset") are
 * one word: the pair is joined on its side (kept only where the other side does not also say the two apart).
 */
function joinCompounds(a: ComparedWord[], b: ComparedWord[]): [ComparedWord[], ComparedWord[]] {
  const join = (side: ComparedWord[], other: readonly ComparedWord[]): ComparedWord[] => {
    const keys = new Set(other.map((w) => w.key));
    const out: ComparedWord[] = [];
    for (let k = 0; k < side.length; k++) {
      const next = side[k + 1];
      const joined = next ? spellingKey(side[k].key + next.key) : '';
      if (next && keys.has(joined) && !(keys.has(side[k].key) && keys.has(next.key))) {
        out.push({ key: joined, meaningless: side[k].meaningless && next.meaningless, from: side[k].from });
        k++;
      } else out.push(side[k]);
    }
    return out;
  };
  return [join(a, b), join(b, a)];
}

/** Pairs [i, j] of equal words, in order, matching as many content words as can be (then as many words). */
function alignment(a: readonly ComparedWord[], b: readonly ComparedWord[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  const width = m + 1;
  const score = new Int32Array((n + 1) * width);
  const weight = (i: number) => (a[i].meaningless ? 1 : 1000);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      let best = Math.max(score[(i + 1) * width + j], score[i * width + j + 1]);
      if (a[i].key === b[j].key) best = Math.max(best, score[(i + 1) * width + j + 1] + weight(i));
      score[i * width + j] = best;
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i].key === b[j].key && score[i * width + j] === score[(i + 1) * width + j + 1] + weight(i)) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (score[(i + 1) * width + j] >= score[i * width + j + 1]) i++;
    else j++;
  }
  return pairs;
}
