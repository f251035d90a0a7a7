/**
 * Whether a title can be read without the conversation before it. One that leans on what was said before ("It's
 * because they went through so much information", "That's where PDPs come from", "When …") cannot; nor can one that
 * refers back to it ("That was another attractive aspect", "They do the same thing when they upgrade models").
 * Within an interview, an "it" or "these" is read beside its quotes ("It's a useful tool for analysis"); across
 * interviews, it points back too ("It's like someone has to sit there"), though "It's important that …" points
 * forward, at what follows.
 */

/** A reason, time or place for something said before, or a clause that continues it. */
const LEANS_ON_CONTEXT = /^(?:(?:it's|it is|that's|that is) (?:because|why|when|where|how|like)|because|when|where|if|whereas|although|though|and|but|or|of|for)\b/i;
/** "That was …": a subject standing for what was said before. */
const THAT_SUBJECT = /^that(?:'s|\s+is|\s+was)?\b/i;
/** "the same thing", "the same": what was said before, unless compared right there ("the same as …"). */
const SAME_AS_BEFORE = /\bthe same(?: thing| way| one)?\b(?!\s+(?:as|\w+\s+as)\b)/i;
/** A subject that points back ("It's quick", "These models …"), across interviews. */
const POINTS_BACK = /^(?:it|it's|that|that's|this|these|those)\b/i;
/** "It's important that …", "It was hard to …": an "it" that points forward, at what follows. */
const POINTS_FORWARD = /^it(?:'s|\s+is|\s+was|\s+wasn't|\s+isn't)\s+\w+\s+(?:to|that)\b/i;

/** Whether a title can be read within its interview, beside its quotes: it neither leans on nor refers back to what came before. */
export function standsInInterview(title: string): boolean {
  const trimmed = title.trim();
  return !LEANS_ON_CONTEXT.test(trimmed) && !THAT_SUBJECT.test(trimmed) && !SAME_AS_BEFORE.test(trimmed);
}

/** Whether a title can be read among other interviews' findings: it stands in its interview and its subject names what it is. */
export function standsAcrossInterviews(title: string): boolean {
  const trimmed = title.trim();
  return standsInInterview(trimmed) && !(POINTS_BACK.test(trimmed) && !POINTS_FORWARD.test(trimmed));
}
