/**
 * Whether a turn asks someone something, read from the turn's words. Pure.
 *
 * `asks`: any question mark, or, where the transcript writes none (speech recognised without punctuation), a question
 * as it is asked. `handsOver`: the turn gives the floor with a question of its own: one of its last two sentences is a
 * question of three words or more that is not a tag ("right?", "you know?"), or the turn announces one ("my other
 * question is…", "I do want to know if…"). A guest's questions are mostly asked in passing; a host's end the turn.
 */

export const QUESTION = /[?？¿]/;
/**
 * A question as it is asked, for transcripts written without question marks: the verb before "you" ("do you use…",
 * "what would you change"), a prompt ("tell me about…", "walk me through…") or "is there any…". Not "do you know",
 * which fills ("do you know what I mean").
 */
const ASKED = /\b(?:do|did|does|can|could|would|will|have|had|are|were)\s+you\b(?!\s+know\b)|\b(?:tell|walk)\s+me\b|\b(?:is|are|was|were)\s+there\s+(?:any|anything|a|an|some|other)\b/i;
/** A question announced rather than punctuated: "my other question", "the next question", "I'd love to know". */
const ANNOUNCED =
  /\b(?:(?:my|the|a|one|another|other|next|last|first|follow[- ]up)\s+question\b|I (?:do |really )?(?:want|wanna|wanted|would love|'d love|’d love|would like|'d like|’d like) to (?:know|ask|hear)\b|I(?:'m| am|’m)? (?:was )?(?:curious|wondering)\b)/i;
/** A question that only checks the listener follows ("right?", "…, you know?"). */
const TAG = /(?:^|,\s*)(?:right|you know|isn't it|isn’t it|don't you think|don’t you think|yeah|okay|ok|huh|no|eh|really|what|sorry|is that right|correct|you know what I mean)\s*[?？]$/i;

/** Whether a turn asks: a question mark, or (when the transcript writes none) a question as it is asked. */
export function asks(turn: string, unpunctuated: boolean): boolean {
  return QUESTION.test(turn) || (unpunctuated && ASKED.test(turn));
}

/** Whether the turn hands the floor over with a question (see above). */
export function handsOver(turn: string): boolean {
  if (ANNOUNCED.test(turn)) return true;
  const sentences = turn.split(/(?<=[.?!？])\s+/).map((s) => s.trim()).filter(Boolean);
  return sentences.slice(-2).some((s) => /[?？]$/.test(s) && !TAG.test(s) && s.split(/\s+/).length >= 3);
}
