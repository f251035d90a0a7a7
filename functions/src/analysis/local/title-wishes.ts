/**
 * Wishes said the long way round, read as the wishes they are, in titles only (quotes stay exact):
 * - a condition left open: "…, the only thing I would say, if you could eject the widget into its own window." No main
 *   clause follows the "if": the speaker asks for what it names ("they would like to eject the widget into its own
 *   window"), so that the title says what the participant wants rather than the praise before it;
 * - a wish named by what it is: "additional capabilities I would like to see is maybe some export feature", "what
 *   I'd love is a way to save the state" ("they would like to see some export feature", "they would love a way to
 *   save the state").
 */
import { HEDGES } from './modifier-words';
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

/** What a wish is named by before it is said ("the thing I'd want is …", "what I would love is …"). */
const WISH_HEADS = new Set(['what', 'thing', 'things', 'capability', 'capabilities', 'feature', 'features', 'improvement', 'improvements']);
/** Words before such a head, in its clause, that say which one it is ("the only", "one of the additional"). */
const HEAD_MODIFIERS = new Set(['DET', 'ADJ', 'NUM', 'ADP']);
const WHICH_ONE = new Set(['one', 'only', 'main', 'other', 'big', 'biggest']);
const WISHING = new Set(['like', 'love', 'want']);
/** Words around a wish that leave it as it is ("I would really like", "is maybe some export feature"). */
const AROUND_WISH = new Set([...BETWEEN, ...HEDGES, 'really', 'definitely', 'actually']);
/** The fewest words a wish so named names ("some export feature"). */
const MIN_NAMED_WORDS = 2;

/** The index just past a speaker wishing ("I would like", "we'd really love to see") from `k`, and their words; -1 when none. */
function wishAt(words: readonly Word[], k: number): { end: number; said: Word[] } {
  const none = { end: -1, said: [] };
  let i = k;
  if (words[i]?.normal === 'that') i++;
  if (!['i', 'we'].includes(words[i]?.normal ?? '') || !["'d", 'would'].includes(words[i + 1]?.normal ?? '')) return none;
  i += 2;
  while (AROUND_WISH.has(words[i]?.normal ?? '')) i++;
  const wish = words[i];
  if (!wish || !WISHING.has(wish.lemma)) return none;
  const said = [titleWord('they', 'PRON'), titleWord('would', 'AUX'), { ...wish, after: '' }];
  i++;
  // "to see", "to have": said as it is (wink may read "see" there as a noun); "to do" says the verb that follows.
  if (words[i]?.normal === 'to' && /^[\p{L}]+$/u.test(words[i + 1]?.normal ?? '') && words[i].after === '') {
    said.push({ ...words[i], after: '' });
    if (words[i + 1].normal !== 'do') said.push({ ...words[i + 1], after: '' });
    i += 2;
  }
  return { end: i, said };
}

/**
 * What the words from `k` name as the wish: a thing ("some export feature", "better labels", "being able to share a
 * view"), a doing ("to export the board", "export the quotes": 'verb', said after "to"); undefined for what only
 * says how the wished-for thing is ("is not there yet", "is missing from the board").
 */
function namedWish(words: readonly Word[], k: number): 'thing' | 'verb' | undefined {
  const [first, second] = [words[k], words[k + 1]];
  if (!first) return undefined;
  if (first.normal === 'to') return 'thing';
  const object = (word: Word | undefined) => word !== undefined && /^(DET|NOUN|PROPN|PRON|NUM|ADJ)$/.test(word.pos);
  // wink may read a verb as a noun; one followed by an article is the verb ("export the quotes").
  if (baseVerb(first) || (first.pos === 'NOUN' && second?.pos === 'DET')) return 'verb';
  if ((first.pos === 'VERB' || first.pos === 'AUX') && first.normal.endsWith('ing')) return object(second) ? 'thing' : undefined;
  if (first.pos === 'ADJ') return /^(NOUN|PROPN)$/.test(second?.pos ?? '') ? 'thing' : undefined;
  return /^(DET|NOUN|PROPN|PRON|NUM)$/.test(first.pos) ? 'thing' : undefined;
}

/**
 * "additional capabilities I would like to see is maybe some export feature" → "they would like to see some export
 * feature": a clause that names a wish ("the thing I'd want", "what I'd love") and then says it after "is" or "would
 * be", said without a break. Other words are left as they are.
 */
export function wishesOfNamedWishes(words: readonly Word[]): Word[] {
  for (let head = 0; head < words.length; head++) {
    if (!WISH_HEADS.has(words[head].normal) || words[head].after !== '') continue;
    // The head opens its clause, or only words that say which one it is come before it there.
    let start = head;
    while (start > 0 && words[start - 1].after === '' && (HEAD_MODIFIERS.has(words[start - 1].pos) || WHICH_ONE.has(words[start - 1].normal))) start--;
    if (start > 0 && words[start - 1].after === '' && !LEADING.has(words[start - 1].normal)) continue;
    const { end, said } = wishAt(words, head + 1);
    if (end < 0 || words.slice(head, end).some((word) => word.after !== '')) continue;
    let rest = end;
    if (words[rest]?.normal === 'would' && words[rest + 1]?.normal === 'be') rest += 2;
    else if (['is', 'are', "'s"].includes(words[rest]?.normal ?? '')) rest++;
    else continue;
    // A pause after "is" ("what I'd like is, you know, some way to …") leaves the wish as it is.
    if (!['', ','].includes(words[rest - 1].after)) continue;
    while (AROUND_WISH.has(words[rest]?.normal ?? '') && words[rest].after === '') rest++;
    // "what I'd like to do is (to) export the plots": the verb after "is" is the wish's.
    if (said[said.length - 1].normal === 'to' && words[rest]?.normal === 'to') rest++;
    const named = namedWish(words, rest);
    if (named === undefined) continue;
    if (named === 'verb' && said[said.length - 1].normal !== 'to') said.push(titleWord('to', 'PART'));
    let count = 0;
    for (let i = rest; i < words.length && count < MIN_NAMED_WORDS; i++) {
      count++;
      if (words[i].after !== '') break;
    }
    if (count < MIN_NAMED_WORDS) continue;
    return [...words.slice(0, start).map((word) => ({ ...word })), ...said, ...words.slice(rest).map((word) => ({ ...word }))];
  }
  return words.map((word) => ({ ...word }));
}
