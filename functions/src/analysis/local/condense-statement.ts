/**
 * A statement condensed into an insight title: the participant's own words, with hesitations, discourse markers,
 * hedges, repeated words and abandoned starts left out, told in the third person ("I find them hard to read" →
 * "They find them hard to read"), at most 12 words, ending on a word that carries meaning. A cut never makes it say
 * what was not said: it keeps the clause that says which thing a denial is about, a short contrast that takes the
 * claim back, and a condition the claim holds under; else there is no title (what
 * qualifies a claim so is read in title-qualifiers.ts). Only the title is condensed: quotes stay exact.
 */
import { baseVerb, CLAUSE_WORDS, finiteVerb, mainVerb, runsOn, statesClaim } from './title-grammar';
import { collectiveSubject, namingTopic } from './title-references';
import { wishesOfNamedWishes, wishesOfRequests } from './title-wishes';
import { deniesRestricted, namedCondition, takenBack, takesBack } from './title-qualifiers';
import {
  contentCount, dropAbandonedPrepositions, EMPTY_HEADS, dropFillers, dropSequences, dropSubjectBeforeSetOffGerund, endOfWords, LEADING, likens, namesSomething, pastItIs,
  titleWord, unpunctuated, WEAK_END, wordCount, wordsOf, type Word,
} from './title-words';
import { HEDGES, INTENSIFIERS } from './modifier-words';
import type { TurnTokens } from './turn-tokens';

/** A title is fitted to this many words first; when no wording that short passes the check, to `MAX_CLAIM_WORDS`. */
export const MAX_TITLE_WORDS = 12;
/** A claim may run to this many words rather than be cut inside a phrase (see `condensedClaim`). */
export const MAX_CLAIM_WORDS = 16;
/** The length the condensing under way fits to (set for one synchronous call of `condensedClaim`). */
let titleWords = MAX_TITLE_WORDS;

/** First person → third person. */
const PERSON: Readonly<Record<string, string>> = {
  i: 'they', we: 'they', me: 'them', us: 'them', my: 'their', our: 'their', mine: 'theirs', ours: 'theirs',
  myself: 'themselves', ourselves: 'themselves', "i'm": "they're", "i've": "they've", "i'd": "they'd", "i'll": "they'll",
  "we're": "they're", "we've": "they've", "we'd": "they'd", "we'll": "they'll",
};
const SUBJECTS = new Set(['i', 'we']);

const CLAUSE_OPENERS = new Set(['and', 'but', 'because', 'so', 'which', 'while', 'although', 'or', 'whereas']);

/** "try and understand", "go and look": one action, not two clauses. */
const ONE_ACTION = new Set(['try', 'go', 'come']);

/**
 * "so" before an adjective or adverb ("so many variables") intensifies it, and "or" before a noun phrase ("a table or
 * a data source") offers another thing: neither opens a clause.
 */
function opensClause(word: Word, next: Word | undefined, previous?: Word): boolean {
  if (word.normal === 'and' && previous !== undefined && ONE_ACTION.has(previous.lemma)) return false;
  if (!CLAUSE_OPENERS.has(word.normal) || next === undefined) return CLAUSE_OPENERS.has(word.normal);
  if (word.normal === 'so') return !(next.pos === 'ADJ' || next.pos === 'ADV' || next.pos === 'DET');
  if (word.normal === 'or') return !/^(DET|NOUN|PROPN|ADJ|NUM)$/.test(next.pos);
  return true;
}

/**
 * Splits at commas and sentence ends into fragments, and where a sentence ends unwritten (see `runsOn`); a fragment too
 * long for a title also before "and", "but", ….
 */
function fragments(words: readonly Word[]): Word[][] {
  const parts: Word[][] = [];
  let current: Word[] = [];
  words.forEach((word, k) => {
    if (current.length > 0 && runsOn(words, k - current.length, k)) {
      current[current.length - 1] = { ...current[current.length - 1], after: '.' };
      parts.push(current);
      current = [];
    }
    current.push(word);
    if (word.after) {
      parts.push(current);
      current = [];
    }
  });
  if (current.length > 0) parts.push(current);
  return parts.flatMap((part) => {
    if (wordCount(part) <= titleWords) return [part];
    const pieces: Word[][] = [[]];
    part.forEach((word, k) => {
      if (opensClause(word, part[k + 1], part[k - 1]) && pieces[pieces.length - 1].length >= 3) pieces.push([]);
      pieces[pieces.length - 1].push(word);
    });
    return pieces;
  });
}

/** An aside between a clause and its resumption is at most this long. */
const MAX_ASIDE_WORDS = 9;

/** Where a clause resumes: after leading words and an opinion frame ("but I thought"), a pronoun and then `verb`. */
function resumption(part: readonly Word[], verb: Word): number {
  let k = 0;
  while (k < part.length && LEADING.has(part[k].normal)) k++;
  if (SUBJECTS.has(part[k]?.normal) && OPINION_VERBS.has(part[k + 1]?.lemma ?? '')) k += part[k + 2]?.normal === 'that' ? 3 : 2;
  const pronoun = part[k];
  const resumed = part[k + 1];
  if (!pronoun || !resumed || pronoun.pos !== 'PRON' || resumed.normal !== verb.normal || k + 2 >= part.length) return -1;
  return k + 2;
}

/** Where a part takes up the last two words of a part broken off before it ("for what, …, but for what the …"), -1 if not. */
function repetition(broken: readonly Word[], part: readonly Word[]): number {
  let k = 0;
  while (k < part.length && LEADING.has(part[k].normal)) k++;
  const n = broken.length;
  if (n < 3 || part.length - k < 3) return -1;
  return broken[n - 2].normal === part[k].normal && broken[n - 1].normal === part[k + 1].normal ? k : -1;
}

/** `part` resumed by `next` (from its word `from`), over the words of `part` that `next` says again. */
function resumed(part: readonly Word[], next: readonly Word[], from: number, repeated: number): Word[] {
  const kept = part.slice(0, part.length - repeated).map((word) => ({ ...word }));
  if (kept.length > 0) kept[kept.length - 1].after = '';
  return [...kept, ...next.slice(from)];
}

/**
 * A clause broken off and resumed after an aside is one clause; only the title reads it so. Resumed at its verb ("the
 * computation was, for how much it was computing, I thought it was quite fast" → "the computation was quite fast"), or
 * by saying its last words again ("a numeric value for what, obviously it's a rough estimate, but for what the, what
 * the model thinks …" → "a numeric value for what the model thinks …").
 */
function resumeClauses(parts: readonly Word[][]): Word[][] {
  const out: Word[][] = [];
  for (let k = 0; k < parts.length; k++) {
    let part = parts[k];
    for (let j = k + 1; j <= k + 2 && j < parts.length && part[part.length - 1].after === ','; j++) {
      const last = part[part.length - 1];
      const atVerb = (last.pos === 'AUX' || last.lemma === 'be') && finiteVerb(part) >= 0 ? resumption(parts[j], last) : -1;
      const again = repetition(part, parts[j]);
      if (atVerb >= 0 || again >= 0) {
        part = atVerb >= 0 ? resumed(part, parts[j], atVerb, 0) : resumed(part, parts[j], again, 2);
        k = j;
        continue;
      }
      if (wordCount(parts[j]) > MAX_ASIDE_WORDS || /[.!?]/.test(parts[j][parts[j].length - 1].after)) break;
    }
    out.push(part);
  }
  return out;
}

/** Leading discourse words dropped; so is the "in which" of a relative clause, which leaves a clause of its own. */
function stripLeading(part: Word[]): Word[] {
  let k = 0;
  while (k < part.length - 1 && LEADING.has(part[k].normal)) k++;
  if (k < part.length - 3 && part[k].pos === 'ADP' && (part[k + 1].normal === 'which' || part[k + 1].normal === 'whom')) k += 2;
  // "…, that Google gives the best search": what is believed or said is a clause of its own.
  else if (k < part.length - 3 && part[k].normal === 'that' && part[k].pos === 'SCONJ' && finiteVerb(part.slice(k + 1)) > 0) k += 1;
  // "It's just because we went through so much information": the reason is a claim of its own, without the frame
  // that leans on what it explains; so is an account ("it's like someone has to sit there").
  else k += reasonFrame(part.slice(k));
  return part.slice(k);
}

/**
 * How many words open `words` as the frame of a reason ("it's because", "that's just why") or of an account ("it's
 * really like"), 0 when none does.
 */
function reasonFrame(words: readonly Word[]): number {
  const k = pastItIs(words, 0);
  if (k < 0) return 0;
  if (/^(because|why)$/.test(words[k]?.normal ?? '')) {
    // The reason has its own subject and verb ("we went through …"), not a phrase ("because of the data").
    return finiteVerb(words.slice(k + 1)) > 0 ? k + 1 : 0;
  }
  // "It's really like someone has to sit there and …": what follows is the account itself, a clause that opens with its
  // subject and verb ("someone has"); not a likeness to a thing ("it's like a spreadsheet that never saves").
  if (words[k]?.normal !== 'like') return 0;
  const clause = words.slice(k + 1);
  const verb = finiteVerb(clause);
  const relative = (word: Word) => /^(what|which|who|whom|that)$/.test(word.normal);
  const subject = clause[0]?.pos === 'PRON' && !clause.slice(0, verb + 1).some(relative);
  return subject && verb >= 1 && verb <= 2 ? k + 1 : 0;
}

/**
 * An abandoned start: a fragment broken off on an article or "to", or a short one opening with "I"/"we" and followed by
 * one that opens with a subject again.
 */
function abandoned(part: readonly Word[], next: readonly Word[] | undefined): boolean {
  if (!next || part[part.length - 1].after !== ',') return false;
  // Broken off on an article or the "to" of a verb ("the being able to, the brushing feature itself was useful").
  const last = part[part.length - 1];
  if (!last.pause && (last.pos === 'DET' || last.normal === 'to')) return true;
  if (part.length > 6) return false;
  // A pronoun, or an article, a noun and its verb ("the team finds …").
  const opensWithSubject = (words: readonly Word[]) =>
    SUBJECTS.has(words[0]?.normal) ||
    ['they', 'it'].includes(words[0]?.normal) ||
    (/^(the|a|an)$/.test(words[0]?.normal ?? '') && words[1]?.pos === 'NOUN' && /^(VERB|AUX)$/.test(words[2]?.pos ?? ''));
  return opensWithSubject(part) && opensWithSubject(next);
}

function render(words: readonly Word[]): string {
  let out = '';
  words.forEach((word, k) => {
    let value = PERSON[word.normal] ?? (word.normal === "'m" ? "'re" : word.value);
    if (PERSON[word.normal] && word.value !== word.value.toLowerCase() && k === 0) value = value[0].toUpperCase() + value.slice(1);
    // "I am" / "I was" → "they are" / "they were".
    const previous = words[k - 1];
    if (previous && SUBJECTS.has(previous.normal)) {
      if (word.normal === 'am') value = 'are';
      if (word.normal === 'was') value = 'were';
      if (word.normal === "wasn't") value = "weren't";
    }
    const separator = k === 0 || word.attached ? '' : ' ';
    out += separator + value;
    // A comma after a preposition or a subordinator came from a pause ("until, well, this demonstration").
    const pause = word.after === ',' && (word.pause || word.pos === 'ADP' || word.pos === 'SCONJ' || word.pos === 'DET');
    if (word.after && !pause && k < words.length - 1) out += word.after === '.' || word.after === '!' || word.after === '?' ? ';' : word.after;
  });
  return out;
}

/** Larger than any difference of claim scores. */
const NAMING_BONUS = 100;

/** Words that make what follows depend on a clause elsewhere: the clause openers, and relatives, "as", "or", …. */
const SUBORDINATORS = new Set([...CLAUSE_WORDS, 'how', 'why', 'which', 'that', 'whether', 'as', 'or', 'whatever']);

/**
 * How well a run of fragments stands as a claim: a subject before a verb, meaningful words, whole clauses; not a
 * dependent clause, not a verb whose subject was left behind ("says the higher …"), no extra fragments it does not need.
 */
function claimScore(words: readonly Word[], verbless: number): number {
  let score = 0.3 * contentCount(words) - 0.5 * verbless - (wordCount(words) < 4 ? 1.5 : 0);
  // The main clause's finite verb (not a gerund, which may be the subject: "highlighting was useful").
  if (statesClaim(words)) score += 2;
  // A dependent clause ("when …", "that they …"); "that's …", "that feature …" only often lean on what came before.
  if (SUBORDINATORS.has(words[0]?.normal)) score -= words[0].normal === 'that' && (words[0].pos === 'PRON' || words[0].pos === 'DET') ? 2 : 3;
  // "for what the model thinks …": a preposition's clause, not a claim of its own.
  else if (words[0]?.pos === 'ADP' && dependent(words)) score -= 3;
  const first = words[0];
  if (first && (first.pos === 'AUX' || (first.pos === 'VERB' && !first.normal.endsWith('ing'))) && !baseVerb(first)) score -= 2;
  if (words.some((word) => word.normal === 'you' || word.normal === 'your')) score -= 1;
  return score;
}

/** Words a title too long can do without, in the order they go: intensifiers, "for me", hedges, an opinion frame, manner adverbs. */
const OPINION_VERBS = new Set(['think', 'believe', 'feel', 'find', 'suppose', 'reckon']);
/** Adverbs in -ly that a title keeps: they change what is claimed. */
const CLAIM_ADVERBS = new Set(['only', 'rarely', 'hardly', 'barely', 'scarcely', 'nearly', 'mostly', 'mainly', 'largely', 'partly', 'early', 'likely', 'unlikely', 'newly', 'recently', 'previously', 'currently', 'usually', 'normally', 'typically', 'generally', 'occasionally', 'regularly', 'daily', 'weekly', 'monthly', 'yearly', 'directly', 'manually', 'automatically', 'separately', 'together']);
/** How many words to leave out at `i` (0: none): one pass of shortening. */
type Optional = (words: readonly Word[], i: number) => number;
const OPTIONAL: readonly Optional[] = [
  (words, i) => Number(INTENSIFIERS.has(words[i].normal) && (words[i].normal !== 'so' || words[i + 1]?.pos === 'ADJ' || words[i + 1]?.pos === 'ADV')),
  // "for me", "to us"; "all of" before "the", "these", …
  (words, i) => ((words[i].normal === 'for' || words[i].normal === 'to') && (words[i + 1]?.normal === 'me' || words[i + 1]?.normal === 'us') ? 2 : 0),
  (words, i) => (words[i].normal === 'all' && words[i + 1]?.normal === 'of' && words[i + 2]?.pos === 'DET' ? 2 : 0),
  (words, i) => Number(HEDGES.has(words[i].normal)),
  // "I thought [that] being able to sort … was useful": the opinion frame of a clause that has its own verb.
  (words, i) => {
    if (i !== 0 || !SUBJECTS.has(words[0].normal) || !OPINION_VERBS.has(words[1]?.lemma ?? '')) return 0;
    const frame = words[2]?.normal === 'that' ? 3 : 2;
    return finiteVerb(words.slice(frame)) > 0 ? frame : 0;
  },
  // "The other thing I'm proud of is [this is not a strategy that …]": the frame of a clause said after "is".
  (words, i) => (i === 0 ? framedClause(words) : 0),
  // "gradually", "consistently": how, not what; not "only", "rarely" and the like, which change the claim.
  (words, i) => Number(words[i].pos === 'ADV' && /ly$/.test(words[i].normal) && !CLAIM_ADVERBS.has(words[i].normal) && !words[i].after),
];

/** Heads of a subject that only frames the clause after its "is" ("the thing is …", "the other part I like is …"). */
const FRAME_HEADS = new Set(['thing', 'things', 'part', 'point', 'problem', 'issue', 'challenge', 'difference', 'reason', 'idea']);
/** A frame is at most this many words before its "is". */
const MAX_FRAME_WORDS = 8;

/**
 * How many words open `words` as the frame of the clause after them, 0 when none do: a subject headed by "what" or by a
 * word such as "thing" ("What I'm most excited about is", "The other thing I'm proud of is"), then "is" or "was", then
 * a clause with its own subject and verb that fits a title whole ("this is not a strategy that came from me").
 */
function framedClause(words: readonly Word[]): number {
  const be = words.findIndex((word, k) => k >= 2 && k <= MAX_FRAME_WORDS && (word.normal === 'is' || word.normal === 'was') && !word.after);
  if (be < 0 || words.slice(0, be).some((word) => word.after !== '')) return 0;
  const framing = words[0].normal === 'what' || words.slice(0, be).some((word) => FRAME_HEADS.has(word.normal));
  const clause = words.slice(be + 1);
  const subject = clause[0]?.pos === 'PRON' || (clause[0]?.pos === 'DET' && /^(NOUN|PROPN)$/.test(clause[1]?.pos ?? ''));
  const verb = finiteVerb(clause);
  // Only when the clause then fits whole: a frame is worth more than a cut inside the clause.
  return framing && subject && verb >= 1 && verb <= 2 && wordCount(clause) <= titleWords ? be + 1 : 0;
}

function leaveOut(words: readonly Word[], i: number, n: number): Word[] {
  const out = words.slice(0, i).map((word) => ({ ...word }));
  const lastDropped = words[i + n - 1];
  if (lastDropped.after && out.length > 0) out[out.length - 1].after ||= lastDropped.after;
  return [...out, ...words.slice(i + n)];
}

/** A title too long loses the words it can do without, pass by pass, until it fits. */
function shorten(words: readonly Word[]): Word[] {
  let current = [...words];
  for (const optional of OPTIONAL) {
    for (let i = 0; i < current.length && wordCount(current) > titleWords; ) {
      const n = optional(current, i);
      if (n > 0 && current.length - n > 0) current = leaveOut(current, i, n);
      else i++;
    }
  }
  return current;
}

/** Words that open a phrase: a title cut before one ends on a whole phrase ("… a bit of a rabbit hole" | "where …"). */
const PHRASE_OPENERS = new Set([...CLAUSE_WORDS, 'that', 'which', 'who', 'whose']);
/** A cut before a phrase loses at most this many words of the twelve; else the first twelve are kept, weak end off. */
const MAX_CUT_LOSS = 4;

function cutAtPhrase(words: readonly Word[]): { words: Word[]; atPhrase: boolean } {
  const limit = endOfWords(words, titleWords);
  const least = endOfWords(words, titleWords - MAX_CUT_LOSS);
  for (let k = limit; k >= least; k--) {
    const next = words[k];
    if (next.attached) continue;
    const previous = words[k - 1];
    const afterVerb = previous.pos === 'VERB' || previous.pos === 'AUX';
    const opensPhrase =
      previous.after !== '' ||
      next.pos === 'SCONJ' ||
      (next.pos === 'CCONJ' && !ONE_ACTION.has(previous.lemma)) ||
      (PHRASE_OPENERS.has(next.normal) && next.pos !== 'DET') ||
      // "… a data source | based on how powerful …": a participle that says more of the noun before it.
      (next.pos === 'VERB' && /(ed|ing)$/.test(next.normal) && (previous.pos === 'NOUN' || previous.pos === 'PROPN') && !previous.after) ||
      // "… the two way plot | to try …", "… a bit of a rabbit hole | where …"; not "pull | out", "trying | to recover".
      // "of" continues its noun ("a lot | of time" is one phrase).
      ((next.pos === 'ADP' || next.normal === 'to') && next.normal !== 'of' && !afterVerb);
    // Not before a condition the claim holds under ("… every day | if it could export to PowerPoint"), nor before the
    // second "as" of a comparison: "| as wide as they can" is one phrase.
    const comparison = next.normal === 'as' && words[k - 2]?.normal === 'as';
    const compares = next.normal === 'as' && words[k + 2]?.normal === 'as';
    if ((opensPhrase || compares) && !comparison && !namedCondition(words.slice(0, k), words.slice(k))) return { words: words.slice(0, k), atPhrase: true };
  }
  // No phrase ends near the twelfth word: not inside a name or a compound ("learn about world | history").
  let end = limit;
  const nominal = (word: Word) => word.pos === 'NOUN' || word.pos === 'PROPN';
  while (end > least && nominal(words[end]) && (nominal(words[end - 1]) || words[end - 1].pos === 'ADJ' || words[end - 1].pos === 'DET')) end--;
  return { words: words.slice(0, end), atPhrase: false };
}

/** Pronouns a verb or a closing preposition keeps as its object ("… they still avoid it", "… came from them"). */
const OBJECT_PRONOUNS = new Set(['it', 'them', 'me', 'us', 'him', 'her']);

/**
 * Weak words off the end ("… trying to recover all of the" → "… trying to recover"), except a preposition that ends
 * the sentence after its verb ("That's where PDPs come from").
 */
function trimEnd(words: readonly Word[], whole: boolean, endsStatement: boolean): Word[] {
  let end = words.length;
  while (end > 0 && WEAK_END.has(words[end - 1].normal)) {
    const last = words[end - 1];
    const endsSentence = endsStatement || /[.!?]/.test(last.after);
    const stranded = whole && end === words.length && endsSentence && last.pos === 'ADP' && words[end - 2]?.pos === 'VERB';
    // "what a sample looked like": what it resembles is said, even when the title is cut after it.
    // "… and they still avoid it": a verb keeps its object, even a pronoun; a preposition that ends the sentence keeps
    // the person it names ("a strategy that came from me"), bar the "for me" and "to us" that only say whose view it is.
    const person = last.normal !== 'it' && whole && end === words.length && endsSentence && words[end - 2]?.pos === 'ADP' && !/^(for|to)$/.test(words[end - 2].normal);
    const object = OBJECT_PRONOUNS.has(last.normal) && (words[end - 2]?.pos === 'VERB' || person);
    // "…, but it never did", "nobody else did": an auxiliary that stands for the verb said before ends the sentence.
    const standsFor = whole && end === words.length && endsSentence && last.pos === 'AUX' && /^(PRON|ADV)$/.test(words[end - 2]?.pos ?? '');
    if (stranded || object || standsFor || (last.normal === 'like' && likens(words[end - 2]))) break;
    end--;
  }
  return words.slice(0, end);
}

interface Fitted {
  words: Word[];
  /** Words were left off its end. */
  cut: boolean;
  /** Cut before a phrase's start, so it ends on a whole phrase. */
  atPhrase: boolean;
  /** Cut inside a phrase ("wanted to learn | about world history", "many variables that it would have taken a lot"). */
  unfinished: boolean;
  /** Words of the run once shortened, before any cut. */
  shortWords: number;
  /** The participant's phrase goes on past its end (see `goesOnAfter`). */
  goesOn: boolean;
  /** The words said after its end, when words were left off it. */
  rest?: Word[];
}

/**
 * Whether a title that ends on `last`, words left off after it, stops inside the speaker's clause before a phrase that
 * says which thing or completes the claim: no pause between them, and `next` opens a preposition's phrase, an
 * infinitive, a comparison or reason ("as …", "because …"), a clause that says which ("that …", "who …"), or a second
 * verb of the same subject ("an AI that can monitor the machine | and instantly pause it …"). Not before "and"/"but"/"or"
 * where a new clause starts with its own subject.
 */
export function stopsInClause(last: Word | undefined, rest: readonly Word[]): boolean {
  const next = rest[0];
  if (last === undefined || next === undefined || last.pause === true || /[,.;:!?)\]"”—–-]/.test(last.after) || next.attached) return false;
  // "… at all", "… as well": an adverb that ends the clause, not a phrase that goes on.
  if ((next.normal === 'at' && rest[1]?.normal === 'all') || (next.normal === 'as' && rest[1]?.normal === 'well')) return false;
  if (next.pos === 'CCONJ') {
    const verb = rest[1]?.pos === 'ADV' ? rest[2] : rest[1];
    return verb?.pos === 'VERB';
  }
  return next.pos === 'ADP' || next.pos === 'SCONJ' || next.normal === 'to' || PHRASE_OPENERS.has(next.normal);
}

/** Words that carry on the phrase before them ("would like their research | to be their own", "the cost | of storage"). */
const CARRIES_ON = new Set(['to', 'of', 'than', 'for']);
/** Whether `next`, the word said after a title's last word, carries on the title's phrase: the title stops inside it. */
function goesOnAfter(next: Word | undefined, last?: Word): boolean {
  if (next === undefined) return false;
  // "They are involved | in …", "They rely | on …": a verb or an adjective and the preposition it takes.
  return (
    CARRIES_ON.has(next.normal) ||
    (next.pos === 'ADP' && last !== undefined && /^(VERB|ADJ|AUX)$/.test(last.pos) && !last.after) ||
    // "Once they had the background knowledge they built | a simple model": a verb whose object was cut off.
    (last !== undefined && last.pos === 'VERB' && !last.after && /^(DET|NOUN|PROPN|ADJ|PRON|NUM)$/.test(next.pos))
  );
}

/** A run as a title: shortened, cut before a phrase if still too long, weak words off its end. */
function fit(run: readonly Word[], endsStatement: boolean): Fitted {
  const short = shorten(run);
  const shortWords = wordCount(short);
  if (shortWords <= titleWords) {
    const words = trimEnd(short, true, endsStatement);
    return { words, cut: words.length < short.length, atPhrase: false, unfinished: false, shortWords, goesOn: goesOnAfter(short[words.length], words[words.length - 1]), rest: short.slice(words.length) };
  }
  const cut = cutAtPhrase(short);
  const words = trimEnd(cut.words, false, endsStatement);
  const last = words[words.length - 1];
  const next = short[words.length];
  // "They never found a plot | that showed the interactions": cut there, the title would deny what was not denied.
  if (deniesRestricted(words, next)) return { words: [], cut: true, atPhrase: false, unfinished: true, shortWords, goesOn: true };
  // No phrase ended near the twelfth word: the cut is inside one ("many variables that it would have taken a lot").
  const unfinished = !cut.atPhrase && last !== undefined && next !== undefined;
  return { words, cut: true, atPhrase: cut.atPhrase, unfinished, shortWords, goesOn: goesOnAfter(next, last), rest: short.slice(words.length) };
}

/**
 * Where a title's last clause opens when that clause has no verb: the statement went on past the title ("They
 * started with importance because in their real work models"). -1 when there is none.
 */
function verblessClause(words: readonly Word[]): number {
  for (let j = words.length - 1; j >= 3; j--) {
    if (!CLAUSE_WORDS.has(words[j].normal)) continue;
    // "because of that API", "until this demonstration": a preposition's object, not a clause.
    const next = words[j + 1];
    if (next && (next.normal === 'of' || /^(DET|NOUN|PROPN|NUM)$/.test(next.pos))) return -1;
    return finiteVerb(words.slice(j + 1)) < 0 ? j : -1;
  }
  return -1;
}

/** Where a title's last clause opens ("This course is good | as they have wanted to learn", "… many variables | that …"), -1 if none. */
function lastClause(words: readonly Word[]): number {
  for (let j = words.length - 1; j >= 3; j--) if (words[j].pos === 'SCONJ' || PHRASE_OPENERS.has(words[j].normal)) return j;
  return -1;
}

/** Adjectives whose subject is what the verb after them acts on: "hard to read" needs nothing more. */
const TOUGH = new Set([
  'hard', 'harder', 'easy', 'easier', 'difficult', 'simple', 'simpler', 'tough', 'impossible', 'painful', 'awkward', 'tricky',
  'quick', 'quicker', 'slow', 'fun', 'confusing', 'annoying', 'straightforward', 'intuitive', 'cumbersome', 'tedious', 'clunky',
]);

/**
 * Where a title cut from the rest of its statement opens a part that needs that rest, -1 if none: a condition whose
 * main clause came after ("they were thinking | that if they selected the variables"), a purpose whose object came
 * after ("they look at the Shapley summary plot | to understand"), or a clause with no verb.
 */
function awaitsRest(words: readonly Word[]): number {
  for (let j = words.length - 1; j >= 4; j--) {
    if (/^(if|when|unless|once)$/.test(words[j].normal) && words[j - 1].normal === 'that') return j - 1;
  }
  const last = words.length - 1;
  // Not after an adjective whose subject is the verb's object ("they find heat maps hard to read").
  if (last >= 4 && words[last].pos === 'VERB' && words[last - 1].normal === 'to' && !TOUGH.has(words[last - 2].normal)) return last - 1;
  // "…, but the clustered lines": a contrast whose verb came after.
  for (let j = last; j >= 4; j--) {
    if (words[j].normal === 'but' && words[j - 1].after === ',') return finiteVerb(words.slice(j + 1)) < 0 ? j : -1;
  }
  return verblessClause(words);
}

/** A fragment that depends on a clause it does not hold: "if …", "what the model thinks …", "for what …". */
function dependent(words: readonly Word[]): boolean {
  const wh = (word: Word | undefined) => word !== undefined && /^(what|how|which|who|whom|whether)$/.test(word.normal);
  return SUBORDINATORS.has(words[0]?.normal) || wh(words[0]) || (words[0]?.pos === 'ADP' && wh(words[1]));
}

/** A fragment cut to join a title adds at least this many words. */
const MIN_JOINED_WORDS = 3;
/** Said to the listener, not done by the speaker ("with Chrome, ask Glen"; "imagine …"). */
const ADDRESSING_VERBS = new Set(['ask', 'tell', 'talk', 'imagine', 'remember', 'let', 'wait', 'say', 'listen', 'consider', 'thank']);
/** A phrase set off before a statement's verb ("From the GBM, get …") is at most this long. */
const MAX_FRONTED_WORDS = 5;
/** A title cut short (a phrase or weak words left off) scores this much less than a whole one. */
const CUT_PENALTY = 0.5;
/** A run ending on a condition or reason whose main clause comes after it ("…, if it was possible,"). */
const DANGLING_PENALTY = 1.5;

/** The condensed title of a statement; '' when nothing meaningful is left. */
export function condenseStatement(tokens: TurnTokens, from: number, to: number): string {
  return condensedClaim(tokens, from, to).title;
}

/**
 * A statement condensed into a title, and whether that title states a claim: a subject and its verb ("They started
 * with importance"), not a phrase ("In the case of Chrome and Android both").
 */
export interface CondensedClaim {
  title: string;
  claim: boolean;
  /** Cut inside a phrase to fit ("… to help with interpreting | the results"): a truncation, titled last. */
  unfinished?: true;
  /** Shortened to fit the length, at a phrase's end or inside one: the participant's phrase goes on past it. */
  cut?: true;
  /** Stops where the participant's phrase goes on ("They would like their research" | "to be their own"): never a title. */
  goesOn?: true;
  /**
   * Words left off stop inside the speaker's clause, before a phrase that says which thing or completes the claim ("They
   * did research on the effectiveness of an intervention program" | "on the 6 month mortality rate …"): a title of the
   * group's that says its claim whole comes first.
   */
  stopsShort?: true;
}

export function condensedClaim(tokens: TurnTokens, from: number, to: number, maxWords: number = MAX_TITLE_WORDS): CondensedClaim {
  const previous = titleWords;
  titleWords = maxWords;
  try {
    return condensedClaimFitted(tokens, from, to);
  } finally {
    titleWords = previous;
  }
}

/** A statement's words as a title reads them: fillers, words said twice, abandoned starts left out (see title-words.ts). */
function titleWordsOf(tokens: TurnTokens, from: number, to: number): Word[] {
  const written = wordsOf(tokens, from, to);
  // Read before fillers go: dropping one may leave a comma in speech written without any.
  const spoken = unpunctuated(written);
  return wishesOfNamedWishes(wishesOfRequests(collectiveSubject(namingTopic(dropSubjectBeforeSetOffGerund(dropAbandonedPrepositions(dropFillers(dropSequences(written), spoken)))))));
}

/**
 * Every whole sentence of a statement that states a claim, as a title, up to `maxWords`: a run of its fragments from
 * where a sentence starts to where it ends, never cut to fit, never stopping where the phrase goes on or on a word that
 * names nothing, opening with what it is about, one sentence (not two run together where the speaker never stopped),
 * not said to the listener ("you'll see …");
 * the claims a statement makes one by one, best first as a claim is scored. A group weighs these beside its statements'
 * condensed claims (see insight-wording.ts).
 */
export function wholeSentences(tokens: TurnTokens, from: number, to: number, maxWords: number = MAX_CLAIM_WORDS): CondensedClaim[] {
  const previous = titleWords;
  titleWords = maxWords;
  try {
    const seen = new Set<string>();
    const sentences: Array<{ claim: CondensedClaim; score: number }> = [];
    for (const run of runsOf(titleWordsOf(tokens, from, to))) {
      if (!run.startsWhole || !run.endsWhole || run.cut || run.unfinished || run.goesOn || run.emptyEnd || !opensWithSubject(run.words) || !oneClaim(run.words)) continue;
      const claim = wordTitle(run.words);
      // Said to the listener ("you'll see …") is no claim of the participant's own.
      if (!claim.claim || claim.title === '' || claim.title.includes(';') || /\b(?:you|your)\b/i.test(claim.title) || seen.has(claim.title)) continue;
      seen.add(claim.title);
      sentences.push({ claim, score: run.score });
    }
    return sentences.sort((a, b) => b.score - a.score).map(({ claim }) => claim);
  } finally {
    titleWords = previous;
  }
}

/**
 * Whether a sentence says one claim as a reader reads it: not two joined after a comma ("The instruction was to …, and
 * the resources for that were helpful"), nor a joined part its cleaning left without its words ("They write short
 * stories, but poetry", said "…, primarily, but also poetry"), nor a subject set off and taken up again ("Most writers,
 * they're concerned …").
 */
function oneClaim(words: readonly Word[]): boolean {
  if (words.some((word, k) => k > 0 && words[k - 1].after === ',' && word.pos === 'CCONJ')) return false;
  const comma = words.findIndex((word) => word.after === ',');
  const setOff = comma >= 0 && !words.slice(0, comma + 1).some((word) => word.pos === 'VERB' || word.pos === 'AUX');
  const next = words[comma + 1];
  return !(setOff && next !== undefined && (next.pos === 'PRON' || /^(?:i|we|they|he|she|it|you)(?:['’]|$)/.test(next.normal)));
}

/**
 * Whether a run, past the words that lean on the talk before, opens with what its sentence is about: a pronoun, a
 * noun or its article, an "-ing" subject ("Building a body of work …"), a verb the speaker's subject is put before; not
 * an adverb, a preposition or a joining word that hangs it on what came before ("Second, …", "As they mentioned, …").
 */
function opensWithSubject(words: readonly Word[]): boolean {
  let k = 0;
  while (k < words.length && LEADING.has(words[k].normal)) k++;
  const first = words[k];
  if (first === undefined || first.after !== '' || SUBORDINATORS.has(first.normal)) return false;
  return /^(PRON|DET|NOUN|PROPN|ADJ)$/.test(first.pos) || (first.pos === 'VERB' && first.normal.endsWith('ing')) || baseVerb(first);
}

function condensedClaimFitted(tokens: TurnTokens, from: number, to: number): CondensedClaim {
  const none = { title: '', claim: false };
  const words = titleWordsOf(tokens, from, to);
  const best = bestRun(words);
  if (!best) return none;
  const title: CondensedClaim = wordTitle(best.words);
  if (best.unfinished) title.unfinished = true;
  if (best.cut) title.cut = true;
  if (best.goesOn) title.goesOn = true;
  if (best.stopsShort) title.stopsShort = true;
  // "They were trying to think of a way | on how to use the histogram difference": the title names nothing it claims.
  return best.emptyEnd ? { ...title, claim: false } : title;
}

/** "… hard to read | and not useful": adjectives joined to the predicate before them, not a clause without a verb. */
function addsToPredicate(piece: readonly Word[]): boolean {
  const [joiner, ...rest] = piece;
  return (
    (joiner?.normal === 'and' || joiner?.normal === 'or' || joiner?.normal === 'but') &&
    rest.some((word) => word.pos === 'ADJ') &&
    rest.every((word) => word.pos === 'ADJ' || word.pos === 'ADV' || word.pos === 'PART' || word.pos === 'CCONJ')
  );
}

/** A run chosen as a title: its words, its score, and whether it ends on a word that needs more, or was cut inside a phrase. */
interface Run {
  words: Word[];
  score: number;
  emptyEnd: boolean;
  unfinished: boolean;
  /** Shortened to fit the length: the participant's phrase goes on past it. */
  cut: boolean;
  /** The word said after its end carries its phrase on ("to", "of", "than", "for"). */
  goesOn: boolean;
  /** Words left off stop inside the speaker's clause (see `stopsInClause`). */
  stopsShort?: boolean;
  /** It ends where its sentence ends (or the statement): nothing said after it belongs to its sentence. */
  endsWhole?: boolean;
  /** It starts where its sentence starts: nothing said before it belongs to its sentence. */
  startsWhole?: boolean;
}

/** The run of whole fragments that best stands as a claim once fitted to 12 words. */
function bestRun(words: readonly Word[]): Run | undefined {
  return runsOf(words).reduce<Run | undefined>((best, candidate) => (!best || candidate.score > best.score + 1e-9 ? candidate : best), undefined);
}

/** Every run of whole fragments of a statement, fitted to the length, scored as a claim (see `bestRun`), in the order read. */
function runsOf(words: readonly Word[]): Run[] {
  const all: Run[] = [];
  const parts = resumeClauses(fragments(words));
  // A fragment that takes back the one before it is kept, meaningful words or not: "…, but it wasn't" is the point.
  const kept = parts.filter(
    (part, k) =>
      (contentCount(part) > 0 || takesBack(part)) &&
      (takesBack(parts[k + 1] ?? []) || !abandoned(stripLeading(part), parts[k + 1] && stripLeading(parts[k + 1]))),
  );
  // Fragments join only while they fit whole (or are cut at a phrase), and a long first fragment is cut.
  for (let a = 0; a < kept.length; a++) {
    // "but it wasn't" says what it takes back only after it.
    if (a > 0 && takesBack(kept[a])) continue;
    let run: Word[] = [];
    let runWords = 0;
    let verbless = 0;
    for (let b = a; b < kept.length; b++) {
      // A title is one sentence: "…distorting the chart." and "But I think it's good." are two claims.
      if (run.length > 0 && /[.!?]/.test(run[run.length - 1].after)) break;
      const piece = b === a ? stripLeading(kept[b]) : kept[b];
      if (!piece.some((word) => word.pos === 'VERB' || word.pos === 'AUX') && !(b > a && addsToPredicate(piece))) verbless++;
      const next = [...run, ...piece];
      const fitted = fit(next, kept[b] === parts[parts.length - 1]);
      // A fragment joins cut only where the cut ends a phrase and keeps some of it ("The plots led them down, a bit
      // of a rabbit hole | where …").
      const joinsCut = fitted.atPhrase && !dependent(stripLeading(piece)) && wordCount(fitted.words) >= runWords + MIN_JOINED_WORDS;
      if (run.length > 0 && fitted.cut && wordCount(next) > titleWords && !joinsCut) break;
      run = next;
      runWords = fitted.shortWords;
      if (fitted.words.length === 0) continue;
      // Ending on a condition or reason whose main clause is still to come ("…, if it was possible,"), or on a verb
      // whose object comes after a pause ("we didn't fully understand, um, the architecture of BigTable").
      const dangling =
        (SUBORDINATORS.has(stripLeading(piece)[0]?.normal) && piece[piece.length - 1].after === ',' && b < kept.length - 1) ||
        objectFollows(piece, kept[b + 1]);
      // A run that names something beats one that does not ("I found it useful"), whatever their scores.
      const scoreOf = (words: Word[], cut: boolean, unfinished: boolean) =>
        claimScore(words, verbless) -
        (cut ? CUT_PENALTY : 0) -
        (unfinished ? DANGLING_PENALTY : 0) +
        (namesSomething(words.map((word) => word.normal).join(' ')) ? NAMING_BONUS : 0);
      // The statement goes on past the title: what the title's last words need may be left behind.
      const continues = fitted.cut || (!/[.!?]/.test(next[next.length - 1].after) && b < kept.length - 1);
      const open = fitted.unfinished ? lastClause(fitted.words) : continues ? awaitsRest(fitted.words) : verblessClause(fitted.words);
      // Ending on a word that names nothing, whose complement the statement goes on to say ("a way | to use …").
      const emptyEnd = continues && EMPTY_HEADS.has(fitted.words[fitted.words.length - 1].normal);
      // A run whose sentence goes on to take it back ("…, but it wasn't") is no title: it would say the opposite.
      const restOfSentence = parts.slice(parts.indexOf(kept[b]) + 1);
      const sentenceGoesOn = !/[.!?]/.test(next[next.length - 1].after);
      if (sentenceGoesOn && takenBack(restOfSentence)) continue;
      // A run cut before the condition it holds under ("…, if it could export to PowerPoint") is no title: it would say
      // more than the participant did.
      if (sentenceGoesOn && namedCondition(next, restOfSentence.flat())) continue;
      // Nor is one cut inside that condition ("… every day if it could export | to PowerPoint directly").
      if (fitted.cut && cutsCondition(fitted.words, next)) continue;
      // "I convinced one of my colleagues, who's a designer, | to really come on": what the verb asked for follows.
      // (Only after a verb that asks someone to do something: "…, to help brainstorm ideas" after "use" adds a purpose.)
      const goesOn = fitted.goesOn || (!fitted.cut && sentenceGoesOn && fitted.words.some((word) => ASKS_SOMEONE.has(word.lemma.toLowerCase())) && infinitiveLater(restOfSentence));
      const before = parts[parts.indexOf(kept[a]) - 1];
      const startsWhole = before === undefined || /[.!?]/.test(before[before.length - 1]?.after ?? '');
      const endsWhole = !fitted.cut && (!sentenceGoesOn || b === kept.length - 1);
      const candidates: Run[] = [
        { words: fitted.words, score: scoreOf(fitted.words, fitted.cut, dangling || open >= 0 || fitted.unfinished || emptyEnd), emptyEnd, unfinished: fitted.unfinished, cut: fitted.cut, goesOn, stopsShort: fitted.cut && stopsInClause(fitted.words[fitted.words.length - 1], fitted.rest ?? []), startsWhole, endsWhole },
      ];
      // The same run without its unfinished clause ("They started with importance", "This course is good").
      if (open >= 0) {
        const whole = trimEnd(fitted.words.slice(0, open), false, false);
        const left = saidFrom(next, fitted.words.slice(open));
        // Only where what is left ends on a word that carries meaning ("This course is good"; not "… proud of is").
        // Nor where that clause says which thing a denial is about ("They don't have anyone on the team | who can …"),
        // takes the claim back, or is a condition the claim holds under ("They would use the tool every day | if …").
        if (whole.length === open && !deniesRestricted(whole, fitted.words[open]) && !takesBack(left) && !namedCondition(whole, left)) {
          candidates.push({ words: whole, score: scoreOf(whole, true, false), emptyEnd: false, unfinished: false, cut: fitted.cut, goesOn: goesOnAfter(fitted.words[open], whole[whole.length - 1]), stopsShort: stopsInClause(whole[whole.length - 1], fitted.words.slice(open)) });
        }
      }
      all.push(...candidates);
      if (fitted.cut && wordCount(next) > titleWords) break;
    }
  }
  return all;
}

/** Words that open a condition or a limit inside a run (see `namedCondition`). */
const CONDITION_WORDS = /^(?:if|unless|until|till|only)$/;
/** Words after which what follows is a clause of its own, not the title's: a condition after them is that clause's. */
const OWN_CLAUSE = new Set([...CLAUSE_OPENERS, 'that', 'who', 'where', 'when']);

/**
 * Whether a title cut from `run` stops inside a condition its claim holds under ("… if it could export | to …"), or
 * before one its clause goes on to ("They kept every spreadsheet on a shared drive" | "until the new platform arrived"):
 * without it the title says more than the participant did.
 */
function cutsCondition(title: readonly Word[], run: readonly Word[]): boolean {
  if (title.some((word, k) => k > 0 && /^(?:if|unless|until|till)$/.test(word.normal) && namedCondition(title.slice(0, k), saidFrom(run, title.slice(k))))) return true;
  const last = title[title.length - 1];
  if (!last) return false;
  const end = run.findIndex((word, j) => j >= title.length - 1 && word.normal === last.normal);
  const tail = end < 0 ? [] : run.slice(end + 1);
  // "… for their research only" | "when they are stuck": the "only" says a time follows.
  const at = last.normal === 'only' ? 0 : tail.findIndex((word) => CONDITION_WORDS.test(word.normal));
  // Only a condition of the title's own clause: no verb or word that opens another clause before it.
  if (at < 0 || tail.slice(0, at).some((word) => word.pos === 'VERB' || word.pos === 'AUX' || OWN_CLAUSE.has(word.normal))) return false;
  return namedCondition(title, tail.slice(at));
}

/** The words of `run` from where `tail` (words of its title, which may have lost a word or two) starts: all that follows. */
function saidFrom(run: readonly Word[], tail: readonly Word[]): Word[] {
  const n = Math.min(tail.length, 3);
  for (let j = run.length - n; j >= 0; j--) {
    if (tail.slice(0, n).every((word, k) => run[j + k].normal === word.normal)) return run.slice(j);
  }
  return [...tail];
}


/** Verbs that ask someone to do something, which the infinitive after their object says ("convinced her to join"). */
export const ASKS_SOMEONE: ReadonlySet<string> = new Set(['convince', 'persuade', 'ask', 'tell', 'encourage', 'force', 'allow', 'want', 'expect', 'invite', 'urge', 'teach', 'remind', 'push', 'require', 'enable', 'pressure', 'hire', 'recruit', 'get']);

/** Whether a fragment of the rest of a sentence, past asides ("…, who's a designer,"), opens with an infinitive. */
function infinitiveLater(rest: readonly Word[][]): boolean {
  for (const piece of rest) {
    if (infinitiveOpens(piece)) return true;
    if (/[.!?]/.test(piece[piece.length - 1]?.after ?? '.')) return false;
  }
  return false;
}

/** Whether a fragment opens with an infinitive ("to really come on …"): the complement of a verb said before it. */
function infinitiveOpens(piece: readonly Word[] | undefined): boolean {
  if (piece === undefined || piece[0]?.normal !== 'to') return false;
  let k = 1;
  while (piece[k]?.pos === 'ADV') k++;
  return piece[k]?.pos === 'VERB' || piece[k]?.pos === 'AUX';
}

/** A fragment ending on a verb that a pause cut from its object, which opens the next fragment. */
function objectFollows(piece: readonly Word[], next: readonly Word[] | undefined): boolean {
  const last = piece[piece.length - 1];
  return next !== undefined && last.pos === 'VERB' && last.pause === true && /^(DET|NOUN|PROPN)$/.test(next[0]?.pos ?? '');
}

/** The chosen run as a title: leading discourse words off, a subject for a statement that starts with its verb. */
function wordTitle(words: readonly Word[]): { title: string; claim: boolean } {
  const none = { title: '', claim: false };
  let title = [...words];
  while (title.length > 0 && LEADING.has(title[0].normal)) title = title.slice(1);
  if (title.length === 0) return none;
  // A statement that starts with its verb ("Primarily look at one-way plots") gets its subject; so does one whose verb
  // follows a phrase set off by a comma ("From the GBM, get a feature importance list"). Not a request to the listener
  // ("Let's pick a preset", "With Chrome, ask Glen"), which claims nothing about the speaker.
  const bySpeaker = (word: Word | undefined) => baseVerb(word) && !ADDRESSING_VERBS.has((word as Word).lemma);
  const toListener = (word: Word | undefined) => baseVerb(word) && ADDRESSING_VERBS.has((word as Word).lemma);
  const fronted = title.findIndex((word, k) => k > 0 && k <= MAX_FRONTED_WORDS && title[k - 1].after === ',' && bySpeaker(word) && finiteVerb(title.slice(0, k)) < 0);
  if (fronted > 0) title = [...title.slice(0, fronted), titleWord('they', 'PRON'), ...title.slice(fronted)];
  const opening = title[0].pos === 'ADV' ? 1 : 0;
  // Not a word wink read as a verb that names what the subject after it is ("web spammers would get hold of it").
  const modifies = (k: number) => /^(NOUN|PROPN)$/.test(title[k + 1]?.pos ?? '') && /^(AUX|VERB)$/.test(title[k + 2]?.pos ?? '');
  const startsWithVerb = (bySpeaker(title[0]) && !modifies(0)) || (opening === 1 && bySpeaker(title[1]) && !modifies(1));
  if (startsWithVerb && wordCount(title) >= titleWords) title = trimEnd(title.slice(0, endOfWords(title, titleWords - 1)), false, false);
  if (title.length === 0) return none;
  let rendered = render(title.map((word, k) => (k === title.length - 1 ? { ...word, after: '' } : word)));
  if (startsWithVerb) rendered = `they ${rendered[0].toLowerCase()}${rendered.slice(1)}`;
  rendered = rendered.replace(/[\s.,;:]+$/u, '');
  const verb = mainVerb(title);
  const request = verb >= 0 && toListener(title[verb]) && (verb <= opening || title[verb - 1].after === ',');
  return { title: rendered.charAt(0).toUpperCase() + rendered.slice(1), claim: !request && (startsWithVerb || statesClaim(title)) };
}
