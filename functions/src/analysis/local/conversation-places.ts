/**
 * Where each statement stands in the conversation, as a distance from its start: answers on one subject are close,
 * a new question moves on (see `placeStatements`).
 */
import { contentLemmas, wordKey, type Statement } from './statements';
import { plainWords } from '../meaning';

/** Steps to the participant's next answer when the interviewer asked a new question in between. */
const NEW_QUESTION_STEP = 3;
/** A follow-up is a short question: a long one sets out a new subject even when it takes up a word. */
const FOLLOW_UP_WORDS = 12;
/** Verbs any question and any answer share ("do you use…", "what do you think…"): they never make a follow-up. */
const GENERIC_VERBS = new Set(['be', 'do', 'have', 'use', 'think', 'say', 'know', 'see', 'get', 'go', 'make', 'want', 'like', 'look', 'find', 'mean', 'feel', 'try', 'tell', 'talk', 'give', 'take', 'come', 'work', 'need']);

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
