/**
 * How much each statement counts towards an insight, read from its place in the conversation: asides about the
 * interviewer or the session and the question read back are left out; a developed answer counts more, a short reply,
 * words said to the interviewer or a reaction to the interviewer's answer to the participant's own question less, and
 * what the participant keeps returning to more.
 */
import { FILLERS } from './keyphrases';
import { statesClaim } from './title-grammar';
import { isWord } from './spoken-sentences';
import { HESITATIONS, wordsOf } from './title-words';
import type { TurnTokens } from './turn-tokens';
import { contentLemmas, contentTokens, type Statement } from './statements';
import { plainWords } from '../meaning';

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
