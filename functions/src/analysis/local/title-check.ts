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
 *   named before it; "importance plots or plots": a word lost between a noun said twice);
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
import type { ItsFunction, WinkMethods } from 'wink-nlp';
import type { WinkReader } from './wink-model';
import { EMPTY_HEADS } from './title-words';
import { GENERIC_NOUNS } from './keyphrases';
import { MAX_WORDING_WORDS, OPENS_PHRASE, wordingDefects, wordingSource, type WordingDefect } from '../wording-check';

export type TitleDefect = WordingDefect | 'no-clause' | 'unresolved-reference' | 'colloquial' | 'hedged';
export type TitleCheck = (title: string) => TitleDefect[];

export const MIN_TITLE_WORDS = 4;
export const MAX_CHECKED_WORDS = MAX_WORDING_WORDS;

/** Particles a verb takes, which may end a sentence after it ("looked like", "jumped straight in", "was even around"). */
const PARTICLES = new Set(['in', 'out', 'up', 'down', 'on', 'off', 'around', 'over', 'back', 'like', 'about', 'away', 'through', 'along', 'by', 'together', 'apart']);
const PHRASE_POS = new Set(['DET', 'ADP', 'CCONJ', 'SCONJ', 'AUX', 'PART']);
/** Verbs whose point is the clause they take ("I think …"): with no verb after them, that clause was cut. */
const THINKING = new Set(['think', 'thinks', 'thought', 'guess', 'believe', 'believes', 'suppose', 'mean', 'means', 'hope', 'wonder', 'assume', 'bet', 'reckon', 'know', 'knew']);
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
/** What a word said on both sides of "or" or "and" may be without a word lost between them (see `wordLostBetween`). */
const NAMING_POS = new Set(['NOUN', 'PROPN', 'VERB']);

/**
 * Whether a word is said on both sides of "or" or "and" because a word the speaker said between was lost ("importance
 * plots or plots": an "(unintelligible)" left out). Only a noun or a verb is: "more and more", "over and over", "again
 * and again", "better and better" say a comparison, an adverb or a preposition twice on purpose. "And" also doubles a
 * plural noun or a verb for its length ("years and years", "tried and tried"), so with "and" only a singular noun is.
 */
function wordLostBetween(said: readonly string[], pos: readonly string[], lemmas: readonly string[]): boolean {
  return said.some((word, k) => {
    const joiner = said[k + 1];
    if ((joiner !== 'or' && joiner !== 'and') || word.length < 3 || said[k + 2] !== word || !NAMING_POS.has(pos[k])) return false;
    return joiner === 'or' || (pos[k] !== 'VERB' && lemmas[k] === word);
  });
}

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
  const said = words.map((i) => values[i]);
  // "Publicizing it, having it open …": a first word wink reads as a name only for its capital is the verb it is.
  if (allPos[words[0]] === 'PROPN' && /ing$/.test(said[0] ?? '')) allPos[words[0]] = 'VERB';
  const pos = words.map((i) => allPos[i]);
  // wink's declaration of `its.lemma` takes the model addons third, where `out` passes them fourth.
  const allLemmas = (tokens.out(its.lemma as unknown as ItsFunction<string>) as string[]).map((lemma) => lemma.toLowerCase());
  const lemmas = words.map((i) => allLemmas[i]);

  if (/…|\.\.\./.test(text)) defects.add('ellipsis');
  // A time stamp whose brackets and colons fell out with the mark around it ("[unintelligible 00:33:34.26]" → "00 3 4.26").
  if (/\b\d{2} \d{1,2} \d{1,2}(?:\.\d+)?\b/.test(text)) defects.add('transcriber-mark');
  if (words.length > MAX_CHECKED_WORDS) defects.add('too-long');
  if (words.length < MIN_TITLE_WORDS) defects.add('too-short');
  const last = said.length - 1;
  const verb = (p: string | undefined) => p === 'VERB' || p === 'AUX';
  const verbAt = (k: number) => verb(pos[k]);
  const particle = PARTICLES.has(said[last]) && (verbAt(last - 1) || ((pos[last - 1] === 'ADV' || pos[last - 1] === 'ADJ') && verbAt(last - 2)));
  if (!particle && (OPENS_PHRASE.has(said[last] ?? '') || PHRASE_POS.has(pos[last]) || (pos[last] === 'ADJ' && (pos[last - 1] === 'DET' || pos[last - 1] === 'ADP')))) {
    defects.add('cut-off');
  }
  if (said.some((word, k) => k > 0 && word === said[k - 1] && !MAY_REPEAT.has(word)) || FALSE_START.some((re) => re.test(text)) || wordLostBetween(said, pos, lemmas)) {
    defects.add('stutter');
  }
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
  // "Does this feature's relationship …" asks; "Are situated to be able to …" has lost its subject: either way, no claim.
  const asks = pos[0] === 'AUX' && !said[0].endsWith('ing');
  // "What data points are in that section": what is asked, not claimed; "What they want is …" claims.
  const whatClause = said[0] === 'what' && (!said.slice(2).some((word) => BE.has(word)) || /^(NOUN|ADJ|PROPN)$/.test(pos[1] ?? ''));
  const asked = /^(how|why|which|where|whether|who)$/.test(said[o] ?? '') && !values.includes(',');
  // An "-ing" subject needs a verb of its own, not only one after "to" ("Trying to profile a sample").
  // A verb of a clause that says which ("…, which is something they do") is not its own.
  const ownEnd = said.findIndex((word, k) => k > o && (/^(which|who)$/.test(word) || (word === 'that' && /^(NOUN|PRON|PROPN)$/.test(pos[k - 1] ?? ''))));
  // Nor is a participle that says which of a noun ("the team engaged in …", "the equipment required").
  const participle = (k: number) => /ed$/.test(said[k]) && /^(NOUN|PROPN)$/.test(pos[k - 1] ?? '');
  const gerund =
    (pos[o] === 'VERB' || pos[o] === 'AUX') &&
    said[o].endsWith('ing') &&
    !pos.some((p, k) => k > o && (ownEnd < 0 || k < ownEnd) && (p === 'AUX' || (p === 'VERB' && said[k - 1] !== 'to' && !participle(k) && !said[k].endsWith('ing'))));
  // "Technical work that we already hate", "Tons of adoption before you can have a business": a noun and a clause that
  // depends on it, no claim made of it.
  const relative = said.findIndex(
    (word, k) => k > 0 && ((/^(that|which)$/.test(word) && /^(NOUN|PROPN)$/.test(pos[k - 1]) && pos[k + 1] === 'PRON') || ((pos[k] === 'SCONJ' && word !== 'that') || (SUBORDINATING.has(word) && /^(PRON|DET|NOUN|PROPN)$/.test(pos[k + 1] ?? '')))),
  );
  const firstVerb = pos.findIndex(verb);
  const groups = pos.filter((p, k) => verb(p) && (!verb(pos[k - 1]) || (p === 'AUX' && pos[k - 1] === 'VERB'))).length;
  // Finite verb groups: a helper and its verb are one even with "not" or an adverb between ("didn't want included"),
  // and an "-ing" word after no helper is a noun's or a phrase's ("open sourcing"), not a clause's verb.
  const finites = finiteGroups(said, pos);
  const onlyRelative = relative > 0 && firstVerb > relative && (groups === 1 || finites === 1);
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
  // "Working with the medical team to define and track …", "Effort using phage to evolve the fragments required":
  // verbs only of phrases (an "-ing", an infinitive, a participle), none of a clause.
  if (finites === 0) defects.add('no-clause');
  // "They're going to have some a two-pronged attack": two articles in a row, a start given up.
  if (said.some((word, k) => /^(a|an|the)$/.test(word) && /^(a|an|the|some|this|that|my|their|our)$/.test(said[k - 1] ?? '') && pos[k - 1] === 'DET')) defects.add('stutter');
  // "Trial and error was the best way": a word that stands for anything ends it, and what it stands for was cut.
  if (EMPTY_NOUNS.has(said[last] ?? '')) defects.add('cut-off');
  // "3 Using AI for art is garbage": a list's number left in front.
  if (/^\d+[.)]?\s+\p{Lu}/u.test(text)) defects.add('opener');
  // "the norm not but because …": two joining words in a row, a start given up.
  if (said.some((word, k) => k > 0 && JOINING.has(word) && (JOINING.has(said[k - 1]) || said[k - 1] === 'not') && !(word === 'because' && said[k - 1] === 'not'))) defects.add('stutter');
  // "They learned that if they had a few people pay upfront": a condition whose claim was never said.
  if (/\bthat (?:if|when|once|unless|in order to|because|before|after|since|while)\b[^,]*$/i.test(text)) defects.add('cut-off');
  // "3 d image and was able to …": a number and a word broken from the sentence it was in.
  if (/^\d+\s+\p{Ll}/u.test(text)) defects.add('opener');
  // "Speed is a big one": a "one" standing for a noun said before.
  if (said.some((word, k) => (word === 'one' || word === 'ones') && pos[k - 1] === 'ADJ' && said[k + 1] !== 'of')) defects.add('unresolved-reference');
  const comparing = said.findIndex((word, k) => word === 'as' && COMPARED.has(said[k + 1] ?? ''));
  if (comparing >= 0 && !said.slice(comparing + 2).includes('as')) defects.add('cut-off');
  const thinking = said.findIndex((word, k) => THINKING.has(word) && pos[k] === 'VERB');
  if (thinking >= 0 && !pos.slice(thinking + 1).some(verb)) defects.add('cut-off');
  // Near the end only: further in, wink may read the clause's verb as a noun ("how big companies value …").
  // "… is the most useful cause usually": a word that joins a clause, and only adverbs after it.
  const joins = said.findLastIndex((word) => /^(because|cause|since|and|but|or|if|when|while|although|though)$/.test(word));
  if (joins > 0 && joins < last && pos.slice(joins + 1).every((p) => p === 'ADV')) defects.add('cut-off');
  // "A numeric value for what, obviously …": a "what" whose clause is given up at a comma.
  if (values.some((value, k) => k > 0 && /^(what|how|why|which|whom)$/.test(value) && values[k + 1] === ',')) defects.add('cut-off');
  const wh = said.findIndex((word, k) => k > 0 && k >= said.length - 3 && WH_WORDS.has(word));
  if (wh >= 0 && !pos.slice(wh + 1).some(verb)) defects.add('cut-off');
  if (unresolvedReference(said, pos)) defects.add('unresolved-reference');
  // "They love it", "Part of it is …", "They're still figuring that out", "They got support there": what "it", "that"
  // or "there" stands for is never said.
  const thing = (k: number) => pos.slice(0, k).some((p, j) => (p === 'PROPN' && j > 0) || (p === 'NOUN' && !EMPTY_NOUNS.has(said[j]) && !GENERIC_NOUNS.has(said[j]) && !GENERIC_NOUNS.has(said[j].replace(/s$/, ''))));
  if (
    (said[last] === 'it' && !thing(last)) ||
    said.some((word, k) => word === 'it' && said[k - 1] === 'of' && !thing(k)) ||
    said.some((word, k) => (word === 'that' || word === 'this') && pos[k] === 'PRON' && /^(VERB|ADP)$/.test(pos[k - 1] ?? '') && !(word === 'this' ? /^(NOUN|PROPN|ADJ|NUM)$/ : /^(NOUN|PROPN|ADJ|PRON|DET|AUX|VERB)$/).test(pos[k + 1] ?? '')) ||
    said.some((word, k) => (word === 'that' || word === 'this') && pos[k - 1] === 'VERB' && /^(out|up|down|off|over|back|away|through|aside)$/.test(said[k + 1] ?? '')) ||
    said.some((word, k) => word === 'there' && k > 0 && !/^(is|are|was|were|'s|'re|be|been|have|has|had|will|would|'ll|'d|seems|seem|might|may|could|should|must|can)$/.test(said[k + 1] ?? ''))
  ) {
    defects.add('unresolved-reference');
  }
  const quoted = /^“/.test(title.trim());
  if (pointsBack(said, pos, quoted, words.map((i) => types[i + 1] === 'punctuation'))) defects.add('unresolved-reference');
  // "AI helped to generate a lot of the more mundane": a phrase's adjective with its noun never said.
  if (pos[last] === 'ADJ' && (pos[last - 1] === 'ADV' || pos[last - 1] === 'ADJ') && /^(DET|ADP)$/.test(pos[last - 2] ?? '')) defects.add('cut-off');
  // "To be clear, but they …": a start given up before the clause that says it.
  const opening = /^([^,]+), (?:and|but|or|so)\b/i.exec(text);
  if (opening && wordCountOf(opening[1]) <= 5 && !finiteIn(opening[1], nlp)) defects.add('no-clause');
  // "They talked about their model has 300 features": a preposition's noun given a verb of its own, two starts run together.
  if (garbled(said, pos)) defects.add('stutter');
  // "They take all the input features, take a big feature set": a verb said again after a comma, a start given up.
  const restart = values.findIndex((value, k) => value === ',' && values.slice(0, k).some((before, j) => allPos[j] === 'VERB' && before === values[k + 1]));
  if (restart > 0) defects.add('stutter');
  if (VAGUE_WORDING.test(text)) defects.add('filler');
  // "The I see lines …": an article straight before a pronoun, two starts run together.
  if (said.some((word, k) => /^(the|a|an)$/.test(word) && pos[k + 1] === 'PRON')) defects.add('stutter');
  // "What they needed was they needed to pay": a subject and its verb said twice.
  if (said.some((word, k) => k > 1 && pos[k - 1] === 'PRON' && verbLike(pos[k]) && said.slice(0, k - 1).some((w, j) => w === said[k - 1] && said[j + 1] === word))) defects.add('stutter');
  // "White space as well, is useful": a comma between a subject and its verb.
  const beforeVerb = /^([^,]+), (?:is|are|was|were|has|have|had|can|will|would)\b/i.exec(text);
  if (beforeVerb && !finiteIn(beforeVerb[1], nlp)) defects.add('stutter');
  // "Bryan has been great to work with It's a weird situation": a second sentence begun with no stop before it.
  if (/\s(?:It|It's|It’s|They|They're|We|He|She|This|That|There|There's|You)\b/.test(text.slice(1))) defects.add('two-sentences');
  // "Able to help them grow as an artist": no one named before the verb; the subject was left in the talk before.
  const firstFinite = pos.findIndex((p, k) => (p === 'AUX' || p === 'VERB') && said[k - 1] !== 'to' && !said[k].endsWith('ing'));
  // (A capital opening the title makes wink read "Able to …" as a name.)
  const firstAnyVerb = pos.findIndex(verbLike);
  if (firstFinite > 0 && firstAnyVerb > 0 && !pos.slice(0, firstAnyVerb).some((p, k) => /^(NOUN|PROPN|PRON|NUM|DET)$/.test(p) && !(k === 0 && p === 'PROPN' && said[1] === 'to')) && !/^(there|here|what|who|how|why|where|when|which|whatever|whoever)$/.test(said[0]) && !(/^(VERB|AUX)$/.test(pos[0]) && said[0].endsWith('ing')) && !values.slice(0, words[firstAnyVerb]).includes(',')) defects.add('no-clause');
  // "They can of plan to …": a helper verb straight before a preposition, words lost between.
  if (said.some((word, k) => /^(can|could|would|should|will|might|must|may)$/.test(word) && pos[k + 1] === 'ADP' && !/^(like)$/.test(said[k + 1]))) defects.add('stutter');
  // "They planned to paint a mushroom in one", "Samsung introduced theirs": a "one" or a "theirs" standing for a thing
  // the talk before named.
  if ((/^(one|ones)$/.test(said[last] ?? '') && !/^(no|every|any|some|each)$/.test(said[last - 1] ?? '')) || said.some((word) => /^(theirs|ours|mine|yours)$/.test(word))) defects.add('unresolved-reference');
  // "Automated clusters on the plots": a participle that says which clusters, and no verb of the title's own.
  if (pos[0] === 'VERB' && /ed$/.test(said[0] ?? '') && /^(NOUN|PROPN|ADJ)$/.test(pos[1] ?? '') && !pos.slice(1).some(verbLike)) defects.add('no-clause');
  // "Let's dig into a table", "Change their direction": an exhortation or an order, no finding.
  if (/^let['’]?s\b/i.test(text) || (pos[o] === 'VERB' && !said[o].endsWith('ing') && !said[o].endsWith('ed') && !values.includes(','))) defects.add('no-clause');
  // "Their main issue was that the expression system": the clause a "that" opens never gets its verb.
  const thatClause = said.findIndex((word, k) => word === 'that' && verbLike(pos[k - 1]) && !pos.slice(k + 1).some(verbLike));
  if (thatClause > 0 && !(thatClause === last)) defects.add('cut-off');
  // "… had to peruse the research and identify": the second verb's object never said.
  if (pos[last] === 'VERB' && /^(and|or)$/.test(said[last - 1] ?? '') && !/(ing|ed)$/.test(said[last])) defects.add('cut-off');
  // "They fill the gaps they still", "The plots are really": an adverb that waits for its verb or adjective.
  if (/^(still|just|even|really|actually|very|so|quite|pretty|rather|always|never|also|somehow|only)$/.test(said[last] ?? '')) defects.add('cut-off');
  // "Comedy and they are involved …": a phrase broken from its sentence, then a clause of its own.
  const joined = pos.findIndex((p) => p === 'CCONJ');
  if (joined > 0 && pos[joined + 1] === 'PRON' && !pos.slice(0, joined).some(verbLike)) defects.add('no-clause');
  // "Their partners to be able to add on to it's been interesting": a clause begun where a phrase was going on.
  if (/\bto (?:it|they|we|I|you|he|she)['’](?:s|re|m|ve)\b/i.test(text)) defects.add('stutter');
  // "It's a reference to a block", "It was the main thing": an "it" said to be something, the thing never named.
  // ("It's a good idea to ask twice" points forward, at what follows.)
  if (/^It(?:['’]s| is| was)\s+(?:(?:also|just|really|actually|still|probably|definitely|kind of|sort of)\s+)*(?:a|an|the|this|that|my|our|their|one|what|all)\b/.test(text) && !/^It\S*(?:\s+\S+){0,5}\s+(?:to\s+(?!(?:the|a|an|their|my|our|his|her|its|this|that|these|those)\b)\w+|that)\b/.test(text)) defects.add('unresolved-reference');
  // "It's got a package you can install", "It helps them find papers": an "it" that has or does something, the thing
  // never named; the "it" that points forward ("It makes sense to …", "It turned out that …") is fine.
  if (/^It\b/.test(text) && !IT_IS.test(text) && !IT_POINTS_FORWARD.test(text) && !/^It\S*\s+(?:\w+\s+){0,2}(?:out|turns out|turned out)\s+(?:that|to)\b/i.test(text)) defects.add('unresolved-reference');
  // "Whatever you feel are the core constituencies …": a clause of "whatever" with its own subject, no main clause
  // after it ("Whatever you sell, the fair takes a cut" has one; "Whatever helps sellers helps eBay" is its subject).
  if (/^(whatever|whoever|whichever|wherever|whenever)$/.test(said[0] ?? '') && pos[1] === 'PRON' && !values.includes(',')) defects.add('no-clause');
  // "There's a funny song", "There are some hold-outs": that something exists, and nothing said of it.
  if (said.length <= 6 && /^There(?:['’]s|\s+(?:is|are|was|were))\s+(?:(?:a|an|the|some|many|several|no)\s+)?(?:[\w-]+\s+){0,2}[\w-]+$/i.test(text) && !pos.slice(2).some((p) => verbLike(p) || p === 'ADP')) defects.add('no-clause');
  // "… to know what a model does it's not straightforward": a verb run straight into a new "it's" clause, the subject
  // said twice; a verb that takes a clause ("they think it's …") is fine.
  if (said.some((word, k) => word === 'it' && verbLike(pos[k - 1]) && !THAT_CLAUSE.has(said[k - 1]) && !THINKING.has(said[k - 1]) && /^('s|is|was)$/.test(said[k + 1] ?? '') && pos[k + 1] === 'AUX' && k + 2 < said.length)) defects.add('stutter');
  // "Something that's incompatible with open sourcing": a thing and the clause that says which, no claim of it.
  if (/^(?:something|anything|everything|nothing|someone|anyone|everyone|the thing|the one thing|one thing|the stuff)\s+(?:that|which|who|they|I|we)\b/i.test(text) && (groups <= 1 || finites <= 1)) defects.add('no-clause');
  // "Elements that I didn't want included": a noun and the clause that says which, its only verb the clause's.
  const saysWhich = said.findIndex((word, k) => k > 0 && /^(that|which|who|whom|whose)$/.test(word) && /^(NOUN|PROPN|PRON)$/.test(pos[k - 1] ?? ''));
  if (saysWhich > 0 && !pos.slice(0, saysWhich).some(verbLike) && finites <= 1) defects.add('no-clause');
  // "What actually is suitable, …": a "what" that is its own subject asks or names; it claims nothing.
  if (said[0] === 'what' && BE.has(said[firstVerb] ?? '')) defects.add('no-clause');
  // "Coherent response that saves them time": a noun and the clause that says which, no verb of the title's own.
  const which = said.findIndex((word, k) => /^(that|which|who)$/.test(word) && /^(NOUN|PROPN)$/.test(pos[k - 1] ?? ''));
  if (which > 0 && !pos.slice(0, which).some(verbLike) && groups <= 1) defects.add('no-clause');
  // "They were using was not compatible": a verb run into another's, the subject between them lost.
  if (!/^(what|whatever|all|everything|anything)\b/i.test(text) && said.some((word, k) => (pos[k] === 'VERB' || (pos[k] === 'NOUN' && word.endsWith('ing') && pos[k - 1] === 'AUX')) && pos[k + 1] === 'AUX' && /^(is|was|are|were)$/.test(said[k + 1] ?? '') && !/^(NOUN|PROPN)$/.test(pos[k + 2] ?? '_'))) defects.add('stutter');
  // "… the book you made", "your studio": in a claim, a "you" after a noun or a "your" is the interviewer, not anyone.
  if (!quoted && said.some((word, k) => /^(your|yours|yourself)$/.test(word) || (word === 'you' && /^(NOUN|PROPN)$/.test(pos[k - 1] ?? '') && types[words[k] - 1] !== 'punctuation'))) defects.add('unresolved-reference');
  // "… and works.The second is …": two sentences with no space between them.
  if (/\p{Ll}\.\p{Lu}/u.test(text)) defects.add('two-sentences');
  // "They could ask: What are the typical energies": a question after a colon, not a claim.
  if (/:\s*(?:what|how|why|which|who|where|when|is|are|do|does|can|could|would|should)\s+(?:is|are|was|were|do|does|did|can|could|would|should|will|the|a|an|they|it|I|we|you)\b/i.test(text)) defects.add('no-clause');
  // "It's to better understand …", "It was because …": an "it" whose purpose or reason is told, the thing never named.
  if (/^It(?:['’]s| is| was)\s+(?:(?:just|really|also|more|all|mostly|mainly)\s+)?(?:to|because|for|about|like|when|where|why|how)\b/.test(text)) defects.add('unresolved-reference');
  // "… and, given the context": an aside begun after a joining word, the clause it was to join never said.
  const aside = /\b(?:and|but|or),\s+([^,]*)$/i.exec(text);
  if (aside && !subjectAndVerbIn(aside[1], nlp)) defects.add('cut-off');
  // "They call this their pre-course work": "this" for what was said before, then what they call it.
  if (said.some((word, k) => word === 'this' && pos[k - 1] === 'VERB' && /^(their|our|my|his|her|the|a|an|your)$/.test(said[k + 1] ?? ''))) defects.add('unresolved-reference');
  // "These also are things …", "This was huge": a subject that points at what was said before.
  if (/^(?:this|these|those|that)$/.test(said[0] ?? '') && (verbLike(pos[1]) || (pos[1] === 'ADV' && verbLike(pos[2])) || /^(?:'s|’s)$/.test(values[1] ?? ''))) defects.add('unresolved-reference');
  // "A second would be for …", "Another option was …": one of several, the others said before.
  // ("The second floor area …" names which: an ordinal before a noun is a name's part, not one of several.)
  if (/^(?:another\b|(?:a|the) (?:second|third|next|last|latter|former|other)\b(?!\s+[a-z]+\s+[a-z]*(?:area|floor|level|half|round|step|stage|time|year|day|week|version|edition)))/i.test(text) && !(/^(?:a|the) (?:second|third|next|last) /i.test(text) && /^(NOUN|ADJ)$/.test(pos[2] ?? ''))) defects.add('unresolved-reference');
  // "I would say more limitations", "I think you going into …": a verb of saying or thinking with no clause after it.
  const saying = said.findIndex((word, k) => ((THINKING.has(word) && /^(i|they|we|would|'d|you)$/.test(said[k - 1] ?? '')) || (/^(say|says|said)$/.test(word) && pos[k] === 'VERB')));
  if (saying >= 0 && !pos.some((p, k) => k > saying + 1 && (p === 'AUX' || (p === 'VERB' && said[k - 1] !== 'to' && !said[k].endsWith('ing'))))) defects.add('cut-off');
  if (halfSaid(text, said, values, allPos)) defects.add('cut-off');
  if (COLLOQUIAL.test(text)) defects.add('colloquial');
  if (hedged(said, pos)) defects.add('hedged');
  // "People take time", "The problem took years": only nouns that stand for any topic, no finding named.
  if (!pos.some((p, k) => p === 'PROPN' || (p === 'NOUN' && !EMPTY_NOUNS.has(said[k]) && !GENERIC_NOUNS.has(said[k]) && !GENERIC_NOUNS.has(said[k].replace(/s$/, ''))))) defects.add('names-nothing');
  return [...defects];
}

/** Words that stand in for what was not said ("stuff", "a bunch of", "or something"). */
const VAGUE_WORDING = /\b(?:stuff|a bunch of|or something|and so on|and so forth|etc|things like that|that kind of thing)\b/i;
const wordCountOf = (text: string) => text.split(/\s+/).filter(Boolean).length;
/** Whether `text` has a verb of its own (not one after "to", not an "-ing" alone). */
function finiteIn(text: string, nlp: WinkMethods): boolean {
  const tokens = nlp.readDoc(text).tokens();
  const pos = tokens.out(nlp.its.pos) as string[];
  const values = (tokens.out() as string[]).map((value) => value.toLowerCase());
  return pos.some((p, k) => (p === 'AUX' || p === 'VERB') && values[k - 1] !== 'to' && !values[k].endsWith('ing'));
}
/** Whether `text` has a subject and its verb ("the lab freezes", "they would"), not only a participle ("given the context"). */
function subjectAndVerbIn(text: string, nlp: WinkMethods): boolean {
  const pos = nlp.readDoc(text).tokens().out(nlp.its.pos) as string[];
  return pos.some((p, k) => /^(PRON|NOUN|PROPN)$/.test(p) && /^(VERB|AUX)$/.test(pos[k + 1] ?? ''));
}

/** Verbs a noun after a preposition cannot take without a clause word before it. */
const CLAUSE_VERBS = new Set(['has', 'have', 'had', 'is', 'are', 'was', 'were', 'does', 'did', 'do', 'will', 'can']);

/** A preposition's noun phrase that goes on with a verb of its own: two starts run together ("about their model has"). */
function garbled(said: readonly string[], pos: readonly string[]): boolean {
  for (let k = 0; k < said.length; k++) {
    // After a verb only: "the cost of storage is high" is a subject with its phrase.
    if (pos[k] !== 'ADP' || pos[k - 1] !== 'VERB' || said[k] === 'that' || said[k] === 'like') continue;
    // "The tool they use for transcription is slow": a clause that says which noun, not the title's own verb.
    if (pos.slice(0, k - 1).some((p) => p === 'NOUN' || p === 'PROPN')) continue;
    let j = k + 1;
    if (/^(DET|PRON)$/.test(pos[j] ?? '') && !/^(what|which|who|how|whether|it|them|they|this|that)$/.test(said[j])) j++;
    let nouns = 0;
    while (/^(ADJ|NOUN|PROPN|NUM)$/.test(pos[j] ?? '')) {
      if (pos[j] === 'NOUN' || pos[j] === 'PROPN') nouns++;
      j++;
    }
    if (nouns > 0 && CLAUSE_VERBS.has(said[j] ?? '') && j < said.length - 1) return true;
  }
  return false;
}

/** Spellings of speech a claim does not carry ("wanna", "gonna"): said so only inside a quote. */
const COLLOQUIAL = /(?:^|[^\p{L}'’])(?:wanna|gonna|gotta|kinda|sorta|dunno|lemme|gimme|outta|lotta|ain['’]t|y['’]all|cuz|['’]cause|gotcha|ya|yep|nope)(?![\p{L}'’])/iu;
/** Words that take a claim back to a guess ("They'd probably switch"). */
const HEDGE_WORDS = new Set(['maybe', 'perhaps', 'probably', 'possibly', 'somewhat', 'presumably', 'supposedly']);

/** A hedge carried into a claim: "maybe", "probably", "kind of" before what it softens, "I guess". */
function hedged(said: readonly string[], pos: readonly string[]): boolean {
  return said.some(
    (word, k) =>
      HEDGE_WORDS.has(word) ||
      // "kind of hard", "sort of wanted"; not "a kind of tool", "what sort of data".
      ((word === 'kind' || word === 'sort') && said[k + 1] === 'of' && !/^(DET|ADJ|PRON|NUM)$/.test(pos[k - 1] ?? '') && !/^(a|the|what|which|this|that|any|some|every|one)$/.test(said[k - 1] ?? '') && !/^(DET|NOUN|PROPN|NUM)$/.test(pos[k + 2] ?? '')) ||
      ((word === 'guess' || word === 'suppose') && /^(i|they)$/.test(said[k - 1] ?? '')),
  );
}

/** Nouns whose phrase with "the" stands for what the talk before defined ("the alternative", "the tool"). */
const DEFINED_BEFORE = new Set([
  'alternative', 'alternatives', 'rest', 'former', 'latter', 'opposite', 'other', 'others', 'same', 'above',
  'tool', 'tools', 'project', 'projects', 'product', 'products', 'company', 'app', 'platform', 'feature', 'features', 'system', 'process',
  'approach', 'idea', 'ideas', 'problem', 'problems', 'issue', 'issues', 'situation', 'result', 'results', 'outcome', 'change', 'changes',
  'difference', 'option', 'options', 'solution', 'method', 'thing', 'things', 'one', 'ones', 'case', 'part', 'piece', 'point', 'topic', 'task',
  'program', 'technology', 'software', 'model', 'models', 'version', 'concept', 'plan', 'decision', 'question', 'answer', 'reason', 'effect',
  'stuff', 'way', 'experience', 'example', 'story', 'book', 'paper', 'study', 'field', 'industry', 'space', 'market', 'community', 'group',
]);
/** Nouns of time a "this" or "that" may point with and still say when ("this year", "at that point"). */
const TIME_NOUNS = new Set(['year', 'years', 'day', 'days', 'week', 'weeks', 'month', 'months', 'time', 'times', 'morning', 'point', 'moment', 'stage', 'era', 'season', 'semester', 'quarter', 'decade', 'century', 'summer', 'winter', 'weekend', 'evening', 'afternoon']);
/** Words after a noun that say which one it is ("the tool that exports …", "the cost of storage"). */
const SAYS_WHICH = new Set(['that', 'which', 'who', 'whom', 'whose', 'where', 'when', 'than', 'as', 'of', 'for', 'between', 'behind', 'about', 'called', 'named', 'they']);
/** "else" after these stands for what the talk before named ("everything else"). */
const ELSE_OF = new Set(['everything', 'anything', 'something', 'nothing', 'everyone', 'anyone', 'someone', 'everybody', 'anybody', 'somebody', 'all']);

/**
 * A phrase pointing at what only the talk before names, which the title or its own sentence does not pin down: "these
 * tools", "that approach", "the alternative", "the other one", "everything else" (not "the tool that exports to
 * Excel", "the cost of storage", "this year", "the problem is that …"); in a title in quotation marks, also a
 * "they" for people never named ("“They never call back”": the participant's "they" is someone else).
 */
function pointsBack(said: readonly string[], pos: readonly string[], quoted: boolean, stopAfter: readonly boolean[]): boolean {
  const noun = (k: number) => /^(NOUN|PROPN)$/.test(pos[k] ?? '');
  /** The end of the noun phrase from `k` (modifiers, then a noun), -1 when none. */
  const headFrom = (k: number) => {
    let head = -1;
    for (let j = k; j < said.length && /^(ADJ|NOUN|PROPN|NUM)$/.test(pos[j]) && said[j] !== 'else'; j++) if (noun(j) || DEFINED_BEFORE.has(said[j])) head = j;
    return head;
  };
  const pinned = (head: number, pointed = false) => {
    const next = said[head + 1];
    // "the same room, they …": a stop ends the phrase; nothing after it says which.
    if (next === undefined || stopAfter[head]) return false;
    // "the tool they use" says which; "these powders they would sieve", "these portions of research" still point back:
    // only a clause says which of the things pointed at.
    if (pointed) return /^(that|which|who|whom|whose|where|when)$/.test(next);
    if (SAYS_WHICH.has(next)) return true;
    if (pos[head + 1] === 'PRON' && !pointed) return true;
    // "The problem is that they cannot export": what it is, said after it.
    return /^(is|was|'s|are|were)$/.test(next) && /^(that|how|what|whether|why|when|to|:)$/.test(said[head + 2] ?? '');
  };
  /** The title named the thing before pointing at it ("a tool … the tool"). */
  const namedBefore = (head: number, from: number) => said.slice(0, from).includes(said[head]);
  for (let k = 0; k < said.length; k++) {
    const word = said[k];
    const pointer =
      ((word === 'this' || word === 'these') && /^(ADJ|NOUN|PROPN)$/.test(pos[k + 1] ?? '')) ||
      ((word === 'that' || word === 'those') && (!/^(NOUN|PROPN|PRON)$/.test(pos[k - 1] ?? '') || /ing$/.test(said[k - 1] ?? '')) && (pos[k] === 'DET' || (/^(ADJ|NOUN|PROPN)$/.test(pos[k + 1] ?? '') && k > 0 && !OPENS_CLAUSE.has(said[k - 1]))));
    if (pointer) {
      const head = headFrom(k + 1);
      if (head >= 0 && !TIME_NOUNS.has(said[head]) && !pinned(head, true) && !namedBefore(head, k)) return true;
    }
    if (word === 'the') {
      const head = headFrom(k + 1);
      if (head < 0) continue;
      const pointing = said.slice(k + 1, head + 1).some((w) => w === 'other' || w === 'same') || (head === k + 1 && DEFINED_BEFORE.has(said[head]));
      if (pointing && !pinned(head) && !namedBefore(head, k) && !(said[head] === 'same' && said[head + 1] === 'time')) return true;
    }
    if (word === 'else' && ELSE_OF.has(said[k - 1] ?? '') && said[k + 1] !== 'than') return true;
    if (word === 'the' && /^(others|rest)$/.test(said[k + 1] ?? '') && !pinned(k + 1)) return true;
  }
  if (quoted) {
    const named = (k: number) => pos.slice(0, k).some((p, j) => p === 'PROPN' || (p === 'NOUN' && /s$/.test(said[j])));
    if (said.some((word, k) => /^(they|them|their|theirs|themselves)$/.test(word) && !named(k))) return true;
  }
  return false;
}

/** Words after which "that" opens a clause ("they think that …"), not a thing pointed at. */
const OPENS_CLAUSE = new Set(['think', 'thinks', 'thought', 'say', 'says', 'said', 'tell', 'told', 'know', 'knew', 'believe', 'believes', 'feel', 'feels', 'felt', 'realize', 'realized', 'realise', 'realised', 'mean', 'means', 'show', 'shows', 'showed', 'ensure', 'hope', 'argue', 'claim', 'find', 'finds', 'found', 'so', 'such', 'now', 'is', 'was', 'are', 'were', 'learned', 'learnt', 'noticed', 'decided', 'agree', 'agreed', 'sure', 'glad', 'fact', 'idea', 'given', 'except']);

/** Numbers that promise a list ("two issues"): the title must then name more than one. */
const PROMISED = /\b(?:two|three|four|five|six|seven|eight|several|multiple|various|a few|a couple of|couple of|a number of)\s+(?:[a-z-]+\s+)?(?:things|issues|reasons|problems|ways|aspects|factors|points|parts|areas|questions|challenges|steps|kinds|types|categories|pieces|components|options|lessons|goals|concerns|features|tools|benefits|elements|levels|stages|approaches|camps|groups|sides|dimensions|angles|buckets|pillars|principles|rules|criteria|needs|priorities|reactions|uses|modes|phases|roles|skills|sources|ideas|trends|risks|layers)\b/i;
/** Words that open a clause depending on another: a title that opens with one needs the main clause after a comma. */
const DEPENDENT_OPENING = /^(?:once|when|whenever|because|since|if|unless|although|though|while|whereas|after|before|until|as soon as|even if|even though|whether|so that|now that|given that|other than|rather than|instead of|apart from|except|in order to|so as to|as for|to)\b/i;

/**
 * Half said: a clause that depends on another with no main clause ("Once the data is in the system"), a pair's first
 * half alone ("not only …" with no "but"), a number of things promised and fewer named ("Two issues with the tool are
 * its speed").
 */
function halfSaid(text: string, said: readonly string[], values: readonly string[], allPos: readonly string[]): boolean {
  if (DEPENDENT_OPENING.test(text)) {
    const comma = values.indexOf(',');
    const after = comma < 0 ? [] : allPos.slice(comma + 1);
    const words = comma < 0 ? [] : values.slice(comma + 1);
    const main = after.some((p, k) => p === 'AUX' || (p === 'VERB' && words[k - 1] !== 'to' && !words[k].endsWith('ing')));
    // Speech written without the comma: a clause of its own after the first one's verb ("If they match they would …").
    const firstVerb = allPos.findIndex((p) => p === 'AUX' || p === 'VERB');
    const spokenMain = comma < 0 && firstVerb > 0 && allPos.some((p, k) => k > firstVerb + 1 && p === 'PRON' && /^(AUX|VERB)$/.test(allPos[k + 1] ?? '') && !/^(that|which|who|what)$/.test(values[k]));
    if (!main && !spokenMain) return true;
  }
  const only = said.findIndex((word, k) => word === 'only' && said[k - 1] === 'not');
  if (only >= 0 && !said.slice(only + 1).includes('but') && !said.slice(only + 1).includes('also')) return true;
  const promise = PROMISED.exec(text);
  if (promise) {
    const rest = text.slice(promise.index + promise[0].length);
    if (!/:|\band\b|\bor\b|,/.test(rest)) return true;
  }
  return false;
}

/**
 * How many finite verb groups a title has: a helper or a verb not after "to", with the helpers, "not" and adverbs
 * that go with it; an "-ing" or "-ed" word after no helper of its own ("open sourcing", "the data collected") is not one.
 */
function finiteGroups(said: readonly string[], pos: readonly string[]): number {
  let groups = 0;
  let inGroup = false;
  // "to define and track …": the verb after "and" is the infinitive's too.
  let infinitive = false;
  said.forEach((word, k) => {
    const p = pos[k];
    // (a helper after a verb opens the next clause's group: "the tool they use | is slow")
    if (inGroup && (verbLike(p) || p === 'PART' || p === 'ADV') && !(p === 'AUX' && pos[k - 1] === 'VERB')) return;
    inGroup = false;
    if (!verbLike(p)) return;
    const joined = infinitive && /^(and|or)$/.test(said[k - 1] ?? '');
    infinitive = said[k - 1] === 'to' || joined;
    if (infinitive) return;
    // "Working with …", "phage … required": an "-ing" or "-ed" word opening the title or after a noun's words.
    // ("The plots led them …", "Their collaborator wanted LCMS": an "-ed" verb with what follows it is the clause's.)
    // ("… compared to random forests", "based on", "related to": a participle that works as a preposition.)
    const participle = /ed$/.test(word) && (k === said.length - 1 || said[k + 1] === 'by' || (PREPOSITION_PARTICIPLES.has(word) && /^(to|on|with)$/.test(said[k + 1] ?? '')));
    if ((/ing$/.test(word) || (p === 'VERB' && participle)) && (k === 0 || /^(ADJ|DET|ADP|NOUN|PROPN)$/.test(pos[k - 1] ?? ''))) return;
    groups++;
    inGroup = true;
  });
  return groups;
}

/** Participles that work as prepositions before "to", "on" or "with" ("compared to", "based on"). */
const PREPOSITION_PARTICIPLES = new Set(['compared', 'based', 'related', 'combined', 'paired', 'coupled', 'connected', 'attached', 'linked', 'tied']);

/** "It's …", "It can be …": an "it" said to be something, read by the rules for those ("It's a reference to …"). */
const IT_IS = /^It(?:['’]s|\s+(?:is|was|can be|could be|would be|will be|might be|may be|should be|has been|had been))\s+(?!got\b)/;

/** An "it" that stands for the clause after it: "It's nice to …", "It can be hard to …", "It seems that …". */
const IT_POINTS_FORWARD = /^It(?:['’]s|\s+(?:is|was|can|could|would|will|might|may|should|has|had|seems|seemed|feels|felt|looks|looked|makes|made|takes|took|helps|helped))?(?:\s+(?:be|been|not|also|just|really|actually|still|probably|definitely|so|very|quite|pretty|much|more|less|too|always|never|often|sometimes|a lot|a bit|kind of|sort of|sense|a long time|time|them|us|me|it|a while))*\s+(?:(?:a|an)\s+(?:[\w-]+\s+)?)?[\w-]+\s+(?:to|that|when|if|how|whether|because|why|what)\b/i;

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
    // "… a two-pronged attack here", "… in here": a place pointed at, never named.
    (said[said.length - 1] === 'here' && !/^(is|are|was|were|'s|'re|be|been|get|got|came|come)$/.test(said[said.length - 2] ?? '')) ||
    // "They've been building it": an "it" after a verb or preposition with no thing named before it (a word in "-ing"
    // that wink reads as a noun names none), unless it stands for the clause after it ("make it clear that …").
    said.some(
      (word, k) =>
        word === 'it' && k > 0 && pos[k] === 'PRON' && !(pos[k + 1] === 'ADJ' && /^(to|that)$/.test(said[k + 2] ?? '')) &&
        !pos.slice(0, k).some((p, j) => (p === 'NOUN' && !said[j].endsWith('ing') && !EMPTY_NOUNS.has(said[j]) && !GENERIC_NOUNS.has(said[j]) && !GENERIC_NOUNS.has(said[j].replace(/s$/, ''))) || p === 'PROPN'),
    ) ||
    // "They don't want that to be their job": "that" or "this" as a verb's object, standing for what was said before.
    said.some((word, k) => (word === 'that' || word === 'this') && pos[k - 1] === 'VERB' && (said[k + 1] === 'to' || verbLike(pos[k + 1]) || k === said.length - 1)) ||
    // "The tool didn't have that feature": a thing pointed at ("that", "those"), not named, unless a clause after it
    // says which ("that feature that exports …").
    said.some((word, k) => (word === 'that' || word === 'those') && pos[k] === 'DET' && !/^(NOUN|PROPN|PRON)$/.test(pos[k - 1] ?? '') && /^(NOUN|PROPN)$/.test(pos[k + 1] ?? '') && !/^(that|which|who|where|when)$/.test(said[k + 2] ?? '')) ||
    pointedThing(said, pos) ||
    // "The impact it will have": an "it" that opens a clause saying which of a noun cannot be that noun; with no other
    // noun before, what it stands for is never said.
    said.some((word, k) => word === 'it' && pos[k - 1] === 'NOUN' && verbLike(pos[k + 1]) && !namedBeforePhrase(said, pos, k - 1)) ||
    // "Afterpay is a good example": a noun that is one of something (an example, a reason), and what of is never said.
    // ("the histogram difference" names what it is of.)
    (RELATIONAL.has(said[said.length - 1] ?? '') && pos[said.length - 1] === 'NOUN' && !/^(NOUN|PROPN)$/.test(pos[said.length - 2] ?? ''))
  );
}

/** Whether a thing is named before the noun phrase that ends at `head` (a name, or a noun that stands for something). */
function namedBeforePhrase(said: readonly string[], pos: readonly string[], head: number): boolean {
  let start = head;
  while (start > 0 && /^(NOUN|PROPN|ADJ|DET|NUM)$/.test(pos[start - 1])) start--;
  return pos.slice(0, start).some((p, j) => p === 'PROPN' || (p === 'NOUN' && !EMPTY_NOUNS.has(said[j]) && !GENERIC_NOUNS.has(said[j])));
}

/** Nouns that are of something else: ending a title, what they are of was left in the talk. */
const RELATIONAL = new Set(['example', 'examples', 'reason', 'reasons', 'answer', 'alternative', 'alternatives', 'equivalent', 'counterpart', 'opposite', 'exception', 'consequence', 'consequences', 'version', 'difference', 'solution', 'cause', 'instance', 'impact', 'effect', 'effects', 'influence', 'role', 'purpose', 'benefit', 'benefits', 'downside', 'downsides', 'upside', 'advantage', 'advantages', 'drawback', 'drawbacks']);
/** "This year", "these days": a time said from now, which needs no naming. */
const NOW_TIMES = new Set(['year', 'years', 'week', 'weeks', 'month', 'months', 'day', 'days', 'morning', 'summer', 'winter', 'spring', 'season', 'quarter', 'semester', 'decade', 'century']);
/** Verbs after which "that" opens what is thought or said ("They feel that time matters"), not a thing pointed at. */
const THAT_CLAUSE = new Set(['think', 'thinks', 'thought', 'say', 'says', 'said', 'know', 'knew', 'knows', 'believe', 'believes', 'believed', 'found', 'find', 'finds', 'realise', 'realised', 'realize', 'realized', 'hope', 'hoped', 'hopes', 'mean', 'means', 'meant', 'show', 'shows', 'showed', 'argue', 'argued', 'claim', 'claimed', 'suggest', 'suggests', 'suggested', 'agree', 'agreed', 'noticed', 'notice', 'learned', 'learnt', 'saw', 'see', 'sees', 'ensure', 'ensures', 'guess', 'expect', 'expected']);

/**
 * "They used that time to build …", "They don't feel that way": a thing pointed at with "this", "that", "these" or
 * "those" before its noun (wink may read the "that" as a conjunction), not named, unless a clause after it says which
 * ("that feature that exports …"), it opens a clause of its own ("they feel that time matters"), or it is a time said
 * from now ("this year").
 */
function pointedThing(said: readonly string[], pos: readonly string[]): boolean {
  return said.some((word, k) => {
    if (!/^(this|that|these|those)$/.test(word) || /^(NOUN|PROPN|PRON)$/.test(pos[k - 1] ?? '')) return false;
    let n = k + 1;
    while (pos[n] === 'ADJ' || (pos[n] === 'NOUN' && /^(NOUN|PROPN)$/.test(pos[n + 1] ?? ''))) n++;
    if (pos[n] !== 'NOUN' || (word !== 'those' && word !== 'that' && NOW_TIMES.has(said[n]))) return false;
    if (word === 'that' && THAT_CLAUSE.has(said[k - 1] ?? '')) return false;
    const next = said[n + 1] ?? '';
    if (/^(that|which|who|where|when|whose|whom)$/.test(next) || pos[n + 1] === 'PRON') return false;
    return !(word === 'that' && verbLike(pos[n + 1]));
  });
}
