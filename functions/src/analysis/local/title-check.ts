/**
 * The analyser's check of its own titles, run on the finished wording before a title may reach the board: the
 * defects a researcher sees at once and would have to rewrite. A title that has one is not used; the next wording is
 * tried (see insight-wording.ts). Read with wink, as the statements are, so "they're" counts as two words as it does
 * for any reader that splits words.
 *
 * - cut-off: it ends on a word that opens a phrase (an article, a preposition, a conjunction, a helper verb) or on an
 *   adjective after one ("They have a client with strange"), or on a comparison whose second "as" is gone ("They
 *   were able to find as much work"); a particle its verb takes may end it ("what a sample looked like", "they
 *   jumped straight in");
 * - ellipsis: something was left out inside it;
 * - stutter: a false start left in ("They'll they're excited", "is does this make sense", "A lot of people are
 *   they're gonna …", "They use, the main framework that they use is …": a verb broken off at a comma, nothing
 *   named before it);
 * - broken-clause: a helper verb followed straight by "and" or a comma ("They can't and usually …");
 * - filler: "uh", "you know", "I mean", a filler "like", an "okay," or "yeah," inside;
 * - opener: it starts lower case, or with a word that leans on the talk before ("And", "So", "Yeah", "Hence");
 * - names-nothing: no noun, or only nouns that stand for anything ("thing", "lot", "stuff", "way"), so the reader
 *   cannot tell what it is about ("They're not sure", "There's just a lot of things going on");
 * - no-clause: no verb, or it starts with a preposition or a subordinating word whose phrase is not set off by a
 *   comma before the clause: a fragment, not a claim ("From an interpretability standpoint and a compliance
 *   standpoint", "Of writers have huge concerns"; "With ICE plots, you get an entire line" is a claim), or it is
 *   no claim: a question ("Does this feature's relationship with the target"), a "what" clause with no "is" after
 *   it ("What they call the plumbing underneath"), an "-ing" phrase with no verb of its own ("Trying to profile a
 *   sample"; "Building a body of work has been hard" is a claim);
 *   a verb of thinking with nothing it thinks ("I think in the next few years"), or a "how", "what", "why" … among
 *   the last three words with no verb of its clause after it ("They didn't expect how fast"), is cut off.
 * - too-long, too-short: more than 16 or fewer than 4 words (as wink splits them: "they're" is two).
 */
import type { WinkMethods } from 'wink-nlp';
import type { WinkReader } from './wink-model';
import { EMPTY_HEADS } from './title-words';
import { MAX_WORDING_WORDS, OPENS_PHRASE, wordingDefects, wordingSource, type WordingDefect } from '../wording-check';

export type TitleDefect = WordingDefect | 'no-clause' | 'unresolved-reference';
export type TitleCheck = (title: string) => TitleDefect[];

export const MIN_TITLE_WORDS = 4;
export const MAX_CHECKED_WORDS = MAX_WORDING_WORDS;

/** Particles a verb takes, which may end a sentence after it ("looked like", "jumped straight in", "was even around"). */
const PARTICLES = new Set(['in', 'out', 'up', 'down', 'on', 'off', 'around', 'over', 'back', 'like', 'about', 'away', 'through', 'along', 'by', 'together', 'apart']);
const PHRASE_POS = new Set(['DET', 'ADP', 'CCONJ', 'SCONJ', 'AUX', 'PART']);
/** Verbs whose point is the clause they take ("I think …"): with no verb after them, that clause was cut. */
const THINKING = new Set(['think', 'thinks', 'thought', 'guess', 'believe', 'believes', 'suppose', 'mean', 'means', 'hope', 'wonder', 'assume', 'bet', 'reckon']);
/** Nouns that stand for anything: a title whose only nouns these are names nothing. */
const EMPTY_NOUNS = new Set([...EMPTY_HEADS, 'things', 'lots', 'ways', 'stuff', 'everything', 'nothing']);
const WH_WORDS = new Set(['how', 'what', 'why', 'where', 'when', 'which', 'who', 'whom', 'whether']);
const BE = new Set(['is', 'are', 'was', 'were', "'s", "'re", 'be', 'been']);
/** A word said twice that may stand twice ("had had", "that that"). */
const MAY_REPEAT = new Set(['had', 'that']);
const FILLERS = [
  /\b(?:uh|um|erm|er|hmm|uh-huh)\b/i,
  /\byou know\b/i,
  /\bI mean\b/i,
  /\b(?:kind|sort) of like\b/i,
  /(?:^|,\s*)like,/i,
  /\blike,\s/i,
  /\bor whatever\b/i,
  /\band (?:stuff|everything)\b/i,
  /\b(?:at|so|typically|usually|and|but|or|just|really) like\b/i,
  /.\b(?:okay|ok|yeah),/i,
  /\b(?:gosh|geez|jeez|wow|oh)\b/i,
];
const OPENERS = /^(?:and|but|so|well|yeah|yes|no|okay|ok|like|um|uh|because|or|then|also|actually|basically|hence|thus|therefore|otherwise|anyway|plus|besides)\b/i;
/** The same subject opening twice ("they'll they're"), or "is" straight before another verb of asking ("is does"). */
const FALSE_START = [
  /\b(\w+)(?:'ll|'re|'ve|'d|'m|'s)?\s+\1(?:'ll|'re|'ve|'d|'m|'s)\b/i,
  /\b(?:is|are|was|were)\s+(?:does|do|did|is|are)\b/i,
  /\b(?:is|are|was|were)\s+(?:i|you|we|they|he|she|it)(?:'re|'s|'m|'ll|'ve|'d|\s+(?:are|is|am|was|were|will|would|can|could))\b/i,
];
/** Words after which "as … as" compares: the title that ends before the second "as" is cut ("as much work"). */
const COMPARED = new Set(['much', 'many', 'good', 'bad', 'long', 'soon', 'far', 'little', 'few', 'big', 'easy', 'hard', 'fast', 'quick', 'often', 'high', 'low', 'close', 'important', 'simple', 'useful']);

/**
 * A title's defects as read by the shared wink instance: this check's own (quotation marks around the whole title, a
 * participant's words, read through) and the wording check's, which is the floor (see wording-check/); with the
 * transcript the title came from, also those read against it (a phrase that goes on, a broken word, a part-sentence in
 * quotation marks).
 */
export function titleChecker(wink: WinkReader, transcript?: string): TitleCheck {
  const source = transcript === undefined ? undefined : wordingSource(transcript);
  // A wording is often checked again (each draft of a group tries its statements): read once per checker.
  const read = new Map<string, TitleDefect[]>();
  return (title) => {
    let defects = read.get(title);
    if (defects === undefined) {
      defects = wink.use((nlp) => {
        const found = defectsOf(nlp, title);
        for (const defect of wordingDefects(nlp, title, source)) if (!found.includes(defect)) found.push(defect);
        return found;
      }, title.length);
      read.set(title, defects);
    }
    return [...defects];
  };
}

function defectsOf(nlp: WinkMethods, title: string): TitleDefect[] {
  const its = nlp.its;
  const text = title.trim().replace(/^“(.*)”$/s, '$1');
  const defects = new Set<TitleDefect>();
  const tokens = nlp.readDoc(text).tokens();
  const types = tokens.out(its.type) as string[];
  const allPos = tokens.out(its.pos) as string[];
  const values = (tokens.out() as string[]).map((value) => value.toLowerCase());
  const words = types.flatMap((type, i) => (type === 'word' ? [i] : []));
  const pos = words.map((i) => allPos[i]);
  const said = words.map((i) => values[i]);

  if (/…|\.\.\./.test(text)) defects.add('ellipsis');
  if (words.length > MAX_CHECKED_WORDS) defects.add('too-long');
  if (words.length < MIN_TITLE_WORDS) defects.add('too-short');
  const last = said.length - 1;
  const verb = (p: string | undefined) => p === 'VERB' || p === 'AUX';
  const verbAt = (k: number) => verb(pos[k]);
  const particle = PARTICLES.has(said[last]) && (verbAt(last - 1) || ((pos[last - 1] === 'ADV' || pos[last - 1] === 'ADJ') && verbAt(last - 2)));
  if (!particle && (OPENS_PHRASE.has(said[last] ?? '') || PHRASE_POS.has(pos[last]) || (pos[last] === 'ADJ' && (pos[last - 1] === 'DET' || pos[last - 1] === 'ADP')))) {
    defects.add('cut-off');
  }
  if (said.some((word, k) => k > 0 && word === said[k - 1] && !MAY_REPEAT.has(word)) || FALSE_START.some((re) => re.test(text))) defects.add('stutter');
  const comma = values.indexOf(',');
  const before = comma > 0 ? allPos.slice(0, comma) : [];
  if (before.length > 0 && before.length <= 3 && before[before.length - 1] === 'VERB' && before[0] !== 'SCONJ' && !before.some((p) => p === 'NOUN' || p === 'PROPN')) {
    defects.add('stutter');
  }
  if (FILLERS.some((re) => re.test(text))) defects.add('filler');
  for (let i = 0; i + 2 < allPos.length; i++) {
    if (allPos[i] === 'AUX' && (allPos[i + 1] === 'CCONJ' || allPos[i + 1] === 'PUNCT')) defects.add('broken-clause');
  }
  if (OPENERS.test(text) || /^\p{Ll}/u.test(text)) defects.add('opener');
  if (!pos.some((p, k) => (p === 'NOUN' || p === 'PROPN') && !EMPTY_NOUNS.has(said[k]))) defects.add('names-nothing');
  // Read past adverbs that open it ("Especially with the dataset …", "Absolutely not being able to …").
  let o = 0;
  while (o < pos.length - 1 && (pos[o] === 'ADV' || pos[o] === 'PART') && !WH_WORDS.has(said[o])) o++;
  const setOff = (pos[o] === 'ADP' || pos[o] === 'SCONJ') && !values.includes(',');
  const asks = pos[0] === 'AUX' && ['PRON', 'DET', 'NOUN', 'PROPN'].includes(pos[1]);
  // "What data points are in that section": what is asked, not claimed; "What they want is …" claims.
  const whatClause = said[0] === 'what' && (!said.slice(2).some((word) => BE.has(word)) || /^(NOUN|ADJ|PROPN)$/.test(pos[1] ?? ''));
  const asked = /^(how|why|which|where|whether|who)$/.test(said[0] ?? '') && !values.includes(',');
  // An "-ing" subject needs a verb of its own, not only one after "to" ("Trying to profile a sample").
  // A verb of a clause that says which ("…, which is something they do") is not its own.
  const ownEnd = said.findIndex((word, k) => k > o && /^(which|who)$/.test(word));
  // Nor is a participle that says which of a noun ("the team engaged in …", "the equipment required").
  const participle = (k: number) => /ed$/.test(said[k]) && /^(NOUN|PROPN)$/.test(pos[k - 1] ?? '');
  const gerund =
    pos[o] === 'VERB' &&
    said[o].endsWith('ing') &&
    !pos.some((p, k) => k > o && (ownEnd < 0 || k < ownEnd) && (p === 'AUX' || (p === 'VERB' && said[k - 1] !== 'to' && !participle(k) && !said[k].endsWith('ing'))));
  // "Technical work that we already hate", "Tons of adoption before you can have a business": a noun and a clause that
  // depends on it, no claim made of it.
  const relative = said.findIndex(
    (word, k) => k > 0 && ((/^(that|which)$/.test(word) && /^(NOUN|PROPN)$/.test(pos[k - 1]) && pos[k + 1] === 'PRON') || ((pos[k] === 'SCONJ' && word !== 'that') || (SUBORDINATING.has(word) && /^(PRON|DET|NOUN|PROPN)$/.test(pos[k + 1] ?? '')))),
  );
  const firstVerb = pos.findIndex(verb);
  const groups = pos.filter((p, k) => verb(p) && (!verb(pos[k - 1]) || (p === 'AUX' && pos[k - 1] === 'VERB'))).length;
  const onlyRelative = relative > 0 && firstVerb > relative && groups === 1;
  // "Ideas, and it is a lot of hard thinking": a word left from the sentence before.
  if (/^[^\s,]+, (?:and|but|or|so)\b/i.test(text)) defects.add('no-clause');
  // "They use AI to both help them learn": the second of a pair ("both … and", "either … or") was never said.
  const pairs: ReadonlyArray<[string, string]> = [['both', 'and'], ['either', 'or'], ['neither', 'nor'], ['between', 'and']];
  for (const [first, second] of pairs) {
    const k = said.indexOf(first);
    if (k >= 0 && k < said.length - 1 && !(first === 'between' ? said.slice(k + 1) : said).includes(second) && !(first === 'between' && said.slice(k + 1, k + 5).some((word, j) => pos[k + 1 + j] === 'NOUN' && /s$/.test(word)))) defects.add('cut-off');
  }
  // A clause has a verb of its own: not only one after "to" or in "-ing" ("Medical students, or physicians to write …").
  const finite = pos.some((p, k) => p === 'AUX' || (p === 'VERB' && said[k - 1] !== 'to' && !said[k].endsWith('ing')));
  if (!pos.some(verb) || !finite || setOff || asks || whatClause || asked || gerund || onlyRelative) defects.add('no-clause');
  // "Trial and error was the best way": a word that stands for anything ends it, and what it stands for was cut.
  if (EMPTY_NOUNS.has(said[last] ?? '')) defects.add('cut-off');
  // "3 Using AI for art is garbage": a list's number left in front.
  if (/^\d+\.?\s+\p{Lu}/u.test(text)) defects.add('opener');
  // "the norm not but because …": two joining words in a row, a start given up.
  if (said.some((word, k) => k > 0 && JOINING.has(word) && (JOINING.has(said[k - 1]) || said[k - 1] === 'not') && !(word === 'because' && said[k - 1] === 'not'))) defects.add('stutter');
  // "They learned that if they had a few people pay upfront": a condition whose claim was never said.
  if (/\bthat (?:if|when|once|unless)\b[^,]*$/i.test(text)) defects.add('cut-off');
  const comparing = said.findIndex((word, k) => word === 'as' && COMPARED.has(said[k + 1] ?? ''));
  if (comparing >= 0 && !said.slice(comparing + 2).includes('as')) defects.add('cut-off');
  const thinking = said.findIndex((word, k) => THINKING.has(word) && pos[k] === 'VERB');
  if (thinking >= 0 && !pos.slice(thinking + 1).some(verb)) defects.add('cut-off');
  // Near the end only: further in, wink may read the clause's verb as a noun ("how big companies value …").
  const wh = said.findIndex((word, k) => k > 0 && k >= said.length - 3 && WH_WORDS.has(word));
  if (wh >= 0 && !pos.slice(wh + 1).some(verb)) defects.add('cut-off');
  if (unresolvedReference(said, pos)) defects.add('unresolved-reference');
  return [...defects];
}

/** Words that join clauses: two in a row are a start given up. */
const JOINING = new Set(['and', 'but', 'or', 'so']);
/** Words that open a clause depending on another. */
const SUBORDINATING = new Set(['before', 'after', 'until', 'since', 'because', 'while', 'if', 'when', 'unless', 'although', 'though', 'whereas', 'once']);
const verbLike = (p: string | undefined) => p === 'VERB' || p === 'AUX';
/** A person the title may name by a pronoun only after naming them. */
const PERSONAL = new Set(['he', 'him', 'his', 'himself', 'she', 'her', 'hers', 'herself']);
/** Pronouns for things or people several: named by a plural noun before them. */
const SEVERAL = new Set(['them', 'these', 'those', 'themselves']);

/**
 * A pronoun standing for what the title never names, stricter than the wording check's floor (a reader asks "who?",
 * "which?"): "he", "her" … with no name before it ("They didn't want to make him move"); "them", "those" with no
 * plural noun before it ("They find them hard to read": "they" is the participants, "them" is not named); a "there"
 * at the end that points at a place the talk before named ("They want to be right in the middle there").
 */
function unresolvedReference(said: readonly string[], pos: readonly string[]): boolean {
  const named = (k: number, plural: boolean) =>
    pos.slice(0, k).some((p, j) => p === 'PROPN' || (p === 'NOUN' && (!plural || /s$/.test(said[j]))));
  return (
    said.some((word, k) => ((PERSONAL.has(word) && pos[k] === 'PRON') || (word === 'his' || word === 'her')) && !pos.slice(0, k).includes('PROPN')) ||
    said.some((word, k) => SEVERAL.has(word) && pos[k] === 'PRON' && !named(k, true)) ||
    said[said.length - 1] === 'there' ||
    // "They've been building it": an "it" after a verb or preposition with no thing named before it (a word in "-ing"
    // that wink reads as a noun names none), unless it stands for the clause after it ("make it clear that …").
    said.some(
      (word, k) =>
        word === 'it' && k > 0 && pos[k] === 'PRON' && !(pos[k + 1] === 'ADJ' && /^(to|that)$/.test(said[k + 2] ?? '')) &&
        !pos.slice(0, k).some((p, j) => (p === 'NOUN' && !said[j].endsWith('ing') && !EMPTY_NOUNS.has(said[j])) || p === 'PROPN'),
    ) ||
    // "They don't want that to be their job": "that" or "this" as a verb's object, standing for what was said before.
    said.some((word, k) => (word === 'that' || word === 'this') && pos[k - 1] === 'VERB' && (said[k + 1] === 'to' || verbLike(pos[k + 1]) || k === said.length - 1)) ||
    // "The tool didn't have that feature": a thing pointed at ("that", "those"), not named, unless a clause after it
    // says which ("that feature that exports …").
    said.some((word, k) => (word === 'that' || word === 'those') && pos[k] === 'DET' && !/^(NOUN|PROPN|PRON)$/.test(pos[k - 1] ?? '') && /^(NOUN|PROPN)$/.test(pos[k + 1] ?? '') && !/^(that|which|who|where|when)$/.test(said[k + 2] ?? ''))
  );
}
