/**
 * A wish said as a condition left open: "…, the only thing I would say, if you could eject the widget into its own
 * window." No main clause follows the "if": the speaker asks for what it names. A title reads it as the wish it is
 * ("they would like to eject the widget into its own window"), so that it says what the participant wants rather than
 * the praise before it. Only the title reads it so: quotes stay exact.
 */
import { baseVerb } from './title-grammar';
import { LEADING, titleWord, type Word } from './title-words';

/**
 * Who may be asked to do it: their team or the listener (the product's makers). Not "if I could", which as often
 * hedges what the speaker says next ("if I could just think off the top of my head, I'd say …").
 */
const ASKED = new Set(['we', 'you']);
/** Verbs that move the conversation along ("if we could go to another example", "if you could talk about …"): no wish. */
const CONVERSATION_VERBS = new Set(['go', 'think', 'talk', 'say', 'tell', 'dive', 'start', 'move', 'continue', 'come', 'explain', 'describe', 'share']);
/** Words between "could" and its verb that leave the wish as it is. */
const BETWEEN = new Set(['just', 'also', 'maybe', 'somehow', 'perhaps']);
/** The fewest words a wish names after "could" ("eject the widget"), so that "if I could just go" is no wish. */
const MIN_WISH_WORDS = 3;
/** Words that make a clause after the condition its consequence ("…, then you'd see", "…, it would show"). */
const CONSEQUENCE_SUBJECTS = new Set(['i', 'we', 'you', 'it', 'that', 'they', 'this', 'there']);
const CONSEQUENCE_VERBS = new Set(["'d", 'would', 'could', 'can', 'will', "'ll", 'might', 'should']);

/** Whether the words from `k` state the consequence of a condition before them ("then …", "you'd …", "it would …"). */
function consequenceAt(words: readonly Word[], k: number): boolean {
  let i = k;
  while (i < words.length && LEADING.has(words[i].normal) && words[i].normal !== 'then') i++;
  if (words[i]?.normal === 'then') return true;
  const subject = words[i]?.normal ?? '';
  const verb = words[i + 1];
  // "you would", "it'll" (as one word or two).
  const [pronoun, contracted] = subject.split("'");
  if (contracted !== undefined) return CONSEQUENCE_SUBJECTS.has(pronoun) && CONSEQUENCE_VERBS.has(`'${contracted}`);
  return CONSEQUENCE_SUBJECTS.has(subject) && verb !== undefined && CONSEQUENCE_VERBS.has(verb.normal);
}

/**
 * "if you could eject the widget into its own window" → "they would like to eject the widget into its own window",
 * where the condition ends its sentence or is followed by something other than its consequence. Other words are left
 * as they are.
 */
export function wishesOfRequests(words: readonly Word[]): Word[] {
  const out: Word[] = [];
  for (let k = 0; k < words.length; k++) {
    const [asked, could] = [words[k + 1], words[k + 2]];
    const opens = k === 0 || words[k - 1].after !== '' || LEADING.has(words[k - 1].normal);
    if (words[k].normal !== 'if' || !opens || !ASKED.has(asked?.normal ?? '') || could?.normal !== 'could' || asked.after || could.after) {
      out.push({ ...words[k] });
      continue;
    }
    let verb = k + 3;
    while (verb < words.length && BETWEEN.has(words[verb].normal) && !words[verb].after) verb++;
    let end = verb;
    while (end < words.length - 1 && words[end].after === '') end++;
    const named = end - verb + 1;
    const closes = end === words.length - 1 || /[.!?]/.test(words[end].after) || !consequenceAt(words, end + 1);
    if (!baseVerb(words[verb]) || CONVERSATION_VERBS.has(words[verb].lemma) || named < MIN_WISH_WORDS || !closes) {
      out.push({ ...words[k] });
      continue;
    }
    out.push(titleWord('they', 'PRON'), titleWord('would', 'AUX'), titleWord('like', 'VERB'), titleWord('to', 'PART'));
    k = verb - 1;
  }
  return out;
}
