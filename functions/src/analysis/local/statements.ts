/**
 * Candidate statements: sentences of quotable turns, as exact spans of the transcript. Leading hesitations and
 * discourse fillers are left out of the span ("Um, so, I never…" → "I never…"), and so are openers that lean on the
 * talk before ("So", "And then", "Like I said,") and tails that add nothing ("…, you know, so yeah."), when enough is
 * left to stand alone; a statement is still read whole. A short sentence that follows a
 * statement in the same turn joins it ("…misquoting information. It's not reliable or consistent."), unless it says
 * next to nothing ("I'm sorry."). Questions,
 * read-out task prompts, fragments, very long run-ons and mostly redacted sentences are not candidates. A statement's
 * content words and meaning are read here too; how much it counts in its conversation is weighed in
 * statement-weights.ts, and where it stands in it in conversation-places.ts.
 */
import { classifyStatement, type StatementKind } from './statement-kinds';
import { FILLERS, keyphrasesOf, type Keyphrase } from './keyphrases';
import { isWord } from './spoken-sentences';
import { HESITATIONS } from './title-words';
import type { TurnTokens } from './turn-tokens';
import { sentenceVector, type WordVectors } from '../meaning';

export interface Statement {
  /** Position among the document's statements. */
  index: number;
  turnIndex: number;
  speaker: string;
  start: number;
  end: number;
  words: number;
  kind: StatementKind;
  /** How strongly the cues point to `kind`. */
  strength: number;
  sentiment: number;
  keyphrases: Keyphrase[];
  salience: number;
  /** The statement's tokens in its turn (English statements), for its meaning and its condensed wording. */
  source?: { tokens: TurnTokens; from: number; to: number };
}

export const MIN_WORDS = 6;
export const MAX_WORDS = 70;
const JOIN_BELOW_WORDS = 8;
const MAX_JOINED_WORDS = 60;

/** "Pergunta 3:", "Question 2.", "Task 4 -": a prompt read out, not the participant's own words. */
export const PROMPT = /^(pergunta|questão|question|q|task|tarefa|tarea|pregunta|frage|aufgabe)\s*\d+\s*[:.)\-–]/i;
const REDACTION = /^(x{2,}|\[?redacted\]?)$/i;
const UNCERTAIN = /\b(i don't know|i do not know|i forgot|i'm not sure|i am not sure|i don't remember|let me remember|let me see)\b/;
const FIRST_PERSON = new Set(['i', 'we', 'my', 'our', 'me', 'us', "i'm", "we're"]);
/**
 * A subordinate clause standing alone ("So when we're trying to explain discrepancies between multiple graphs."): it
 * leans on a sentence that is not in the quote, so it reads as a fragment.
 */
const CLAUSE_ALONE = /^(?:(?:so|and|but|or|like)[, ]+)?(?:when|whenever|if|while|whereas|although|though|unless)\b[^,;:]*$/;
const CLAUSE_ALONE_PENALTY = 0.8;

interface Unit {
  from: number;
  to: number;
  /** The quoted span: the sentence without the openers and tail that lean on the talk around it. */
  quoteFrom: number;
  quoteTo: number;
  words: number;
  /** Says next to nothing ("I'm sorry.", "So yeah."): a short sentence like this ends no quote. */
  aside: boolean;
  /** Breaks off inside a phrase ("The model has fit, some crazy, you know, yeah."): it ends no quote either. */
  brokenOff: boolean;
  contentWords: number;
  question: boolean;
  sentiment: number;
  quotable: boolean;
}

/**
 * Words that open a sentence by leaning on what came before ("So the pain point…", "And then I was able…", "But I
 * think…", "Well okay, maybe…"): outside the quote, which then starts where the statement does.
 */
const OPENERS = new Set(['so', 'and', 'but', 'or', 'well', 'yeah', 'yes', 'okay', 'ok', 'oh', 'like', 'now', 'anyway', 'anyways', 'honestly', 'basically']);
/** Openers of several words, set off by a comma ("Like I said, …", "I mean, …", "You know, …"). */
const OPENING_PHRASES = [
  ['like', 'i', 'said'], ['as', 'i', 'said'], ['like', 'i', 'mentioned'], ['as', 'i', 'mentioned'], ['i', 'mean'],
  ['you', 'know'], ['to', 'be', 'honest'], ['of', 'course'], ['in', 'any', 'case'], ['in', 'fact'],
];
/**
 * A tail after a comma that adds nothing to the statement ("…, you know.", "…, so yeah.", "…, or something like
 * that.", "…, I guess.", "…, and…"): outside the quote.
 */
const TAIL = /^(?:so|and|but|or)$|^(?:(?:so|and|but|or)\s+)?(?:yeah|yes|you know|i guess|i think|i mean|right|basically|whatever|or whatever|i don't know|i'm not sure|or something(?: like that)?|(?:and|or) (?:stuff|things|anything|everything|so on|so forth)(?: like that)?|kind of thing|sort of thing|etc)$/;
const TAIL_MAX_WORDS = 5;
/** Contractions of the speaker's "I" that wink may read as a name ("I'm sorry."): not content. */
const FIRST_PERSON_CONTRACTION = /^i['\u2019](m|ve|d|ll)$/;

function phraseAt(tokens: TurnTokens, i: number, to: number): number {
  for (const phrase of OPENING_PHRASES) {
    const end = i + phrase.length;
    if (end > to || tokens.normals[end] !== ',') continue;
    if (phrase.every((word, k) => tokens.normals[i + k] === word)) return phrase.length;
  }
  return 0;
}

/**
 * Skips leading hesitations and fillers followed by a comma ("Yeah, so, …"); for the quoted span (`tight`), openers
 * too ("So", "And then", "Like I said,").
 */
function trimmedFrom(tokens: TurnTokens, from: number, to: number, tight: boolean): number {
  let i = from;
  while (i < to) {
    const normal = tokens.normals[i];
    const next = tokens.normals[i + 1];
    const phrase = tight ? phraseAt(tokens, i, to) : 0;
    const opener = tight && (OPENERS.has(normal) || (normal === 'then' && i > from)) && (isWord(tokens, i + 1) || next === ',');
    if (phrase > 0) {
      i += phrase;
      while (i < to && tokens.types[i] === 'punctuation') i++;
      continue;
    }
    if (HESITATIONS.has(normal) || (FILLERS.has(normal) && (next === ',' || next === '...' || next === '…')) || opener) {
      i++;
      while (i < to && tokens.types[i] === 'punctuation') i++;
      continue;
    }
    if ((tokens.types[i] === 'punctuation' && i === from) || (tight && /^\s+$/.test(tokens.values[i]))) {
      i++;
      continue;
    }
    const mark = tight ? transcriptionMarkEnd(tokens, i, to) : -1;
    if (mark >= 0) {
      i = mark + 1;
      continue;
    }
    break;
  }
  return i;
}

/** Verbs that only frame what follows ("I'd say, …", "I can't think of any, but …", "I've just stated there, …"). */
const FRAMING_VERBS = new Set(['say', 'state', 'mention', 'think', 'guess', 'mean', 'know', 'suppose', 'be', 'do', 'have', 'get', 'go', 'try']);
/** The most words an empty start may have, and the fewest the quote must keep after it. */
const EMPTY_START_WORDS = 6;
const KEPT_AFTER_EMPTY_START = 8;

/**
 * Words a sentence cannot end on: an article, a possessive or a conjunction still awaiting its words. (A preposition
 * can: "what it's built from", "taken that complexity on".)
 */
const AWAITING = new Set(['the', 'a', 'an', 'every', 'my', 'our', 'your', 'their', 'and', 'or']);
/** A start ending on one of these, or on a preposition, goes on after the comma ("…, for every, increase in…"). */
const UNFINISHED = new Set([...AWAITING, 'each', 'of', 'in', 'for', 'with', 'on', 'at', 'by', 'from', 'but', 'his', 'her', 'its']);
/** Words that make a start a clause the rest depends on ("If so, …", "Because of that, …"). */
const DEPENDING = new Set(['if', 'when', 'whenever', 'because', 'since', 'although', 'though', 'unless', 'while', 'whether', 'once', 'until']);

/**
 * An empty start: words up to a comma that carry nothing of the statement ("I just, I would say…", "Specifically, I
 * can't think of any, but I'd say, I'd flip that question…"): no content word but framing verbs, no clause the rest
 * depends on ("If so, …"), no phrase it completes ("there can be, um, a lot of…", "it could be if for every, …"),
 * and the rest starts a clause of its own (with a pronoun or a name). Returns where the rest begins, or -1.
 */
function emptyStartEnd(tokens: TurnTokens, from: number, to: number): number {
  let words = 0;
  for (let i = from; i <= to; i++) {
    if (tokens.normals[i] === ',') {
      if (words === 0 || UNFINISHED.has(tokens.normals[i - 1]) || tokens.normals[from] === 'there') return -1;
      const rest = trimmedFrom(tokens, i + 1, to, true);
      if (!/^(PRON|PROPN)$/.test(tokens.pos[rest] ?? '')) return -1;
      let kept = 0;
      for (let k = rest; k <= to; k++) if (isWord(tokens, k)) kept++;
      return kept >= KEPT_AFTER_EMPTY_START ? rest : -1;
    }
    if (!isWord(tokens, i) || DEPENDING.has(tokens.normals[i])) return -1;
    if (++words > EMPTY_START_WORDS) return -1;
    const content = !tokens.stop[i] && !FILLERS.has(tokens.normals[i]) && /^(NOUN|PROPN|VERB|ADJ|NUM)$/.test(tokens.pos[i]);
    if (content && !FRAMING_VERBS.has(tokens.lemmas[i].toLowerCase())) return -1;
  }
  return -1;
}

/** Words a transcription mark may have ("(unintelligible)", "[crosstalk]", "(laughs softly)"). */
const MARK_WORDS = 3;

/**
 * Where a transcription mark at `i` ends: a bracketed mark ("(unintelligible) To be honest…"), or the end of one
 * whose opening bracket fell in the sentence before ("unintelligible) To be honest…"). -1 when there is none.
 */
function transcriptionMarkEnd(tokens: TurnTokens, i: number, to: number): number {
  const opened = tokens.values[i] === '(' || tokens.values[i] === '[';
  for (let k = opened ? i + 1 : i; k <= Math.min(to - 1, i + MARK_WORDS + 1); k++) {
    const value = tokens.values[k];
    if (value === ')' || value === ']') return k;
    if (value === '(' || value === '[' || !isWord(tokens, k)) return -1;
  }
  return -1;
}

/** Leaves out a tail that adds nothing ("…, you know, so yeah."), keeping the sentence's last words and mark. */
function trimmedTo(tokens: TurnTokens, from: number, to: number): number {
  let end = to;
  for (;;) {
    let last = end;
    while (last > from && tokens.types[last] === 'punctuation') last--;
    let comma = last;
    while (comma > from && tokens.normals[comma] !== ',') comma--;
    if (comma <= from || last - comma > TAIL_MAX_WORDS) return end;
    const tail = tokens.normals.slice(comma + 1, last + 1).join(' ').replace(/ (n't|'s|'m|'re)\b/g, '$1').replace(/[\u2018\u2019]/g, "'");
    if (!TAIL.test(tail)) return end;
    end = comma - 1;
    while (end > from && tokens.types[end] === 'punctuation') end--;
  }
}

function readUnit(tokens: TurnTokens, sentence: { from: number; to: number; sentiment: number }, text: string): Unit | undefined {
  const from = trimmedFrom(tokens, sentence.from, sentence.to, false);
  const to = sentence.to;
  if (from > to) return undefined;
  let quoteFrom = trimmedFrom(tokens, from, to, true);
  for (let start = emptyStartEnd(tokens, quoteFrom, to); start >= 0; start = emptyStartEnd(tokens, quoteFrom, to)) quoteFrom = trimmedFrom(tokens, start, to, true);
  let quoteTo = trimmedTo(tokens, quoteFrom, to);
  let quoteWords = 0;
  for (let i = quoteFrom; i <= quoteTo; i++) if (isWord(tokens, i)) quoteWords++;
  if (quoteWords < MIN_WORDS) [quoteFrom, quoteTo] = [from, to];
  let words = 0;
  let redacted = 0;
  // Distinct content words: "the same weakness is the same weakness" says one thing, not four.
  const content = new Set<string>();
  for (let i = from; i <= to; i++) {
    if (!isWord(tokens, i)) continue;
    words++;
    if (REDACTION.test(tokens.normals[i])) redacted++;
    else if (!tokens.stop[i] && !FILLERS.has(tokens.normals[i]) && /^(NOUN|PROPN|VERB|ADJ|NUM)$/.test(tokens.pos[i])) content.add(tokens.lemmas[i].toLowerCase());
  }
  const contentWords = content.size;
  const aside = [...content].filter((lemma) => !FIRST_PERSON_CONTRACTION.test(lemma)).length < 2;
  const question = tokens.values[to] === '?' || text.slice(tokens.starts[from], tokens.ends[to]).trimEnd().endsWith('?');
  const prompt = PROMPT.test(text.slice(tokens.starts[from], tokens.ends[to]));
  const brokenOff = breaksOff(tokens, quoteFrom, quoteTo, to);
  const quotable = !brokenOff && !question && !prompt && words >= MIN_WORDS && words <= MAX_WORDS && contentWords >= 3 && redacted <= words / 4;
  return { from, to, quoteFrom, quoteTo, words, contentWords, aside, brokenOff, question, sentiment: sentence.sentiment, quotable };
}

/** An indefinite opener before a last adjective ("some crazy", "a big"): the noun was never said. */
const INDEFINITE = new Set(['a', 'an', 'some']);

/**
 * Whether the quoted words (`from`…`to`) stop inside a phrase: the speaker broke off ("I went through the options
 * and."), or trailed off after an adjective whose noun never came ("The model has fit, some crazy, you know, yeah.":
 * only when a tail was left out after it, since a noun may be read as an adjective: "let's pick a preset.").
 */
function breaksOff(tokens: TurnTokens, from: number, to: number, sentenceTo: number): boolean {
  let last = to;
  while (last > from && !isWord(tokens, last)) last--;
  if (AWAITING.has(tokens.normals[last])) return true;
  let trailed = false;
  for (let i = to + 1; i <= sentenceTo && !trailed; i++) trailed = isWord(tokens, i);
  return trailed && tokens.pos[last] === 'ADJ' && last > from && INDEFINITE.has(tokens.normals[last - 1]);
}

export interface StatementOptions {
  /** Lower-case words never taken as keyphrases (speaker names). */
  excluded: ReadonlySet<string>;
}

/** Statements of one turn, in text order (indices are filled in by the caller). */
export function statementsOfTurn(tokens: TurnTokens, text: string, options: StatementOptions): Omit<Statement, 'index'>[] {
  const groups: Unit[][] = [];
  let open: Unit[] | undefined;
  for (const sentence of tokens.sentences) {
    const unit = readUnit(tokens, sentence, text);
    if (!unit) continue;
    const openWords = open?.reduce((sum, u) => sum + u.words, 0) ?? 0;
    if (open && unit.words < JOIN_BELOW_WORDS && !unit.question && unit.contentWords >= 2 && openWords + unit.words <= MAX_JOINED_WORDS) {
      open.push(unit);
    } else if (unit.quotable) {
      open = [unit];
      groups.push(open);
    } else open = undefined;
  }
  return groups.map((units) => toStatement(tokens, text, units, options));
}

function toStatement(tokens: TurnTokens, text: string, units: Unit[], options: StatementOptions): Omit<Statement, 'index'> {
  const from = units[0].from;
  const to = units[units.length - 1].to;
  const start = tokens.starts[units[0].quoteFrom];
  let last = units.length - 1;
  while (last > 0 && (units[last].aside || units[last].brokenOff)) last--;
  const end = tokens.ends[units[last].quoteTo];
  const sentiment = units.reduce((extreme, unit) => (Math.abs(unit.sentiment) > Math.abs(extreme) ? unit.sentiment : extreme), 0);
  const words = units.reduce((sum, unit) => sum + unit.words, 0);
  const lowerText = text.slice(tokens.starts[from], tokens.ends[to]).toLowerCase().replace(/[\u2018\u2019]/g, "'");
  const range = (list: readonly string[]) => list.slice(from, to + 1);
  const reading = classifyStatement({
    lemmas: range(tokens.lemmas),
    normals: range(tokens.normals),
    pos: range(tokens.pos),
    negated: tokens.negated.slice(from, to + 1),
    lowerText,
    sentiment,
  });
  const keyphrases = keyphrasesOf(tokens, from, to, options.excluded);
  let firstPerson = false;
  for (let i = from; i <= to && !firstPerson; i++) firstPerson = FIRST_PERSON.has(tokens.normals[i]);

  const kindWeight: Record<StatementKind, number> = {
    pain: 1, need: 1, workaround: 0.9, goal: 0.8, positive: 0.7, emotion: 0.7, practice: 0.5, observation: 0,
  };
  let salience =
    0.4 * (Math.min(words, 30) / 30) +
    kindWeight[reading.kind] * Math.min(1, reading.strength) +
    0.4 * Math.abs(sentiment) +
    (firstPerson ? 0.3 : 0) +
    0.1 * Math.min(3, keyphrases.length);
  if (words > 50) salience -= 0.4;
  if (UNCERTAIN.test(lowerText)) salience -= 0.3;
  if (CLAUSE_ALONE.test(lowerText)) salience -= CLAUSE_ALONE_PENALTY;

  return {
    turnIndex: tokens.turnIndex,
    speaker: tokens.speaker,
    start,
    end,
    words,
    kind: reading.kind,
    strength: reading.strength,
    sentiment,
    keyphrases,
    salience: Math.round(salience * 1000) / 1000,
    source: { tokens, from, to },
  };
}

/** Token positions of a statement's content words (nouns, names, verbs, adjectives; no stop words or fillers). */
export function contentTokens(statement: Statement): number[] {
  const found: number[] = [];
  const source = statement.source;
  if (!source) return found;
  const { tokens, from, to } = source;
  for (let i = from; i <= to; i++) {
    if (tokens.types[i] !== 'word' || tokens.stop[i] || FILLERS.has(tokens.normals[i]) || !/^(NOUN|PROPN|VERB|ADJ)$/.test(tokens.pos[i])) continue;
    found.push(i);
  }
  return found;
}

/** The lemmas of its content words, once each. */
export function contentLemmas(statement: Statement): Set<string> {
  const source = statement.source;
  return new Set(source ? contentTokens(statement).map((i) => source.tokens.lemmas[i].toLowerCase()) : []);
}

/** Words of a statement that carry its meaning: content words (lemmas), no stop words, fillers or names. */
export function meaningWords(statement: Statement): string[] {
  const source = statement.source;
  if (!source) return [];
  const { tokens, from, to } = source;
  const words: string[] = [];
  for (let i = from; i <= to; i++) {
    if (tokens.types[i] !== 'word' || tokens.stop[i] || FILLERS.has(tokens.normals[i])) continue;
    if (!/^(NOUN|PROPN|VERB|ADJ|ADV|NUM)$/.test(tokens.pos[i])) continue;
    words.push(tokens.pos[i] === 'PROPN' ? tokens.normals[i] : tokens.lemmas[i].toLowerCase());
  }
  return words;
}

export function statementMeaning(statement: Statement, vectors: WordVectors): Float32Array | undefined {
  return sentenceVector(vectors, meaningWords(statement));
}

/** A crude singular form, to match "plots" in a question with "plot" in an answer. */
export function wordKey(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}
