/**
 * Whether a close (fuzzy) match would change what the quote means. A few words may differ between an analyser's
 * proposal and the transcript, but not the words that carry a claim: a negation ("I would not recommend it" against
 * "I would recommend it"), a number ("30 %" against "13 %"), a named thing ("Figma" against "Miro"), or any other
 * content word ("usable" against "unusable", "better" against "worse": see content-words.ts). The stored
 * text is the transcript's own span either way; the check keeps an insight from resting on a quote that says the
 * opposite of what the analyser read into it. Pure.
 */
import { contentDifference } from './content-words';
import { matchWords, type MatchWord } from './match-text';

/** `content`: any other word that carries meaning changed, added or left out (see content-words.ts). */
export type MeaningChange = 'negation' | 'number' | 'name' | 'content';

/**
 * Negating words, in the languages interviews most often come in (English, German, French, Spanish, Portuguese,
 * Italian, Dutch); contractions ending in n't, and the same written without the apostrophe, count too.
 */
const NEGATIONS = new Set([
  'not', 'no', 'never', 'nobody', 'none', 'nothing', 'nowhere', 'neither', 'nor', 'without', 'cannot', 'nope',
  'dont', 'doesnt', 'didnt', 'cant', 'couldnt', 'wont', 'wouldnt', 'shouldnt', 'isnt', 'arent', 'wasnt', 'werent',
  'havent', 'hasnt', 'hadnt', 'aint', 'mustnt', 'neednt',
  'nicht', 'kein', 'keine', 'keinen', 'keinem', 'keiner', 'keines', 'nie', 'niemals', 'niemand', 'nichts', 'ohne',
  'ne', 'pas', 'jamais', 'rien', 'aucun', 'aucune', 'sans',
  'nunca', 'nada', 'nadie', 'ninguno', 'ninguna', 'ningún', 'jamás', 'sin', 'tampoco',
  'não', 'ninguém', 'nenhum', 'nenhuma', 'sem',
  'non', 'mai', 'niente', 'nulla', 'nessuno', 'nessuna', 'senza',
  'niet', 'geen', 'nooit', 'niets', 'niemand', 'zonder',
]);

const UNITS = 'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty';
const TENS = 'thirty forty fifty sixty seventy eighty ninety';

/** Number words read as their digits, so "three" and "3" are the same number and "three" against "four" is not. */
const NUMBER_WORDS: ReadonlyMap<string, string> = new Map([
  ...UNITS.split(' ').map((word, value): [string, string] => [word, String(value)]),
  ...TENS.split(' ').map((word, k): [string, string] => [word, String(30 + 10 * k)]),
  ['hundred', '100'],
  ['thousand', '1000'],
  ['million', '1000000'],
  ['billion', '1000000000'],
  ['dozen', '12'],
  ['half', '0.5'],
  ['twice', '2×'],
]);

const DIGIT = /\p{N}/u;
const UPPER_START = /^\p{Lu}/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;
/** What ends a sentence or a line before a word, so the word begins one (a turn begins on a new line). */
const SENTENCE_BREAK = /[.!?…。！？:\n]/u;

/** Whether a word (as `matchWords` spells it) negates. */
export function isNegation(word: string): boolean {
  return NEGATIONS.has(word) || word.endsWith("n't") || word.startsWith("n'");
}

function numberOf(word: string): string | undefined {
  if (DIGIT.test(word)) return word;
  return NUMBER_WORDS.get(word);
}

/**
 * Whether `word` (a word of `text`) names something: written with a capital where a sentence does not begin, or at a
 * sentence's start when the transcript never writes it in lower case ("Figma", not "So"). "I" and its contractions
 * are not names.
 */
function isName(text: string, word: MatchWord, writtenLower: (word: string) => boolean): boolean {
  const spelled = text.slice(word.start, word.end);
  if (!UPPER_START.test(spelled) || word.text === 'i' || word.text.startsWith("i'")) return false;
  return !beginsSentence(text, word.start) || !writtenLower(word.text);
}

/** Whether the word at `at` begins a sentence: only marks, spaces and symbols lie between it and a sentence's end. */
function beginsSentence(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const ch = text.charAt(i);
    if (SENTENCE_BREAK.test(ch)) return true;
    if (WORD_CHAR.test(ch)) return false;
  }
  return true;
}

/** A name as compared: accents aside ("Zoë" is "Zoe"). */
function nameKey(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '');
}

function counted(values: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

function sameCounts(a: Map<string, number>, b: Map<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, count] of a) if (b.get(key) !== count) return false;
  return true;
}

/** Words of a text, with the text they index (the whole transcript for a span, so a sentence's start is seen). */
interface Side {
  text: string;
  words: MatchWord[];
}

/**
 * What a close match between `proposed` (the analyser's words) and `transcript.slice(start, end)` would change, or
 * null: the negations must be as many, the numbers the same, every name on either side must be said on the
 * other, and every other word that carries meaning must be the same (see content-words.ts). `writtenLower` says whether the transcript writes a word in lower case somewhere (a capital at a
 * sentence's start is then no name).
 */
export function meaningChange(
  proposed: string,
  transcript: string,
  start: number,
  end: number,
  writtenLower: (word: string) => boolean,
): MeaningChange | null {
  const a: Side = { text: proposed, words: matchWords(proposed) };
  const b: Side = { text: transcript, words: matchWords(transcript, start, end) };
  const negations = (s: Side) => s.words.filter((w) => isNegation(w.text)).length;
  if (negations(a) !== negations(b)) return 'negation';
  const numbers = (s: Side) => counted(s.words.map((w) => numberOf(w.text)).filter((n): n is string => n !== undefined));
  if (!sameCounts(numbers(a), numbers(b))) return 'number';
  const namesMissing = (from: Side, to: Side) => {
    const said = new Set(to.words.map((w) => nameKey(w.text)));
    return from.words.some((w) => isName(from.text, w, writtenLower) && !said.has(nameKey(w.text)));
  };
  if (namesMissing(a, b) || namesMissing(b, a)) return 'name';
  const content = contentDifference(proposed, a.words, transcript, b.words);
  if (content.added.length > 0 || content.omitted.length > 0) return 'content';
  return null;
}
