/**
 * A title's "the …" said as the talk pinned it down. A claim such as "The brand deal was for a supermarket" leans on the
 * talk for which deal it is (see `leaningPhrases` in title-reading.ts); when the statement, the answer before it or the
 * interviewer's question said that noun with what says which one ("a brand deal with a shoe company", "the opening
 * scene of the second film"), the title carries that qualifier: "The brand deal with a shoe company was for a
 * supermarket". Only a title that is not in quotation marks is so worded (it names a referent from the talk, as an "it"
 * named is; see title-referents.ts), and quotes stay exact.
 */
import type { Statement } from './statements';
import type { TurnTokens } from './turn-tokens';
import { GENERIC_NOUNS } from './keyphrases';
import { EMPTY_HEADS } from './title-words';
import { leaningPhrases } from './title-reading';

/** Prepositions whose phrase after a noun says which one it is ("a deal with …", "the scene of …", "the trip to …"). */
const PINNING_PREPOSITIONS = new Set(['of', 'for', 'with', 'from', 'about', 'on', 'at', 'in', 'to', 'between', 'by']);
/** Words before a noun in the talk that the title says as "the": the same thing, pointed at or not. */
const AS_THE = new Set(['the', 'a', 'an', 'this', 'that']);
/** A speaker's own, said in a title as the participant's: "my brand deal" → "their brand deal". */
const AS_THEIRS = new Set(['my', 'our']);
/** What a phrase after the noun may open with besides a noun: an article, or whose (the participant's). */
const OBJECT_DETERMINERS = new Set(['the', 'a', 'an', 'their', 'my', 'our']);
/** A qualifier of at most this many words (its preposition, article and noun phrase). */
const MAX_PIN_WORDS = 5;
/**
 * Modifiers that point at another of the talk's things or count them rather than say which ("the other deal", "one
 * scene", "a few images").
 */
const POINTING_MODIFIERS = new Set([
  'one', 'other', 'another', 'same', 'next', 'last', 'previous', 'first', 'whole', 'entire', 'former', 'latter', 'certain', 'specific', 'particular',
  'such', 'own', 'few', 'many', 'several', 'some', 'all', 'more', 'most', 'various', 'different', 'little', 'much', 'enough', 'main',
]);
/** The talk's modifiers before the noun, at most. */
const MAX_MODIFIERS = 3;

const NOUNS = /^(?:NOUN|PROPN)$/;
const MODIFIERS = /^(?:ADJ|NOUN|PROPN|NUM)$/;

/** The words of a qualifier as a title says them: "my"/"our" as "their", a name keeps its capitals. */
function asTitleWords(tokens: TurnTokens, from: number, to: number, asked: boolean): string[] | undefined {
  const words: string[] = [];
  for (let k = from; k <= to; k++) {
    const normal = tokens.normals[k];
    if (AS_THEIRS.has(normal) || (asked && normal === 'your')) words.push('their');
    else if (tokens.pos[k] === 'PROPN' || /\p{Lu}/u.test(tokens.values[k].slice(1))) words.push(tokens.values[k]);
    else words.push(normal);
  }
  return words;
}

/**
 * The phrase after the noun at `head` that says which one it is: a preposition, an article or the participant's
 * "my"/"our" (the interviewer's "your"), and a noun phrase of up to three words that ends where the talk's phrase ends
 * ("with a shoe company"); undefined when none does (a pronoun, "of things", a phrase that goes on past five words).
 */
function pinAfter(tokens: TurnTokens, head: number, asked: boolean, verbObject: boolean): string[] | undefined {
  const preposition = head + 1;
  if (tokens.types[preposition] !== 'word' || !PINNING_PREPOSITIONS.has(tokens.normals[preposition])) return undefined;
  // After a verb's object, a phrase other than "of" more often says how the verb was done ("transform the yeast | with
  // the required genes") than which thing.
  if (verbObject && tokens.normals[preposition] !== 'of') return undefined;
  let k = preposition + 1;
  if (tokens.types[k] === 'word' && (OBJECT_DETERMINERS.has(tokens.normals[k]) || (asked && tokens.normals[k] === 'your'))) k++;
  let last = -1;
  for (let j = k; j < tokens.values.length && tokens.types[j] === 'word' && MODIFIERS.test(tokens.pos[j]) && j - k < 3; j++) if (NOUNS.test(tokens.pos[j])) last = j;
  if (last < 0) return undefined;
  // The phrase ends with its noun: not "with a shoe" | "company" cut, nor a noun that stands for any topic.
  if (tokens.types[last + 1] === 'word' && MODIFIERS.test(tokens.pos[last + 1] ?? '')) return undefined;
  const object = tokens.normals[last];
  if (GENERIC_NOUNS.has(object) || EMPTY_HEADS.has(object)) return undefined;
  // "to" before a verb is an infinitive, not a phrase that says which ("the time to go").
  if (tokens.normals[preposition] === 'to' && /^(?:VERB|AUX)$/.test(tokens.pos[k] ?? '')) return undefined;
  if (last - preposition + 1 > MAX_PIN_WORDS) return undefined;
  return asTitleWords(tokens, preposition, last, asked);
}

/** The talk's modifiers before the noun at `head` ("a *shoe company* deal"), after an article the title says as "the". */
function modifiersBefore(tokens: TurnTokens, head: number): string[] | undefined {
  let k = head - 1;
  while (k >= 0 && head - k <= MAX_MODIFIERS && tokens.types[k] === 'word' && /^(?:ADJ|NOUN|PROPN)$/.test(tokens.pos[k]) && !POINTING_MODIFIERS.has(tokens.normals[k])) k--;
  if (k < 0 || tokens.types[k] !== 'word' || !(AS_THE.has(tokens.normals[k]) || AS_THEIRS.has(tokens.normals[k]))) return undefined;
  return asTitleWords(tokens, k + 1, head - 1, false);
}

/**
 * Where the talk said a noun as the head of its phrase, nearest first: in `tokens` from `to` back to `from`; not a
 * noun that modifies the next ("a yeast display system" is a system).
 */
function mentions(tokens: TurnTokens, from: number, to: number, noun: string): number[] {
  const found: number[] = [];
  for (let k = Math.min(to, tokens.values.length - 1); k >= Math.max(0, from); k--) {
    if (tokens.normals[k] === noun && NOUNS.test(tokens.pos[k]) && !(tokens.types[k + 1] === 'word' && NOUNS.test(tokens.pos[k + 1] ?? ''))) found.push(k);
  }
  return found;
}

/**
 * The phrase "the <modifiers> <noun>" of a title said as the talk said it with what pins it down: the talk's mention of
 * the same noun, nearest first (in the statement and its answer before the phrase, then in the interviewer's question),
 * with a phrase after it that says which one, or with modifiers before it that the title's phrase lacks and that keep
 * every one of the title's. Undefined when the talk never said which.
 */
export function pinnedPhrase(phrase: string, statement: Statement, question: TurnTokens | undefined): string | undefined {
  const source = statement.source;
  if (!source) return undefined;
  const words = phrase.split(' ');
  const noun = words.at(-1) ?? '';
  const titleModifiers = words.slice(1, -1);
  // The phrase's own place in the statement: the talk before it.
  let at = source.to;
  for (let k = source.from; k <= source.to; k++) {
    if (source.tokens.normals[k] === noun) {
      at = k;
      break;
    }
  }
  const places: Array<{ t: TurnTokens; k: number; asked: boolean }> = [
    ...mentions(source.tokens, 0, at - 1, noun).map((k) => ({ t: source.tokens, k, asked: false })),
    ...(question ? mentions(question, 0, question.values.length - 1, noun).map((k) => ({ t: question, k, asked: true })) : []),
  ];
  for (const { t, k, asked } of places) {
    const modifiers = modifiersBefore(t, k);
    if (modifiers === undefined) continue;
    const keepsTitle = titleModifiers.every((word) => modifiers.includes(word));
    const said = keepsTitle ? modifiers : titleModifiers;
    const opening = k - modifiers.length - 1;
    const verbObject = /^(?:VERB|AUX)$/.test(t.pos[opening - 1] ?? '') && !/^(?:be|is|are|was|were|'s|'re)$/.test(t.normals[opening - 1] ?? '');
    const pin = pinAfter(t, k, asked, verbObject);
    // It must say more than the title: a phrase after the noun, or modifiers the title's phrase does not have.
    if (!pin && (!keepsTitle || modifiers.length <= titleModifiers.length)) continue;
    // Said by someone else ("your") in the participant's own answer: whose is not the participant's.
    if ([...said, ...(pin ?? [])].some((word) => /^(?:i|me|you|your|he|she|him|her|his|it|its|this|that|these|those)$/i.test(word))) continue;
    return ['the', ...said, noun, ...(pin ?? [])].join(' ');
  }
  return undefined;
}

/**
 * `title` with each "the …" it leans on the talk for (see `leaningPhrases`), and the thing its "it" was said as
 * (`referent`, see title-referents.ts), said as the talk pinned it down (see `pinnedPhrase`); each as it was when the
 * talk never said which, or when the pinned title would run past `maxWords`.
 */
export function pinnedTitle(statement: Statement, title: string, text: string, question: TurnTokens | undefined, maxWords: number, referent?: string): string {
  let out = title;
  const phrases = leaningPhrases(statement, title, text);
  if (referent?.startsWith('the ') && !phrases.includes(referent.toLowerCase())) phrases.push(referent);
  for (const phrase of phrases) {
    const pinned = pinnedPhrase(phrase.toLowerCase(), statement, question);
    if (pinned !== undefined) out = saidAs(out, phrase, pinned, maxWords);
  }
  return out;
}

/**
 * `title` with its first `phrase` said as `pinned`, when that stays within `maxWords` and the words it adds are not the
 * title's already ("the feature for large tables was slow with large tables" says nothing more).
 */
function saidAs(title: string, phrase: string, pinned: string, maxWords: number): string {
  const has = new Set(title.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  const had = new Set(phrase.toLowerCase().split(' '));
  const added = pinned.split(' ').filter((word) => word.length >= 3 && !had.has(word.toLowerCase()) && !/^(?:the|and|their|for|with|from|about|between)$/i.test(word));
  if (added.every((word) => has.has(word.toLowerCase()))) return title;
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  const found = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').exec(title);
  if (!found) return title;
  const said = found.index === 0 ? `${pinned.charAt(0).toUpperCase()}${pinned.slice(1)}` : pinned;
  const next = `${title.slice(0, found.index)}${said}${title.slice(found.index + found[0].length)}`;
  return next.split(/\s+/).length > maxWords ? title : next;
}
