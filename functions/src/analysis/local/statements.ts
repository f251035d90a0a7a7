/**
 * Candidate statements: sentences of quotable turns, as exact spans of the transcript. Leading hesitations and
 * discourse fillers are left out of the span ("Um, so, I never…" → "I never…"), and so are openers that lean on the
 * talk before ("So", "And then", "Like I said,") and tails that add nothing ("…, you know, so yeah."), when enough is
 * left to stand alone; a statement is still read whole. A short sentence that follows a
 * statement in the same turn joins it ("…misquoting information. It's not reliable or consistent."), unless it says
 * next to nothing ("I'm sorry."). Questions,
 * read-out task prompts, fragments, very long run-ons and mostly redacted sentences are not candidates.
 */
import { classifyStatement, type StatementKind } from './statement-kinds';
import { FILLERS, keyphrasesOf, type Keyphrase } from './keyphrases';
import { statesClaim } from './title-grammar';
import { isWord } from './spoken-sentences';
import { HESITATIONS, wordsOf } from './title-words';
import type { TurnTokens } from './turn-tokens';
import { plainWords, sentenceVector, type WordVectors } from '../meaning';

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

/** Saying "you"/"your" to the interviewer (not the generic "you know", "if you"): about the session, not the topic. */
const ADDRESSING = /\b(you|your|you're|you've|yourself)\b/;
const GENERIC_YOU = /\b(you know|you see|you have to|you need to|you can|you could|you get|you would|you might|if you|when you|you want|you kind of|you sort of)\b/g;
/** Talk about the session itself (a screen is a product's as often as the call's: only a shared screen counts). */
const SESSION_TALK = /\b(question|questions|call|recording|email|presentation|session|interview|backtrack)\b|\b(share|sharing|shared|see|seeing) (my|your|the) screen\b/;
/**
 * Asides: the interviewer's things or doings ("your tool", "did you set…", "you showed"); looking back on the
 * session ("everything I've said", "I think I'm good") and pleasantries ("you too, best of luck with it").
 */
const ABOUT_THE_INTERVIEWER = /\b(your|you (said|showed|asked|mentioned|explained|walked|set|did|had|were|told|sent|gave))\b|\b(did you|(i|we) asked you)\b/;
const WRAP_UP = /\b(i've said|i said|said everything|i'm good|that's all|that's it|nothing else|that covers|i wanted to do|you too|good luck|best of luck|thank you|thanks)\b/;
/** Statements in an answer of this many statements or more come from a developed answer. */
const DEVELOPED_ANSWER = 3;
/** An answer of fewer words than this is a short answer: a reply, not an account. */
const SHORT_ANSWER_WORDS = 25;
const SHORT_ANSWER_PENALTY = 0.6;

/**
 * The statements an insight may draw on, weighed: asides (about the interviewer or the session, or the question read
 * back) are left out; a statement from a developed answer counts more, one from a short answer, said to the
 * interviewer or reacting to the interviewer's answer to the participant's own question less, and one about what the
 * participant keeps returning to more. Salience is updated in place.
 */
export function weighForInsight(
  statements: readonly Statement[],
  input: { text: string; turns: readonly { speaker: string; start: number; end: number }[] },
  quotable: ReadonlySet<string>,
): Statement[] {
  const text = input.text;
  const asked = lastQuestions(input, quotable);
  const perTurn = new Map<number, number>();
  for (const statement of statements) perTurn.set(statement.turnIndex, (perTurn.get(statement.turnIndex) ?? 0) + 1);
  const recurring = recurringShare(statements);
  const answerLengths = new Map<TurnTokens, number>();
  const reacting = reactionsToAnswers(input, quotable);
  const kept: Statement[] = [];
  for (const statement of statements) {
    const lower = spokenText(statement, text).toLowerCase().replace(/[\u2018\u2019]/g, "'");
    if (ABOUT_THE_INTERVIEWER.test(lower) || WRAP_UP.test(lower) || echoes(statement, asked.get(statement.turnIndex))) continue;
    let weight = statement.salience;
    if ((perTurn.get(statement.turnIndex) ?? 0) >= DEVELOPED_ANSWER) weight += 0.5;
    if (statement.source && answerWords(statement.source.tokens, answerLengths) < SHORT_ANSWER_WORDS) weight -= SHORT_ANSWER_PENALTY;
    if (ADDRESSING.test(lower.replace(GENERIC_YOU, ' '))) weight -= 0.5;
    if (SESSION_TALK.test(lower)) weight -= 0.8;
    if (reacting.has(statement.turnIndex)) weight -= REACTION_PENALTY;
    weight += RECURRING_WEIGHT * (recurring.get(statement) ?? 0);
    statement.salience = Math.round(weight * 1000) / 1000;
    kept.push(statement);
  }
  return kept;
}

/** The whole of what a statement says, openers and tail included (its quote may leave them out). */
function spokenText(statement: Statement, text: string): string {
  const source = statement.source;
  return source ? text.slice(source.tokens.starts[source.from], source.tokens.ends[source.to]) : text.slice(statement.start, statement.end);
}

/** An interviewer's turn of at least this many words answers or explains; a shorter one ("Okay.", "Right, yes.") acknowledges. */
const EXPLAINING_WORDS = 12;
/** Weight lost by a statement reacting to the interviewer's answer to the participant's own question. */
const REACTION_PENALTY = 1;
/**
 * A question put to the interviewer ends the participant's turn: short, opening with a question word or an auxiliary
 * ("What is the upper limit on rows?", "But can you remind me what that one did?"). Not a tag ("…, right?"), not a
 * check that they were understood ("Does that make sense?"), not one they put to themselves ("How do I determine…?").
 */
const ASKING = /(?:^|[.!?…]\s+)(?:(?:but|and|so|okay|ok|oh|yeah|well|nice|sorry)[,.]?\s+)*(?:what|how|why|when|where|which|who|is|are|am|was|were|do|does|did|have|has|can|could|would|will|should)\b[^.!?…]*\?$/;
const ASKING_MAX_WORDS = 15;
const NOT_ASKING = /\b(i|we|i'm|we're|my|our)\b|\bmakes? sense\?$|\bwhat i mean\?$/;

function asksTheInterviewer(said: string): boolean {
  const match = ASKING.exec(said.trim().toLowerCase().replace(/[\u2018\u2019]/g, "'"));
  if (!match) return false;
  const question = match[0].replace(/^[.!?…]\s+/, '');
  return plainWords(question).length <= ASKING_MAX_WORDS && !NOT_ASKING.test(question);
}

/**
 * Turns in which the participant reacts to the interviewer's answer to their own question ("What is the upper limit
 * on rows?" "…we top out around low thousands." "Yeah, our training sample is 60 million rows."): the roles are
 * reversed, and the participant talks about what they were just told rather than answering the interview's
 * questions. The reaction lasts while the interviewer only acknowledges; it ends when they ask or say more.
 */
function reactionsToAnswers(
  input: { text: string; turns: readonly { speaker: string; start: number; end: number }[] },
  quotable: ReadonlySet<string>,
): Set<number> {
  const found = new Set<number>();
  let asking = false;
  let reacting = false;
  input.turns.forEach((turn, index) => {
    const said = input.text.slice(turn.start, turn.end);
    if (quotable.has(turn.speaker)) {
      if (reacting) found.add(index);
      asking = asksTheInterviewer(said);
      return;
    }
    const explains = plainWords(said).length >= EXPLAINING_WORDS;
    if (said.includes('?') || (explains && !asking)) reacting = false;
    else if (asking && explains) reacting = true;
    asking = false;
  });
  return found;
}

/** A word the participant uses in this many statements is one of the interview's subjects. */
const RECURRING_IN = 3;
const RECURRING_WEIGHT = 1;

/** Token positions of a statement's content words (nouns, names, verbs, adjectives; no stop words or fillers). */
function contentTokens(statement: Statement): number[] {
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

function contentLemmas(statement: Statement): Set<string> {
  const source = statement.source;
  return new Set(source ? contentTokens(statement).map((i) => source.tokens.lemmas[i].toLowerCase()) : []);
}

/**
 * Share of each statement's content words that the participant keeps returning to: a finding is about the
 * interview's subjects, a passing detail ("stored in JavaScript", "I ran this in Colab") uses words said once.
 */
function recurringShare(statements: readonly Statement[]): Map<Statement, number> {
  const lemmasOf = statements.map(contentLemmas);
  const frequency = new Map<string, number>();
  for (const lemmas of lemmasOf) for (const lemma of lemmas) frequency.set(lemma, (frequency.get(lemma) ?? 0) + 1);
  const share = new Map<Statement, number>();
  statements.forEach((statement, k) => {
    const lemmas = [...lemmasOf[k]];
    if (lemmas.length > 0) share.set(statement, lemmas.filter((lemma) => (frequency.get(lemma) ?? 0) >= RECURRING_IN).length / lemmas.length);
  });
  return share;
}

interface LastQuestion {
  /** The interviewer's words (lower case). */
  words: ReadonlySet<string>;
  /** It asks a yes-or-no question ("Were the filtering capabilities useful?"), which an answer confirms in its words. */
  yesNo: boolean;
}

/** For each quotable turn, the interviewer's turn before it, when there is one. */
function lastQuestions(
  input: { text: string; turns: readonly { speaker: string; start: number; end: number }[] },
  quotable: ReadonlySet<string>,
): Map<number, LastQuestion> {
  const found = new Map<number, LastQuestion>();
  let last: LastQuestion | undefined;
  input.turns.forEach((turn, index) => {
    if (quotable.has(turn.speaker)) {
      if (last) found.set(index, last);
      return;
    }
    const said = input.text.slice(turn.start, turn.end);
    last = { words: new Set(plainWords(said)), yesNo: asksYesOrNo(said) };
  });
  return found;
}

/** A question opening with an auxiliary, after any words that only lead into it ("Okay. So next, were the …?"). */
const YES_NO_QUESTION = /^(?:(?:okay|ok|so|and|but|uh|um|well|next|then|now|right|great|cool|alright|also|yeah)[,.]?\s+)*(?:is|are|was|were|am|do|does|did|have|has|had|can|could|would|will|should)\b[^?]*\?$/;
/**
 * Not a yes-or-no question: a request for an account ("Can you explain what you mean…?", "Could you talk about…?"),
 * or the interviewer's own claim with a tag ("…a scatter plot could also show every instance, right?"), which an
 * answer repeating it only agrees with.
 */
const NOT_YES_NO = /^(?:\S+\s+)*?(?:can|could|would|will) you (?:explain|describe|tell|talk|walk|show|say|give|elaborate|expand|share|go)\b|,\s*(?:right|correct|yeah|yes|no|true|isn't it|don't you|didn't you)\?$/;

function asksYesOrNo(said: string): boolean {
  const sentences = said.toLowerCase().replace(/[\u2018\u2019]/g, "'").match(/[^.!?]+[.!?]*/g) ?? [];
  return sentences.some((sentence) => YES_NO_QUESTION.test(sentence.trim()) && !NOT_YES_NO.test(sentence.trim()));
}

/** Words that echo a question count only when they mean something ("any", "would", "the" do not). */
const ECHO_MIN_WORDS = 3;

/**
 * Reading the question back ("any additional improvements, capabilities we want to add…"): most content words of
 * the statement's first sentence are the question's own. Not an answer to a yes-or-no question that states what was
 * asked as a claim of its own ("Were the filtering capabilities useful?" "The filtering capabilities were useful,
 * especially for the two-way plots."): that is the answer.
 */
function echoes(statement: Statement, question: LastQuestion | undefined): boolean {
  const source = statement.source;
  if (!question || !source) return false;
  const sentenceEnd = source.tokens.sentences.find((sentence) => sentence.to >= source.from)?.to ?? source.to;
  const content = new Set<string>();
  let shared = 0;
  for (const i of contentTokens(statement)) {
    if (i > sentenceEnd) break;
    const lemma = source.tokens.lemmas[i].toLowerCase();
    if (content.has(lemma)) continue;
    content.add(lemma);
    if (question.words.has(source.tokens.normals[i]) || question.words.has(lemma)) shared++;
  }
  if (shared < ECHO_MIN_WORDS || shared * 2 < content.size) return false;
  return !(question.yesNo && statesClaim(wordsOf(source.tokens, source.from, sentenceEnd)));
}

/** Words of a whole answer, hesitations and fillers left out (counted once per answer). */
function answerWords(tokens: TurnTokens, counted: Map<TurnTokens, number>): number {
  let words = counted.get(tokens);
  if (words === undefined) {
    words = 0;
    for (let i = 0; i < tokens.types.length; i++) if (isWord(tokens, i) && !HESITATIONS.has(tokens.normals[i]) && !FILLERS.has(tokens.normals[i])) words++;
    counted.set(tokens, words);
  }
  return words;
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

/** Steps to the participant's next answer when the interviewer asked a new question in between. */
const NEW_QUESTION_STEP = 3;
/** A follow-up is a short question: a long one sets out a new subject even when it takes up a word. */
const FOLLOW_UP_WORDS = 12;
/** Verbs any question and any answer share ("do you use…", "what do you think…"): they never make a follow-up. */
const GENERIC_VERBS = new Set(['be', 'do', 'have', 'use', 'think', 'say', 'know', 'see', 'get', 'go', 'make', 'want', 'like', 'look', 'find', 'mean', 'feel', 'try', 'tell', 'talk', 'give', 'take', 'come', 'work', 'need']);

/** A crude singular form, to match "plots" in a question with "plot" in an answer. */
export function wordKey(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/**
 * Each statement's place in the conversation: +0 within a turn, +1 to the participant's next turn, +3 when the
 * interviewer asked a new question in between (a new question usually opens a new subject: the answers on either
 * side belong together only when their meanings are clearly close). A follow-up question, one that takes up a word
 * of the answer before it ("…we tend to use ICE plots." "And do you use both PDP and ICE plots?"), stays on the
 * subject: +1.
 */
export function placeStatements(
  statements: readonly Statement[],
  input: { text: string; turns: readonly { speaker: string; start: number; end: number }[] },
  quotable: ReadonlySet<string>,
): { statement: Statement; position: number }[] {
  let position = 0;
  // Content words of the statements since the last question (the answer a follow-up would take up).
  let answer = new Set<string>();
  return statements.map((statement, k) => {
    const previous = statements[k - 1];
    if (previous && previous.turnIndex !== statement.turnIndex) {
      let asked = false;
      let followUp = true;
      for (let t = previous.turnIndex + 1; t < statement.turnIndex; t++) {
        const turn = input.turns[t];
        if (quotable.has(turn.speaker)) continue;
        const said = input.text.slice(turn.start, turn.end);
        if (!said.includes('?')) continue;
        asked = true;
        const words = plainWords(said);
        followUp &&= words.length <= FOLLOW_UP_WORDS && words.some((word) => answer.has(wordKey(word)));
      }
      position += asked && !followUp ? NEW_QUESTION_STEP : 1;
      if (asked) answer = new Set();
    }
    for (const lemma of contentLemmas(statement)) if (!GENERIC_VERBS.has(lemma)) answer.add(wordKey(lemma));
    return { statement, position };
  });
}
