/**
 * Titles and descriptions built only from what the analyser found. The title is the group's central statement,
 * condensed (see condense-statement.ts): a claim in the participant's own words. The description says what the other
 * quotes add, as claims condensed the same way, or nothing. Nothing is inferred beyond what was said, so the wording
 * stays honest.
 */
import type { MeaningCluster } from './cluster-by-meaning';
import { condensedClaim, MAX_CLAIM_WORDS, stopsInClause, wholeSentences, type CondensedClaim } from './condense-statement';
import { namesSomething, wordsOf } from './title-words';
import type { Statement } from './statements';
import { standsInInterview } from './title-standing';
import type { TitleCheck } from './title-check';
import { MAX_LONG_SPAN_WORDS, verbatimTitle } from './verbatim-title';
import { labelTitle } from './title-label';
import { resolvedTitle } from './title-referents';
import { outcomeOnCondition } from './title-conditions';
import { readingPenalty, readTitle } from './title-reading';
import { pinnedTitle } from './title-pinned';
import type { TurnTokens } from './turn-tokens';

/** What a title is worded from: the transcript text and the check each wording must pass (see title-check.ts). */
export interface TitleWording {
  text: string;
  check: TitleCheck;
  /** What a statement's "it", "this" or "that" stands for, when the talk names it (see title-referents.ts). */
  referent?: (statement: Statement) => string | undefined;
  /**
   * The interviewer's question a statement answers, when the talk before is read to say which thing a title's "the …"
   * is (see title-pinned.ts); without it, a title's "the …" is left as said.
   */
  question?: (statement: Statement) => TurnTokens | undefined;
}

/** Spellings of speech a claim says in full: "wanna" is "want to" in a sentence a researcher writes. */
const SPELLED_OUT: ReadonlyArray<[RegExp, string]> = [
  [/\bwanna\b/gi, 'want to'],
  [/\bgonna\b/gi, 'going to'],
  [/\bgotta\b/gi, 'have to'],
  [/['’]cause\b/gi, 'because'],
];

/** A claim's colloquial spellings written out (only a claim: a sentence in quotation marks stays as said). */
export function plainSpelling(title: string): string {
  let out = title;
  for (const [spoken, written] of SPELLED_OUT) out = out.replace(spoken, (match) => (/^\p{Lu}/u.test(match) ? `${written[0].toUpperCase()}${written.slice(1)}` : written));
  return out;
}

/** Words after "these" or "those" that make it a pronoun or a pointer at what follows ("those who …", "those of …"). */
const NOT_A_PHRASE = new Set(['who', 'which', 'that', 'of', 'are', 'were', 'is', 'was', 'in', 'on', 'at', 'for', 'with', 'and', 'or', 'but', 'to', 'from', 'by']);

/** Words after which "these" or "those" says which of something ("some of these", "with those"). */
const BEFORE_WHICH = new Set(['of', 'to', 'with', 'in', 'on', 'at', 'for', 'from', 'by', 'about', 'into', 'all', 'some', 'any', 'one', 'like', 'than', 'as', 'and', 'or', 'but', 'if', 'that', 'when', 'where', 'because']);
/** Words ending in "s" that are no plural. */
const NOT_PLURALS = new Set(['this', 'thus', 'plus', 'less', 'unless', 'always', 'perhaps', 'sometimes', 'besides', 'across', 'various', 'previous', 'serious', 'obvious', 'famous', 'nervous', 'anxious', 'curious', 'afterwards', 'towards', 'does', 'was', 'has', 'yes', 'its', 'his', 'hers', 'ours', 'yours', 'theirs', 'themselves', 'ourselves', 'yourselves', 'process', 'business', 'access', 'success', 'class', 'glass', 'analysis', 'basis', 'thesis', 'bus', 'gas', 'news', 'series', 'species', 'physics', 'mathematics', 'statistics', 'economics']);

/**
 * A claim's "these" or "those" before things named in the plural said without it: "We have these great internal
 * debates about …" → "They have great internal debates about …". A speaker's "these" often only introduces what they
 * name; the claim, a paraphrase, names the things themselves and no longer points at something the title never says.
 * Only before a noun phrase of up to four words that ends in a plural ("these ai trained models"); never in quotation
 * marks.
 */
export function withoutPointingPlurals(title: string): string {
  // Not the title's subject ("These plots show everything" would say it of all plots).
  // After a verb only: "some of these details", "to these values", "with these attributes" say which ones.
  return title.replace(/(?<=([\p{L}']+) )(these|those) ((?:[\p{L}\p{N}-]+ ){0,3}?[\p{L}-]{3,}s)\b/gu, (match, before: string, _pointer: string, phrase: string) => {
    const words = phrase.toLowerCase().split(' ');
    if (NOT_A_PHRASE.has(words[0]) || NOT_PLURALS.has(words.at(-1) ?? '') || BEFORE_WHICH.has(before.toLowerCase())) return match;
    return phrase;
  });
}

/** Whether a statement starts where a sentence or a clause does: at a turn's start or after a stop, a colon or a comma. */
function startsWhole(statement: Statement, text: string): boolean {
  if (/(?:^|[.!?:;,"”\n*\])])\s*$/.test(text.slice(Math.max(0, statement.start - 3), statement.start))) return true;
  // Speech written without stops: where the turn's reading starts a sentence.
  const source = statement.source;
  return source !== undefined && (source.from === 0 || source.tokens.sentences.some((sentence) => sentence.from === source.from) || source.tokens.types[source.from - 1] === 'punctuation');
}

/** The words of a statement as said. */
function spokenText(statement: Statement, text: string): string {
  return statement.source ? statement.source.tokens.values.slice(statement.source.from, statement.source.to + 1).join(' ') : text.slice(statement.start, statement.end);
}

/** Someone else's view or words reported ("my manager thinks", "people say"): the claim after it is theirs. */
const OTHERS_VIEW = /\b(?:he|she|they|people|everyone|everybody|someone|somebody|others|nobody|(?:my|our|the|his|her|their|some|most|many) [a-z]+)\s+(?:(?:always|often|usually|really|just|kind of|sort of|would|will|might|do|does|did|don't|doesn't|didn't|all)\s+)*(?:say|says|said|think|thinks|thought|believe|believes|believed|tell|tells|told|feel|feels|felt|claim|claims|claimed|argue|argues|argued|assume|assumes|assumed|want|wants|wanted|expect|expects|expected|complain|complains|complained)\b/i;
/** A wondering, a question or a doubt ("I wonder whether …", "I'm not sure if …"): not a fact. */
const WONDERING = /\?|\b(?:wonder|wondering|wondered|curious (?:whether|if|about)|not sure|unsure|don'?t know (?:if|whether|how|what|why)|no idea (?:if|whether|how|what|why)|question (?:whether|if))\b/i;
/** A decision or wish of the past ("we decided", "I wanted", "I used to"): not a wish of now. */
const PAST_WISH = /\b(?:i|we)\s+(?:\w+\s+)?(?:decided|wanted|hoped|wished|planned|chose|intended|used to|was going to|were going to)\b/i;
/** The third persons a participant uses for others; a claim uses them for the participant. */
const THIRD_PERSONS = /\b(?:they|them|their|theirs|themselves|they're|they've|they'd|they'll)\b/i;

/**
 * Whether a claim condensed from `spoken` says what the participant said, as theirs: not someone else's view or words
 * told as the participant's own, not a wondering told as a fact, not a past decision or wish told as a wish of now, and
 * not "they" for people the participant spoke of (a claim's "they" is the participant).
 */
export function trueToStatement(title: string, spoken: string): boolean {
  const lowered = title.toLowerCase();
  // "I told the students …" → "They told the students …": the claim is the participant's own clause, whatever else the
  // statement reports of others.
  const first = firstPersonClause(title, spoken);
  // "We said \"Okay, we'll do one cohort …\"", "My manager told me I should quit": words reported, not a claim of now.
  if (first === 'reported') return false;
  const own = first === 'own';
  if (!own && OTHERS_VIEW.test(spoken) && !/\b(?:say|says|said|think|thinks|thought|believe|believes|believed|tell|tells|told|feel|feels|felt|claim|claims|argue|argues|assume|assumes|want|wants|wanted|expect|expects|expected|complain|complains|complained)\b/.test(lowered)) return false;
  if (WONDERING.test(spoken) && !/\b(?:wonder|wonders|wondering|wondered|whether|if|sure|unsure|know|idea|curious|question|ask|asks|asked)\b/.test(lowered)) return false;
  // A past wish told as one of now: only a claim that is a wish or a plan ("They want …") can be one.
  const past = PAST_WISH.exec(spoken);
  if (past && (WISH_WORDS.test(lowered) || /^they (?:could|would)\b/.test(lowered)) && !lowered.includes(past[0].replace(/^(?:i|we)\s+(?:\w+\s+)?/i, '').toLowerCase())) return false;
  if (leavesOutCondition(title, spoken) || subjectNotSaid(title, spoken)) return false;
  // Only as the claim's subject ("They hate the tool"): "ICE plots can't answer on their own" names whose.
  // When the statement speaks of others too, a second "they" in the claim could be either.
  if (THIRD_PERSONS.test(spoken) && /^(?:they|their|them)\b/i.test(title) && (!own || /\bthey(?:['’]\w+)?\b/i.test(title.replace(/^\S+/, '')))) return false;
  return true;
}

/** Spoken words as read ("we 'll do", "did n't"), joined as written, lower case. */
function asWritten(spoken: string): string {
  return spoken.toLowerCase().replace(/’/g, "'").replace(/\s+(?=(?:'|n't)\b)/g, '').replace(/\s+'(?=\p{L})/gu, "'");
}

/** Where in `said` (as written) the words of a claim after its subject were said; -1 when they were not found. */
function claimAt(title: string, said: string): number {
  const words = title.toLowerCase().replace(/’/g, "'").split(/\s+/).slice(1, 4).map((word) => word.replace(/[^\p{L}\p{N}'-]/gu, ''));
  if (words.length < 2) return -1;
  return said.search(new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s,]+'), 'u'));
}

/**
 * Whether a claim states what its sentence says only on a condition it leaves out ("if the calculations are wrong, my
 * research will be inaccurate" → "Their research will be inaccurate"), or what the speaker said it was not like ("it
 * wasn't like \"we're gonna have 10,000 customers\"").
 */
function leavesOutCondition(title: string, spoken: string): boolean {
  if (/\b(?:if|unless|when|whether|once)\b/i.test(title)) return false;
  const said = asWritten(spoken);
  const at = claimAt(title, said);
  if (at < 0) return false;
  const before = said.slice(0, at).split(/[.!?;]/).at(-1) ?? '';
  if (/\b(?:wasn't|isn't|not|never)\s+(?:\w+\s+)?like\b/.test(before)) return true;
  return outcomeOnCondition(before, title);
}

/** A claim's "They <verb>" when no one in the statement does that: "it would … save them time" is not "They save …". */
function subjectNotSaid(title: string, spoken: string): boolean {
  const [subject = '', verb = ''] = title.toLowerCase().replace(/’/g, "'").split(/\s+/);
  if (subject !== 'they' || verb === '' || /^(?:are|were|have|had|do|did|don't|didn't|can|could|would|will|should|might|must|may)$/.test(verb)) return false;
  const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return !new RegExp(`(?:^|[^\\p{L}'])(?:i|we|they|i've|we've|they've|i'd|we'd|they'd)\\s+(?:\\S+\\s+){0,4}?${escape(verb)}\\b`, 'u').test(asWritten(spoken));
}

/** Words of a wish or a plan. */
const WISH_WORDS = /\b(?:want|wants|hope|hopes|wish|wishes|plan|plans|decide|decides|choose|chooses|intend|intends|going to|would like|'d like)\b/;
/** Words that report a view or words said just before a clause ("he said I should …", 'we said "Okay, we'll …'). */
const REPORTED = /\b(?:say|says|said|think|thinks|thought|believe|believes|believed|tell|tells|told|claim|claims|claimed|suggest|suggests|suggested)\s+(?:(?:me|us)\s+)?(?:that\s+)?[\s"“”',:]*(?:(?:okay|ok|well|so|yeah|like)[\s"“”',:]+)?$/;

/** The participant's own forms of a claim's "they" with a verb joined to it. */
const FIRST_PERSON_OF: Readonly<Record<string, string>> = { "they're": "(?:i'm|i am|we're|we are)", "they've": "(?:i've|we've)", "they'd": "(?:i'd|we'd)", "they'll": "(?:i'll|we'll)" };

/** A claim's verb after "they" and the participant's form of it after "I" ("They were" ← "I was"). */
const FIRST_PERSON_VERBS: Readonly<Record<string, string>> = { were: '(?:was|were)', are: '(?:am|are)', "weren't": "(?:wasn't|weren't)", "aren't": "(?:am not|aren't)" };

/**
 * Whether a claim's "They <verb>" is the statement's "I <verb>" or "we <verb>" (at most two words between them and
 * none of them another person: "I think they hate it" is someone else's "they"): 'own', or 'reported' when words just
 * before it report it ("he told me I should …"); undefined when the statement does not say it so.
 */
function firstPersonClause(title: string, spoken: string): 'own' | 'reported' | undefined {
  const [subject = '', verb = ''] = title.toLowerCase().replace(/’/g, "'").split(/\s+/);
  const said = asWritten(spoken);
  const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const between = "(?:(?!(?:they|they're|they've|he|she|people|it)\\b)\\S+\\s+){0,2}?";
  const joined = FIRST_PERSON_OF[subject];
  const form = joined ? `${joined}\\s+${between}${escape(verb)}` : subject === 'they' && verb !== '' ? `(?:i|we)\\s+${between}${FIRST_PERSON_VERBS[verb] ?? escape(verb)}` : undefined;
  const found = form === undefined ? null : new RegExp(`(?:^|[^\\p{L}'])${form}\\b`, 'u').exec(said);
  if (found === null) return undefined;
  // "My manager said I should quit": the clause is words reported.
  return REPORTED.test(said.slice(0, found.index + 1)) ? 'reported' : 'own';
}

/** A noun phrase that says there is a particular thing without naming it ("certain elements", "a specific area"). */
const VAGUELY_NAMED = /\b(?:certain|specific|particular|various|some (?:kind|sort) of)\s+\p{L}/iu;

/**
 * Whether a claim that ends where its statement ends stops inside the speaker's clause: the turn goes on, with no
 * pause or stop between, into a phrase that says which thing or completes it ("They can look at what features are
 * important" | "in that model").
 */
function clauseGoesOnAfter(statement: Statement, title: string, text: string): boolean {
  const source = statement.source;
  if (!source) return false;
  const { tokens, to } = source;
  const next = to + 1;
  if (next >= tokens.values.length || tokens.types[to] === 'punctuation' || tokens.types[next] !== 'word') return false;
  if (lastWord(title) !== lastWord(tokens.values[to])) return false;
  if (/[\n,;:.!?()–—-]/.test(text.slice(tokens.ends[to], tokens.starts[next]))) return false;
  // The words said next, as far as `stopsInClause` reads them: the statement's last and up to three after it.
  const [last, ...rest] = wordsOf(tokens, to, Math.min(to + 3, tokens.values.length - 1));
  return stopsInClause(last, rest);
}

/** Defects of a title whose pronoun stands for what it never names. */
const UNNAMED = new Set(['unnamed-subject', 'unnamed-reference', 'unresolved-reference', 'names-nothing']);

/** A wording of a statement as a title, and the thing its "it" was said as, when it was (see `named`). */
interface NamedClaim extends CondensedClaim {
  referent?: string;
}

/** A candidate title of a group: a wording of one of its statements. */
interface Candidate {
  statement: Statement;
  claim: NamedClaim;
}

/**
 * A statement condensed (see condense-statement.ts), its pronoun said as what it stands for when the title names
 * nothing else for it and the talk does: "It was really useful", asked about the brushing feature, is "The brushing
 * feature was really useful". Otherwise the condensed wording as it is, which the check then refuses.
 */
function condensedNaming(statement: Statement, wording: TitleWording, maxWords?: number): NamedClaim {
  if (!statement.source) return { title: '', claim: false };
  // A statement that starts inside a sentence ("… ground with a | pestle in ethanol") is no claim of its own.
  if (!startsWhole(statement, wording.text)) return { title: '', claim: false };
  return named(statement, wording, condensedClaim(statement.source.tokens, statement.source.from, statement.source.to, maxWords));
}

/**
 * A statement's whole sentences (see `wholeSentences`), each named as a title is (see `condensedNaming`): the claims a
 * statement makes one by one.
 */
function sentencesNaming(statement: Statement, wording: TitleWording): NamedClaim[] {
  if (!statement.source || !startsWhole(statement, wording.text)) return [];
  return wholeSentences(statement.source.tokens, statement.source.from, statement.source.to)
    .map((sentence) => named(statement, wording, sentence))
    .filter((claim) => claim.title !== '');
}

/** A condensed wording of `statement` as a title: said as written, its pronoun named (see `condensedNaming`). */
function named(statement: Statement, wording: TitleWording, condensed: CondensedClaim): NamedClaim {
  // Stopped where the phrase goes on, or not what the statement says: no wording of it is used.
  if (condensed.goesOn || (condensed.title !== '' && !trueToStatement(condensed.title, spokenText(statement, wording.text)))) return { title: '', claim: false };
  const claim = { ...condensed, title: withoutPointingPlurals(plainSpelling(condensed.title)) };
  if (claim.title !== '' && clauseGoesOnAfter(statement, claim.title, wording.text)) claim.stopsShort = true;
  const pointing = /^(?:It|This|That)\b/.test(claim.title) || /\sit\b/.test(claim.title);
  if (claim.title === '' || !wording.referent || !pointing) return claim;
  const defects = wording.check(claim.title);
  if (!defects.some((defect) => UNNAMED.has(defect)) && standsInInterview(claim.title)) return claim;
  const referent = wording.referent(statement);
  const resolved = referent === undefined ? undefined : resolvedTitle(claim.title, referent);
  return resolved === undefined ? claim : { ...claim, title: resolved, referent };
}

/**
 * The central statement, condensed, when that is a whole claim that reads on its own. A wording that fails the title
 * check (cut off, stopped where the participant's phrase goes on, a false start left in, a filler, a pronoun that
 * names nothing, no claim …) is never used. A statement is condensed to 12 words and, only when no statement's wording
 * that short stands, to 16: a claim runs on to where the participant's phrase ends rather than being cut inside it. Else the central
 * statement's clearest sentence in the participant's own words, in quotation marks (see verbatim-title.ts); else the
 * first quote whose condensed wording states a claim that reads on its own ("They found it useful" names nothing; "In
 * the case of Chrome and Android both" states no claim), one not cut inside a phrase first; else another quote's own
 * sentence; '' when none reads whole.
 */
export function statementsTitle(central: Statement, quoted: readonly Statement[], wording: TitleWording): string {
  const condensed = (statement: Statement, maxWords?: number): NamedClaim => condensedNaming(statement, wording, maxWords);
  const passes = (candidate: CondensedClaim) =>
    candidate.title !== '' && namesSomething(candidate.title) && wording.check(candidate.title).length === 0 && supported(candidate.title, quoted, wording.text);
  const stands = (candidate: CondensedClaim) => candidate.claim && standsInInterview(candidate.title);
  const others = quoted.filter((statement) => statement !== central);
  // Never a phrase cut to fit: a wording shortened to 12 words gives way to the whole claim up to 16, when that passes.
  const whole = (statement: Statement): NamedClaim => {
    const short = condensed(statement);
    if (!short.cut) return short;
    const long = condensed(statement, MAX_CLAIM_WORDS);
    return !long.cut && passes(long) && stands(long) && !long.unfinished ? long : short;
  };
  // A claim's "the …" that leans on the talk for which one it is, and the thing its "it" was said as, said as the talk
  // pinned it down, when the claim still passes so ("The brand deal was for a supermarket" → "The brand deal with a
  // shoe company was for a supermarket").
  const pinned = (candidate: Candidate): Candidate => {
    const { statement, claim } = candidate;
    if (!wording.question || claim.title === '') return candidate;
    const title = pinnedTitle(statement, claim.title, wording.text, wording.question(statement), MAX_CLAIM_WORDS, claim.referent);
    const said = { ...claim, title };
    return title !== claim.title && passes(said) ? { statement, claim: said } : candidate;
  };
  // Each statement's whole claim, read once: the central statement's first, then the others' in the group's order.
  const claims: Candidate[] = [central, ...others].map((statement) => pinned({ statement, claim: whole(statement) }));
  // Of the whole claims that stand, the one that says most of what the group's quotes share: a claim of another quote
  // that names what the others speak of before the central statement's own that names none of it; between claims that
  // share about as much, the one that says more ("They started with a literature review of organic solar cells", not
  // "They wrote up their results").
  const standingAll = claims.filter(({ claim }) => passes(claim) && stands(claim) && !claim.unfinished);
  // A claim cut before the phrase that says which thing or completes it gives way to one said whole; so does one that
  // names its thing only as "certain …" or "a specific …", when another claim of the group stands.
  const said = standingAll.filter(({ claim }) => !claim.stopsShort && !VAGUELY_NAMED.test(claim.title));
  const standing = said.length > 0 ? said : standingAll;
  // As a reader of the report reads them (see title-reading.ts): a claim that leans on the talk for what it points at
  // ("the suggestions"), compares with nothing, or was cleaned out of broken speech weighs less than one that does not.
  const score = ({ statement, claim }: Candidate) =>
    sharedWords(claim.title, quoted.filter((other) => other !== statement), wording.text) +
    (statement === central ? 1.5 : 0) -
    (claim.cut ? 0.5 : 0) +
    0.25 * Math.min(contentWords(claim.title).size, 6) -
    readingPenalty(readTitle(statement, claim.title, wording.text));
  const best = (candidates: readonly Candidate[]) => candidates.reduce((top, next) => (score(next) > score(top) ? next : top)).claim.title;
  // Beside them, the other whole sentences the group's statements say, each on its own, weighed as a claim is: only one a
  // reader reads nothing against, and one claim said whole ("They shared a draft picture and asked the assistant what
  // colour would look good", where the condensed claim kept "They shared a draft picture").
  const sentences: Candidate[] = [central, ...others].flatMap((statement, k) =>
    sentencesNaming(statement, wording)
      .map((claim) => pinned({ statement, claim }))
      .filter((sentence) => sentence.claim.title !== claims[k].claim.title),
  );
  const readClean = (candidate: Candidate) => readingPenalty(readTitle(candidate.statement, candidate.claim.title, wording.text)) === 0;
  const standingSentences = sentences.filter(({ claim }) => passes(claim) && stands(claim) && !claim.stopsShort && !VAGUELY_NAMED.test(claim.title)).filter(readClean);
  if (standing.length > 0 || standingSentences.length > 0) return best([...standing, ...standingSentences]);
  // The central statement is what the insight is about: in its own words before another quote's wording.
  const verbatim = verbatimTitle(wording.text, [central], wording.check);
  if (verbatim) return verbatim;
  // Claims that stand, whole ones before ones cut inside a phrase; then any claim; then any wording that passes. A
  // shorter statement of the group before a long one: a statement's wording runs to 16 words only where none fits 12.
  const short = claims.map(({ claim }) => claim);
  const ranked = short.filter(passes);
  const long = [central, ...others].flatMap((statement, k) => (passes(short[k]) ? [] : [condensed(statement, MAX_CLAIM_WORDS)])).filter(passes);
  const chosen =
    ranked.find((c) => stands(c) && !c.unfinished) ??
    long.find((c) => stands(c) && !c.unfinished) ??
    ranked.find(stands) ??
    ranked.find((c) => c.claim) ??
    long.find((c) => c.claim) ??
    ranked[0];
  return chosen?.title ?? verbatimTitle(wording.text, others, wording.check) ?? '';
}

/**
 * The insight's title (see `statementsTitle`), when it passes the wording check and is a claim; else a whole sentence
 * of another of its statements told as a claim, which is then quoted too (`quote`): before a sentence in quotation
 * marks, the group's or that statement's own; else the clearest sentence of another of its statements, in the
 * participant's words, quoted too, so that the words in quotation marks are there to read beside it; else, the last
 * resort, a label of what the statements are and a noun phrase they say ("Wish: automated clusters on the ICE plots";
 * see title-label.ts). Every title returned passes the check; '' when not even a label does (the insight is then not
 * drafted).
 */
export function insightTitle(cluster: MeaningCluster, wording: TitleWording): { title: string; quote?: Statement } {
  const title = cluster.title ?? statementsTitle(cluster.central, cluster.quoted, wording);
  const stands = title !== '' && wording.check(title).length === 0 && supported(title, cluster.quoted, wording.text);
  if (stands && !QUOTED_SENTENCE.test(title)) return { title };
  const unquoted = cluster.members.filter((statement) => !cluster.quoted.includes(statement));
  // Another statement of the group that says a whole claim of its own, quoted beside it.
  const reads = (claim: CondensedClaim, member: Statement) =>
    claim.claim && !claim.unfinished && claim.title !== '' && standsInInterview(claim.title) && wording.check(claim.title).length === 0 && supported(claim.title, [member], wording.text);
  // A statement's whole sentence told as a claim, cleaned of the fillers and hedges a sentence in quotation marks keeps
  // ("I think I have a tendency to just deal with problems" → "They have a tendency to deal with problems"), one a
  // reader reads nothing against (see title-reading.ts).
  const sentenceOf = (member: Statement) =>
    sentencesNaming(member, wording).find((claim) => reads(claim, member) && readingPenalty(readTitle(member, claim.title, wording.text)) === 0);
  if (stands) {
    // A sentence in quotation marks gives way to such a sentence of another statement of the group.
    for (const member of unquoted) {
      const sentence = sentenceOf(member);
      if (sentence) return { title: sentence.title, quote: member };
    }
    return { title };
  }
  // Another statement's sentence, told as a claim before it is quoted as said.
  for (const member of unquoted) {
    const verbatim = verbatimTitle(wording.text, [member], wording.check);
    if (verbatim) return { title: sentenceOf(member)?.title ?? verbatim, quote: member };
  }
  for (const member of unquoted) {
    // Its whole sentence, else its wording up to 12 words, else the whole claim up to 16.
    const claim = [condensedNaming(member, wording), condensedNaming(member, wording, MAX_CLAIM_WORDS)].find((candidate) => reads(candidate, member));
    if (claim) return { title: sentenceOf(member)?.title ?? claim.title, quote: member };
  }
  // A longer whole sentence of the quotes, up to the most words a title may have; else of another statement, quoted
  // beside it: the participant's own claim before a label that says less.
  const long = verbatimTitle(wording.text, [cluster.central, ...cluster.quoted.filter((statement) => statement !== cluster.central)], wording.check, MAX_LONG_SPAN_WORDS);
  if (long) return { title: long };
  for (const member of unquoted) {
    const verbatim = verbatimTitle(wording.text, [member], wording.check, MAX_LONG_SPAN_WORDS);
    if (verbatim) return { title: verbatim, quote: member };
  }
  // A label of what the quotes name; else of what another statement names, quoted beside it.
  const label = labelTitle(cluster.kind, [cluster.central, ...cluster.quoted.filter((statement) => statement !== cluster.central)], cluster.tag.display, wording.check);
  if (label) return { title: label };
  for (const member of unquoted) {
    const named = labelTitle(cluster.kind, [member], cluster.tag.display, wording.check);
    if (named) return { title: named, quote: member };
  }
  return { title: '' };
}

/** A title that is a participant's sentence in quotation marks (see verbatim-title.ts). */
const QUOTED_SENTENCE = /^“[^”]+”$/;

/** How many of a title's content words the other quotes of its group say. */
function sharedWords(title: string, others: readonly Statement[], text: string): number {
  const said = new Set(others.flatMap((statement) => [...contentWords(spokenText(statement, text))]));
  return [...contentWords(title)].filter((word) => said.has(word)).length;
}

/** A title's words the quotes must say: at least this share of its content words. */
const SUPPORTED = 2 / 3;

/**
 * Whether the quotes say what a title says: most of its content words are words of them (a name the talk before gave
 * an "it" may be one of the few that are not). A title whose words the quotes do not support is not used.
 */
function supported(title: string, quoted: readonly Statement[], text: string): boolean {
  const words = [...contentWords(title)];
  if (words.length === 0) return true;
  const spoken = (statement: Statement) =>
    statement.source ? statement.source.tokens.values.slice(statement.source.from, statement.source.to + 1).join(' ') : text.slice(statement.start, statement.end);
  const said = new Set(quoted.flatMap((statement) => [...contentWords(spoken(statement))]));
  return words.filter((word) => said.has(word)).length >= SUPPORTED * words.length;
}

/** Words that carry what a sentence says (four letters or more, not the participants' "they", "their" …). */
function contentWords(sentence: string): Set<string> {
  return new Set(
    sentence
      .toLowerCase()
      .split(/[^\p{L}\p{N}']+/u)
      .filter((word) => word.length >= 4 && !PLAIN_WORDS.has(word))
      .map((word) => word.replace(/(?:'s|s)$/, '')),
  );
}
const PLAIN_WORDS = new Set(['they', "they're", "they've", "they'd", "they'll", 'their', 'them', 'themselves', 'that', 'this', 'these', 'those', 'with', 'have', 'from', 'what', 'when', 'would', 'could', 'should', 'about', 'there', 'were', 'been', 'being', 'just', 'really', 'very', 'also', 'more', 'some', 'thing', 'things']);
/** A sentence says what another already says when this share of its content words are the other's. */
const SAYS_AGAIN = 0.5;
/** The last word of a text, lower case ('' when none). */
function lastWord(text: string): string {
  return (text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []).at(-1) ?? '';
}

/**
 * A statement's claim for a description, when it reads whole: condensed to up to 16 words, never cut where the phrase
 * goes on ("They would like their research") nor shortened to fit, and ending where the statement ends (a list or a
 * phrase left without its end: "their own ideas, analyses" | "and conclusions").
 */
function statementClaim(statement: Statement, wording: TitleWording): CondensedClaim | undefined {
  if (!statement.source) return undefined;
  const condensed = condensedClaim(statement.source.tokens, statement.source.from, statement.source.to, MAX_CLAIM_WORDS);
  const spoken = spokenText(statement, wording.text);
  if (condensed.goesOn || condensed.cut || !trueToStatement(condensed.title, spoken) || lastWord(condensed.title) !== lastWord(spoken)) return undefined;
  return { ...condensed, title: withoutPointingPlurals(plainSpelling(condensed.title)) };
}

/** A description is at most this many sentences. */
const MAX_DESCRIPTION_SENTENCES = 2;

/**
 * What the quotes add to the title, in sentences a researcher would keep: the claims of the insight's other quoted
 * statements, condensed as a title is and passing the same check, or else one of a statement's whole sentences that
 * does, that say something the title and the sentences before do not ("They check the dashboard by hand every Friday.
 * The export is always stale by then."), at most two,
 * in the order they were said; '' when no quote adds a claim that reads whole. Never a count of statements or a
 * template: only what was said.
 */
export function insightDescription(cluster: MeaningCluster, title: string, wording: TitleWording): string {
  const said: Set<string>[] = [contentWords(title)];
  const sentences: string[] = [];
  const quoted = [...cluster.quoted].sort((a, b) => a.index - b.index);
  for (const statement of quoted) {
    if (!statement.source || sentences.length >= MAX_DESCRIPTION_SENTENCES) break;
    // A statement that starts inside a sentence ("… ground with a | pestle in ethanol") says nothing whole.
    if (!/(?:^|[.!?:"”\n])\s*$/.test(wording.text.slice(Math.max(0, statement.start - 3), statement.start))) continue;
    // Its condensed claim when that reads whole; else the first of its whole sentences that does and that a reader reads
    // nothing against (see title-reading.ts): what the statement adds, in one claim of its own.
    const addition = [statementClaim(statement, wording), ...sentencesNaming(statement, wording).filter((sentence) => readingPenalty(readTitle(statement, sentence.title, wording.text)) === 0)]
      .filter((claim): claim is CondensedClaim => claim !== undefined && claim.claim && !claim.unfinished && claim.title !== '' && !/^[^\s,]+,/.test(claim.title) && standsInInterview(claim.title) && wording.check(claim.title).length === 0)
      .map((claim) => ({ title: claim.title, words: contentWords(claim.title) }))
      .find(({ words }) => words.size > 0 && !said.some((before) => [...words].filter((word) => before.has(word)).length >= SAYS_AGAIN * words.size));
    if (!addition) continue;
    said.push(addition.words);
    sentences.push(/[.!?]$/.test(addition.title) ? addition.title : `${addition.title}.`);
  }
  return sentences.join(' ');
}
