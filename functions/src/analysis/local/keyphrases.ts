/**
 * Keyphrases of a statement: noun phrases from wink's part-of-speech tags (runs of adjectives and nouns ending in a
 * noun, at most three words), a plural made singular ("rain cloud plots" → "rain cloud plot") but every word one the
 * participant said (see `singularOf`), and each noun of a longer phrase on its own. A compound written with hyphens
 * is one word of the phrase it modifies ("two-way plots" → "two-way plot"), never a phrase in its parts ("self"), and
 * a verb read as a noun after a hedge ("kind of distrust those") is none.
 * Fillers, redaction marks, speaker names and words too general to tag an insight are left out.
 */
import { KIND_NOUNS } from './statement-kinds';
import type { TurnTokens } from './turn-tokens';

export interface Keyphrase {
  /** Lower case: what statements are compared on. */
  key: string;
  /**
   * As shown in a tag: the words said, a plural made singular; acronyms and names keep their capitals ("AI", "ICE
   * plot"), never a lemma that is another word ("deep dive", not "deep diva").
   */
  display: string;
  words: number;
}

const MAX_WORDS = 3;

/** Spoken fillers that wink may tag as nouns or names. */
export const FILLERS = new Set([
  'um', 'umm', 'uh', 'uhh', 'uhm', 'er', 'erm', 'hmm', 'hm', 'mm', 'mhm', 'ah', 'oh', 'yeah', 'yep', 'yes', 'no', 'okay',
  'ok', 'right', 'well', 'like', 'so', 'hey', 'hi', 'hello', 'thanks', 'wow', 'huh', 'gonna', 'wanna', 'kinda', 'sorta',
]);

export const GENERIC_NOUNS = new Set([
  'thing', 'stuff', 'lot', 'way', 'kind', 'sort', 'bit', 'time', 'people', 'person', 'something', 'anything',
  'everything', 'nothing', 'part', 'point', 'question', 'answer', 'case', 'example', 'sense', 'fact', 'reason', 'day',
  'year', 'guy', 'one', 'number', 'end', 'side', 'type', 'level', 'step', 'look', 'idea', 'term', 'word', 'moment',
  'minute', 'second', 'hour', 'week', 'month', 'place', 'area', 'aspect', 'matter', 'issue', 'problem', 'percent',
  'couple', 'whatever', 'everybody', 'someone', 'somebody', 'anyone', 'bunch', 'deal', 'today', 'tomorrow',
  'yesterday', 'now', 'sir', 'use', 'job', 'name', 'interview', 'conversation', 'question', 'answer', 'others', 'lots',
  'situation', 'stage', 'start', 'beginning', 'while', 'instance', 'respect', 'regard', 'order', 'front', 'top',
  'bottom', 'middle', 'rest', 'half', 'work', 'feeling', 'help', 'thought', 'opinion', 'question', 'reply', 'hand', 'lot', 'yes', 'gosh', 'god', 'guess', 'version', 'stuff', 'piece', 'item', 'detail', 'factor', 'reason', 'kinds',
  'folks', 'man', 'woman', 'mind', 'head', 'world', 'life', 'lot', 'ton', 'tons', 'amount', 'degree', 'extent',
  'manner', 'approach', 'option', 'possibility', 'chance', 'opportunity', 'difference', 'change', 'state', 'form',
  'unintelligible', 'redacted', 'laughter', 'crosstalk', 'inaudible', 'pause', 'thank', 'please', 'sorry',
]);

/** Adjectives that say little on their own: dropped from the front of a phrase ("different plots" → "plot"). */
const GENERIC_ADJECTIVES = new Set([
  'good', 'great', 'bad', 'big', 'small', 'little', 'large', 'different', 'other', 'same', 'whole', 'certain', 'main',
  'real', 'sure', 'able', 'many', 'much', 'few', 'several', 'new', 'old', 'first', 'last', 'next', 'particular',
  'specific', 'general', 'own', 'entire', 'actual', 'possible', 'important', 'interesting', 'nice', 'cool', 'right',
  'wrong', 'single', 'such', 'various', 'similar', 'overall', 'basic', 'simple', 'easy', 'hard', 'huge', 'long',
  'short', 'high', 'low', 'full', 'free', 'open', 'due', 'fine', 'true', 'clear', 'best', 'better', 'worse', 'more',
  'less', 'most', 'least', 'whole', 'okay', 'awesome', 'amazing', 'useful', 'helpful', 'useless', 'super', 'pretty',
  'huge', 'tiny', 'quick', 'fast', 'slow', 'early', 'late', 'recent', 'previous', 'current', 'typical', 'usual',
  'normal', 'certain', 'exact', 'additional', 'further', 'extra', 'key', 'major', 'minor', 'final', 'initial',
]);

/** Plural-only or plural-meaning words whose lemma reads wrongly in a tag ("data" → "datum"). */
const KEEP_SURFACE = new Set(['data', 'media', 'analytics', 'news', 'series', 'species', 'statistics', 'physics', 'mathematics', 'economics', 'ethics', 'metrics', 'graphics', 'logistics', 'politics', 'criteria', 'glasses']);

const REDACTION = /^(x{2,}|\[?redacted\]?)$/i;

function isNoun(pos: string): boolean {
  return pos === 'NOUN' || pos === 'PROPN';
}

/** The spelling shown for one token of a phrase. */
function displayWord(tokens: TurnTokens, i: number, sentenceStart: boolean): string {
  const value = tokens.values[i];
  const normal = tokens.normals[i];
  const hasInnerCapital = /\p{Lu}/u.test(value.slice(1));
  if (/^\p{Lu}{2,}s$/u.test(value)) return value.slice(0, -1); // "PDPs" → "PDP"
  if (hasInnerCapital) return value; // "AI", "GitHub"
  if (tokens.pos[i] === 'PROPN' && /^\p{Lu}/u.test(value) && !sentenceStart) return value; // "Python", "Google"
  if (tokens.pos[i] === 'NOUN' && !KEEP_SURFACE.has(normal)) return singularOf(normal, tokens.lemmas[i].toLowerCase());
  return normal;
}

/**
 * A noun as a tag shows it: wink's lemma when it is the singular of the word said, the word said minus its plural
 * ending ("plots" → "plot", "boxes" → "box", "categories" → "category"); otherwise the word as said. wink's lemma of
 * a word it knows poorly is another word ("dive" → "diva"), and of an irregular plural ("mice" → "mouse") one the
 * participant did not say: a tag keeps to the participant's words.
 */
export function singularOf(said: string, lemma: string): string {
  if (lemma === said || lemma.length === 0) return said;
  const singular = (said.endsWith('s') && lemma === said.slice(0, -1)) || (said.endsWith('es') && lemma === said.slice(0, -2)) || (said.endsWith('ies') && lemma === `${said.slice(0, -3)}y`);
  return singular ? lemma : said;
}

/** Verbs whose "-ing" form names no activity of its own ("doing is", "trying was"). */
const LIGHT_GERUNDS = new Set([
  'do', 'be', 'have', 'go', 'get', 'make', 'say', 'try', 'look', 'think', 'know', 'want', 'come', 'take', 'see', 'use', 'work', 'start', 'keep', 'put', 'give',
]);
const BE = new Set(['is', 'was', 'are', 'were', "'s", 'be', 'been']);

/**
 * A gerund that is its clause's subject, an activity the statement is about: "highlighting was very useful", "so
 * yeah brushing is neat" (wink reads some of them as verbs).
 */
function isGerundSubject(tokens: TurnTokens, i: number): boolean {
  return (
    tokens.pos[i] === 'VERB' &&
    tokens.normals[i].endsWith('ing') &&
    BE.has(tokens.normals[i + 1] ?? '') &&
    !BE.has(tokens.normals[i - 1] ?? '') &&
    !LIGHT_GERUNDS.has(tokens.lemmas[i].toLowerCase())
  );
}

/** A gerund a compound written with hyphens modifies, an activity named ("self-directed learning"). */
function isModifiedGerund(tokens: TurnTokens, i: number): boolean {
  return tokens.pos[i] === 'VERB' && tokens.normals[i].endsWith('ing') && !LIGHT_GERUNDS.has(tokens.lemmas[i].toLowerCase()) && i > 0 && inCompound(tokens, i - 1) && !inCompound(tokens, i);
}

function isSpecificNoun(tokens: TurnTokens, i: number): boolean {
  const lemma = tokens.lemmas[i].toLowerCase();
  const normal = tokens.normals[i];
  return (isNoun(tokens.pos[i]) || isGerundSubject(tokens, i) || isModifiedGerund(tokens, i)) && !GENERIC_NOUNS.has(lemma) && !GENERIC_NOUNS.has(normal) && !KIND_NOUNS.has(lemma) && !KIND_NOUNS.has(normal);
}

/** Words that make "kind of" a noun phrase ("a kind of plot"), not a hedge ("we kind of export the data"). */
const DETERMINERS = new Set(['a', 'an', 'the', 'this', 'that', 'these', 'those', 'what', 'which', 'some', 'any', 'every', 'each', 'no', 'my', 'our', 'your', 'their', 'his', 'her', 'its']);

/**
 * A verb read as a noun after a hedging "kind of" or "sort of", before its object ("I would kind of distrust those
 * rankings", "we sort of review the slides"): what is done, not what the statement is about.
 */
function verbAfterHedge(tokens: TurnTokens, i: number): boolean {
  const hedge = tokens.normals[i - 1] === 'of' && (tokens.normals[i - 2] === 'kind' || tokens.normals[i - 2] === 'sort') && !DETERMINERS.has(tokens.normals[i - 3] ?? '');
  return hedge && /^(DET|PRON)$/.test(tokens.pos[i + 1] ?? '');
}

/** Words that may stand between "let's" and the verb it leads to ("let's just …", "let's further …"). */
const LET_MODIFIERS = new Set(['just', 'also', 'further', 'quickly', 'maybe', 'then', 'now', 'all']);

/**
 * The word a "let's" or "let us" leads to is what is to be done, whatever wink read it as ("let's, you know, further
 * dig into a table" → "dig" is no phrase): fillers, pauses and a modifier may stand between.
 */
function verbAfterLet(tokens: TurnTokens, i: number): boolean {
  let k = i - 1;
  if (k >= 0 && (tokens.pos[k] === 'ADV' || LET_MODIFIERS.has(tokens.normals[k]))) k--;
  for (;;) {
    if (k >= 1 && tokens.normals[k] === 'know' && tokens.normals[k - 1] === 'you') k -= 2;
    else if (k >= 0 && (tokens.types[k] === 'punctuation' || FILLERS.has(tokens.normals[k]))) k--;
    else break;
  }
  return k >= 1 && /^(?:'s|\u2019s|us)$/.test(tokens.normals[k]) && tokens.normals[k - 1] === 'let';
}

/** Whether token `k` is a hyphen joining the tokens either side of it, written without spaces ("two-way"). */
function joiningHyphen(tokens: TurnTokens, k: number): boolean {
  return tokens.values[k] === '-' && k > 0 && k + 1 < tokens.values.length && tokens.ends[k - 1] === tokens.starts[k] && tokens.ends[k] === tokens.starts[k + 1];
}

/** Whether token `i` is a part of a compound written with hyphens ("self" and "directed" of "self-directed"). */
function inCompound(tokens: TurnTokens, i: number): boolean {
  return joiningHyphen(tokens, i + 1) || joiningHyphen(tokens, i - 1);
}

export function isPhraseToken(tokens: TurnTokens, i: number, excluded: ReadonlySet<string>): boolean {
  const pos = tokens.pos[i];
  if (tokens.types[i] !== 'word' || (!isNoun(pos) && pos !== 'ADJ' && !isGerundSubject(tokens, i) && !isModifiedGerund(tokens, i))) return false;
  if (verbAfterHedge(tokens, i) || verbAfterLet(tokens, i) || inCompound(tokens, i)) return false;
  const normal = tokens.normals[i];
  if (normal.length < 2 || tokens.stop[i] || FILLERS.has(normal) || excluded.has(normal) || REDACTION.test(normal)) return false;
  return /^\p{L}[\p{L}\p{N}-]*$/u.test(normal);
}

/**
 * Where a compound written with hyphens starts at `i` and ends ("two-way", "real-time", "3-D": parts touching their
 * hyphens), when a word of a phrase follows it, which it modifies ("two-way plots"); -1 when there is none.
 */
function compoundModifierEnd(tokens: TurnTokens, i: number, to: number, excluded: ReadonlySet<string>): number {
  const part = (k: number) => (tokens.types[k] === 'word' || tokens.types[k] === 'number') && /^[\p{L}\p{N}]+$/u.test(tokens.normals[k]);
  if (!part(i)) return -1;
  let end = i;
  while (end + 2 <= to && joiningHyphen(tokens, end + 1) && part(end + 2)) end += 2;
  return end > i && end < to && isPhraseToken(tokens, end + 1, excluded) && !FILLERS.has(tokens.normals[i]) ? end : -1;
}

/** Keyphrases of tokens `from..to` (inclusive) of a turn, each key once. */
export function keyphrasesOf(tokens: TurnTokens, from: number, to: number, excluded: ReadonlySet<string>): Keyphrase[] {
  const found = new Map<string, Keyphrase>();
  // A phrase's words: a token, or a compound written with hyphens (its first and last token).
  type Unit = [number, number];
  const shown = ([first, last]: Unit): string =>
    first === last ? displayWord(tokens, first, first === from) : tokens.values.slice(first, last + 1).join('').replace(/^\p{Lu}(?=[\p{Ll}-]*$)/u, (c) => c.toLowerCase());
  const add = (units: Unit[]): void => {
    const display = units.map(shown).join(' ');
    const key = display.toLowerCase();
    if (!found.has(key)) found.set(key, { key, display, words: units.length });
  };
  let run: Unit[] = [];
  const flush = (): void => {
    let phrase = run;
    run = [];
    const single = ([first, last]: Unit) => first === last;
    while (phrase.length > 0 && single(phrase[0]) && tokens.pos[phrase[0][0]] === 'ADJ' && GENERIC_ADJECTIVES.has(tokens.normals[phrase[0][0]])) phrase = phrase.slice(1);
    // A phrase ends in a noun that means something ("data thing" → "data").
    while (phrase.length > 0 && !(single(phrase[phrase.length - 1]) && isSpecificNoun(tokens, phrase[phrase.length - 1][0]))) phrase = phrase.slice(0, -1);
    phrase = phrase.slice(-MAX_WORDS);
    if (phrase.length === 0) return;
    const nouns = phrase.filter((unit) => single(unit) && isSpecificNoun(tokens, unit[0]));
    if (phrase.length > 1) add(phrase);
    for (const unit of nouns) add([unit]);
  };
  for (let i = from; i <= to; i++) {
    const compound = compoundModifierEnd(tokens, i, to, excluded);
    if (compound >= 0) {
      run.push([i, compound]);
      i = compound;
    } else if (isPhraseToken(tokens, i, excluded)) run.push([i, i]);
    else flush();
  }
  flush();
  return [...found.values()];
}
