/**
 * A claim or a sentence that states, as a fact, what its speaker said would follow only on a condition left out of it:
 * "if the calculations are wrong, | my research will be inaccurate" is not "Their research will be inaccurate". Only an
 * outcome (what will or would happen, or a "you" that stands for anyone in a situation) is refused so: "if I'm coming up
 * blank, | I can ask the model for ideas" still holds as "They can ask the model for ideas". A way of speaking ("if
 * you want me to be honest", "if anything", "if you look at …") is no condition.
 */

/** A wording that says what will, would or could happen, or a "you" that stands for anyone in a situation. */
const OUTCOME = /^["“]?you\b|\b(?:will|won't|would|wouldn't|could|couldn't|going to|gonna)\b|['’](?:ll|d)\b/i;
/** "If you want me to be honest", "if anything", "if you look at …": a way of speaking, not a condition. */
const SPEAKING_IF = /\bif\s+(?:anything|you\s+will|(?:i'm|i\s+am|i'm\s+being)\s+honest|(?:you|i)\s+(?:want|wanna|look|think|ask|remember|recall)|that\s+makes\s+sense)\b/g;

/** Whether `wording`, said after `before` in the same sentence, is the outcome of a condition `before` sets. */
export function outcomeOnCondition(before: string, wording: string): boolean {
  const lowered = before.toLowerCase().replace(/’/g, "'").replace(SPEAKING_IF, '');
  return /\b(?:if|unless)\b/.test(lowered) && OUTCOME.test(wording.trim());
}
