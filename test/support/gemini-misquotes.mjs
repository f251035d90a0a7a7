// Quotes a careless model proposes that say something the participant did not, for the realistic Gemini stand-in
// (gemini-stand-in.mjs) and the benchmarks. Each is made from a participant's own sentence, so it is close enough to
// anchor if anchoring only counted differing words:
//
// - 'antonym': one word turned into its opposite (usable → unusable, useful → useless, love → hate, better → worse,
//   "really clear" → "hardly clear"), from the stand-in's own table of opposites. Anchoring never reads this table:
//   it must refuse a changed content word by method, whatever the word.
// - 'number': a number said changed (40 → 47, "three" → "four").
// - 'spliced': pieces joined by an ellipsis that were never said together: around a negation of one sentence
//   ("I would … recommend it" from "I would never recommend it"), else across two turns.
//
// Plain JavaScript with no imports, like the stand-in.

/** What each misquote did, as recorded in a request's `proposed`. */
export const MISQUOTE_KINDS = ['antonym', 'number', 'spliced'];

/** Opposites, both ways. The stand-in's own list, to make proposals; never a list the server checks against. */
const OPPOSITE_PAIRS = [
  ['usable', 'unusable'], ['useful', 'useless'], ['love', 'hate'], ['loved', 'hated'], ['like', 'dislike'], ['liked', 'disliked'],
  ['satisfied', 'dissatisfied'], ['better', 'worse'], ['best', 'worst'], ['good', 'bad'], ['great', 'terrible'], ['easy', 'hard'],
  ['easier', 'harder'], ['simple', 'complicated'], ['clear', 'unclear'], ['really', 'hardly'], ['fast', 'slow'], ['faster', 'slower'],
  ['quick', 'slow'], ['quickly', 'slowly'], ['helpful', 'unhelpful'], ['happy', 'unhappy'], ['important', 'unimportant'],
  ['interesting', 'boring'], ['more', 'less'], ['most', 'least'], ['many', 'few'], ['often', 'rarely'], ['always', 'rarely'],
  ['possible', 'impossible'], ['able', 'unable'], ['likely', 'unlikely'], ['comfortable', 'uncomfortable'], ['sure', 'unsure'],
  ['right', 'wrong'], ['new', 'old'], ['big', 'small'], ['high', 'low'], ['agree', 'disagree'], ['works', 'fails'],
  ['worked', 'failed'], ['nice', 'awful'], ['love', 'hate'], ['helped', 'hindered'], ['want', 'refuse'], ['wanted', 'refused'],
  ['interested', 'uninterested'], ['intuitive', 'confusing'], ['confident', 'doubtful'], ['lot', 'little'], ['everything', 'nothing'],
  ['first', 'last'], ['before', 'after'], ['start', 'stop'], ['started', 'stopped'], ['trust', 'distrust'], ['correct', 'incorrect'],
];
const OPPOSITES = new Map(OPPOSITE_PAIRS.flatMap(([a, b]) => [[a, b], [b, a]]));

const NUMBER_WORDS = 'zero one two three four five six seven eight nine ten eleven twelve'.split(' ');
const NEGATION = /^(?:not|never|no|\w+n['’]t)$/i;
const bare = (word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** The sentence with its first word that has an opposite turned into it (case kept), or null. */
export function antonymOf(sentence) {
  const words = sentence.split(/(\s+)/);
  for (let k = 0; k < words.length; k++) {
    const plain = bare(words[k]);
    const opposite = OPPOSITES.get(plain.toLowerCase());
    if (!opposite) continue;
    const cased = /^\p{Lu}/u.test(plain) ? opposite[0].toUpperCase() + opposite.slice(1) : opposite;
    words[k] = words[k].replace(plain, cased);
    return words.join('');
  }
  return null;
}

/** The sentence with its first number changed (a digit run + 7, a number word the next one), or null. */
export function numberChanged(sentence) {
  const digits = /\d+/.exec(sentence);
  if (digits) return sentence.slice(0, digits.index) + String(Number(digits[0]) + 7) + sentence.slice(digits.index + digits[0].length);
  const word = new RegExp(`\\b(${NUMBER_WORDS.join('|')})\\b`, 'i').exec(sentence);
  if (!word) return null;
  const next = NUMBER_WORDS[(NUMBER_WORDS.indexOf(word[1].toLowerCase()) + 1) % NUMBER_WORDS.length];
  return sentence.slice(0, word.index) + next + sentence.slice(word.index + word[0].length);
}

/**
 * Pieces of what was said joined by an ellipsis as if said together: the words either side of a negation of
 * `sentence` (two or more before, three or more after), the negation left out; else the sentence's first words and
 * the last words of a sentence of `elsewhere` (another turn). Null when neither can be made.
 */
export function splice(sentence, elsewhere = []) {
  const words = sentence.split(/\s+/).filter(Boolean);
  // A negation said once (leaving out one of "no, no, no" changes nothing).
  const same = (k, j) => j >= 0 && j < words.length && bare(words[j]).toLowerCase() === bare(words[k]).toLowerCase();
  const negation = words.findIndex((word, k) => k >= 2 && k <= words.length - 3 && NEGATION.test(bare(word)) && !same(k, k - 1) && !same(k, k + 1));
  if (negation >= 0) {
    const word = bare(words[negation]);
    const kept = /n['’]t$/i.test(word) && !/^(can|won|don)['’]?t$/i.test(word) ? [words[negation].replace(/n['’]t/i, '')] : [];
    return `${[...words.slice(0, negation), ...kept].join(' ')} … ${words.slice(negation + 1).join(' ')}`;
  }
  const other = elsewhere.map((s) => s.split(/\s+/).filter(Boolean)).find((w) => w.length >= 6);
  if (!other || words.length < 6) return null;
  return `${words.slice(0, Math.min(7, words.length - 1)).join(' ')} … ${other.slice(Math.max(1, other.length - 7)).join(' ')}`;
}

/** The misquote of one kind (see `MISQUOTE_KINDS`) made from `sentence`, or null when it cannot be made. */
export function misquote(kind, sentence, elsewhere = []) {
  if (kind === 'antonym') return antonymOf(sentence);
  if (kind === 'number') return numberChanged(sentence);
  if (kind === 'spliced') return splice(sentence, elsewhere);
  return null;
}
