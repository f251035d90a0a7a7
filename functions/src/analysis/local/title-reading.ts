/**
 * How a reader of a report reads a title that passed the check. The check (title-check.ts) refuses what is plainly
 * broken; a wording that passes it can still lean on the talk the reader never saw, compare with nothing, or come from
 * speech so broken that its cleaned words are the analyser's more than the participant's. Each weighs against a claim
 * when a group chooses among its statements' claims (see insight-wording.ts): a weight, never a refusal, so it only
 * orders the group's own claims and a group never falls to a sentence in quotation marks or a label for it.
 *
 * - leaning: a definite noun phrase ("the suggestions", "the brand deal") whose noun the talk before already named,
 *   and nothing in the title says which one: the reader of the title alone asks "which?". Not a name, not a thing
 *   there is one of ("the internet"), not the interview's own subject (a noun said throughout it, as "AI" in
 *   interviews about AI), not one a phrase after it pins down ("the cost of storage", "the tool they use").
 * - unmeasured: a comparison stated with nothing it is compared with ("Organic cells are much more efficient").
 * - disfluency: hesitations, fillers, words said twice and breaks in the statement's speech, per word said: the more
 *   its words were cleaned to make a title, the less the title is what was said.
 */
import type { Statement } from './statements';
import { HESITATIONS } from './title-words';

/** How far back in the talk (characters) a noun counts as named before a title's "the …" points at it. */
const TALK_BEFORE = 1200;
/** A noun said this many times in a transcript is the interview's subject: every reader of its report knows it. */
const SUBJECT_TIMES = 15;

/** Words after a noun that say which one it is ("the cost of storage", "the tool that exports", "the day before"). */
const PINNING = new Set(['of', 'that', 'which', 'who', 'whom', 'whose', 'where', 'when', 'for', 'from', 'in', 'on', 'with', 'about', 'at', 'to', 'by', 'between', 'among', 'than', 'as', 'behind', 'under', 'over', 'around', 'inside', 'within']);
/**
 * Things there is one of for any reader ("the internet", "the literature"), times said from now ("the next few
 * years"), and nouns that only stand in for what the clause says of them ("the one driving it", "the same"): never
 * pointing back.
 */
const ONE_OF_A_KIND = new Set([
  'internet', 'world', 'web', 'future', 'past', 'present', 'end', 'beginning', 'start', 'moment', 'industry', 'market', 'public', 'government',
  'economy', 'environment', 'planet', 'media', 'news', 'majority', 'mainstream', 'literature', 'field', 'time', 'rest', 'same', 'way', 'lot', 'one',
  'ones', 'year', 'month', 'week', 'day', 'decade', 'century', 'morning', 'evening', 'weekend', 'summer', 'winter', 'spring', 'autumn', 'fall',
]);

/** What a reader reads in one candidate title of a statement. */
export interface TitleReading {
  /** Definite noun phrases the title leans on the talk for (see `leaningPhrases`). */
  leaning: string[];
  /** A comparison with nothing it is compared with. */
  unmeasured: boolean;
  /** Marks of broken speech per word of the statement. */
  disfluency: number;
}

/** What a reader's rewrite costs a claim against the group's shared words (one a word; see insight-wording.ts). */
const LEANING_WEIGHT = 1.5;
const UNMEASURED_WEIGHT = 1.5;
/** Disfluency weighs this much per mark a word, up to `MAX_DISFLUENCY_WEIGHT`. */
const DISFLUENCY_WEIGHT = 10;
const MAX_DISFLUENCY_WEIGHT = 1.5;

/** How much less a claim so read is worth to a reader than one with none of these. */
export function readingPenalty(reading: TitleReading): number {
  return LEANING_WEIGHT * reading.leaning.length + (reading.unmeasured ? UNMEASURED_WEIGHT : 0) + Math.min(MAX_DISFLUENCY_WEIGHT, DISFLUENCY_WEIGHT * reading.disfluency);
}

/** Reads a title made from `statement` of the transcript `text` as a reader of the report would. */
export function readTitle(statement: Statement, title: string, text: string): TitleReading {
  return {
    leaning: leaningPhrases(statement, title, text),
    unmeasured: comparesWithNothing(title),
    disfluency: disfluency(statement),
  };
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` says a noun (in its singular or plural) as a word. */
function says(text: string, noun: string): boolean {
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])${escape(noun)}(?:s|es)?(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/** How many times `text` says a noun (singular or plural) as a word. */
function timesSaid(text: string, noun: string): number {
  return text.match(new RegExp(`(?:^|[^\\p{L}\\p{N}])${escape(noun)}(?:s|es)?(?![\\p{L}\\p{N}])`, 'giu'))?.length ?? 0;
}

/**
 * The definite noun phrases of the statement that the title says, whose noun the talk before already named, and that
 * nothing after them pins down ("the suggestions" after "it suggested …" is not; "the suggestions" after "it gave me
 * some suggestions" is). The phrase as the title says it, lower case.
 */
export function leaningPhrases(statement: Statement, title: string, text: string): string[] {
  const source = statement.source;
  if (!source) return [];
  const { tokens, from, to } = source;
  const said = title.toLowerCase().replace(/’/g, "'").replace(/\s+/g, ' ');
  const leaning: string[] = [];
  for (let i = from; i < to; i++) {
    if (tokens.normals[i] !== 'the' || tokens.types[i] !== 'word') continue;
    // The phrase's noun: the last of the modifiers and nouns after "the" ("the most important feature").
    let head = -1;
    for (let k = i + 1; k <= to && tokens.types[k] === 'word' && /^(ADJ|NOUN|PROPN|NUM|ADV)$/.test(tokens.pos[k]); k++) {
      if (tokens.pos[k] === 'ADV' && k > i + 1 && tokens.pos[k - 1] !== 'ADV') break;
      if (tokens.pos[k] === 'NOUN' || tokens.pos[k] === 'PROPN') head = k;
      else if (head >= 0) break;
    }
    // "the one driving it", "the next few years": a phrase that stands in for what is said of it, or a time.
    if (head < 0 || tokens.pos[head] !== 'NOUN' || tokens.normals[head].endsWith('ing')) continue;
    if (tokens.normals.slice(i + 1, head).some((word) => ONE_OF_A_KIND.has(word))) continue;
    const noun = tokens.normals[head];
    const lemma = tokens.lemmas[head].toLowerCase();
    // "the AI", "the GPU": written in capitals, a name.
    if (ONE_OF_A_KIND.has(lemma) || ONE_OF_A_KIND.has(noun) || /^\p{Lu}{2,}/u.test(tokens.values[head])) continue;
    // Said after it: a phrase or a clause that says which ("the tool they use", "the cost of storage"), what it is
    // ("the idea was to …", "the problem is that …"), or the word it is part of ("the disease-causing mutation").
    const next = head + 1;
    if (next <= tokens.values.length - 1 && tokens.types[next] === 'word' && (PINNING.has(tokens.normals[next]) || tokens.pos[next] === 'PRON')) continue;
    if (/^(?:is|was|'s)$/.test(tokens.normals[next] ?? '') && /^(?:to|that|how|what|whether|:)$/.test(tokens.normals[next + 1] ?? '')) continue;
    if (tokens.starts[next] === tokens.ends[head] && /^[-/]$/.test(tokens.values[next] ?? '')) continue;
    const phrase = text.slice(tokens.starts[i], tokens.ends[head]).toLowerCase().replace(/’/g, "'").replace(/\s+/g, ' ');
    if (!said.includes(phrase)) continue;
    // The title says which itself, after the phrase ("the brand deal with a shoe company"; see title-pinned.ts).
    const after = said.slice(said.indexOf(phrase) + phrase.length).match(/^\s+([\p{L}']+)/u)?.[1];
    if (after !== undefined && PINNING.has(after)) continue;
    // The title says which one itself ("the tool they use … the tool"): named before in the title.
    if (said.indexOf(phrase) > said.indexOf(noun) && said.indexOf(noun) >= 0) continue;
    const before = text.slice(Math.max(0, tokens.starts[i] - TALK_BEFORE), tokens.starts[i]);
    if (!says(before, lemma) && !says(before, noun)) continue;
    if (timesSaid(text, lemma) >= SUBJECT_TIMES) continue;
    leaning.push(phrase);
  }
  return leaning;
}

/** Verbs that state what something is: a comparison after one needs what it is compared with. */
const STATES = "(?:\\b(?:is|are|was|were|be|been|being|seems|seemed|feels|felt|looks|looked)|'s|'re)";
/** Degree words between the verb and the comparison ("much more", "a lot easier"). */
const DEGREE = '(?:(?:much|far|way|a lot|a bit|even|so|slightly|significantly|considerably|somewhat|generally|definitely|really|probably|also|just|still|always|often|usually)\\s+)*';
/** A comparative, as a word or "more"/"less" and what is more ("more efficient"; not "more and more", "more of"). */
const COMPARATIVE = '(?:(?:more|less)\\s+(?!(?:and|of|than|or)\\b)[\\p{L}-]+|better|worse|easier|harder|faster|slower|cheaper|bigger|smaller|simpler|quicker|clearer|larger|higher|lower|longer|shorter|greater|safer|stronger|weaker|cleaner|nicer|tougher|newer|older|richer|heavier|lighter|deeper|wider|closer|smarter|cooler)';
const COMPARISON = new RegExp(`${STATES}\\s+(?:not\\s+)?${DEGREE}${COMPARATIVE}(?![\\p{L}])`, 'iu');

/**
 * Whether a title states a comparison with nothing it is compared with: "Organic cells are much more efficient", "It's
 * easier to read" (than what?). Not one that says what with ("than", "compared to", "versus"), nor a change in time
 * ("getting better", "became faster"), which compares a thing with itself.
 */
export function comparesWithNothing(title: string): boolean {
  const said = title.replace(/’/g, "'");
  return COMPARISON.test(said) && !/\b(?:than|compared|versus|vs|relative to)\b/i.test(said);
}

/**
 * Marks of broken speech per word said in a statement: hesitations ("um"), a filler set off ("like,", "you know", "I
 * mean"), a word said twice in a row, a break ("--", "—").
 */
export function disfluency(statement: Statement): number {
  const source = statement.source;
  if (!source) return 0;
  const { tokens, from, to } = source;
  let words = 0;
  let marks = 0;
  let previous = '';
  for (let i = from; i <= to; i++) {
    const value = tokens.normals[i];
    if (tokens.types[i] !== 'word') {
      if (/^(?:--|—|–)$/.test(value)) marks++;
      continue;
    }
    words++;
    const next = tokens.normals[i + 1] ?? '';
    if (HESITATIONS.has(value)) marks++;
    else if (value === 'like' && next === ',') marks++;
    else if ((value === 'you' && next === 'know') || (value === 'i' && next === 'mean' && /^[,.]?$/.test(tokens.normals[i + 2] ?? ''))) marks++;
    else if (value === previous && value !== 'that' && value !== 'had') marks++;
    previous = value;
  }
  return words === 0 ? 0 : marks / words;
}
