/**
 * What qualifies a claim, which a title cut to fit may not leave off: the clause that says which thing a denial is
 * about ("this is not a strategy | that came from me"), a short contrast that takes the claim back ("…, but it
 * wasn't") and a condition the claim holds under ("… every day | if it could export to PowerPoint"). Without them the
 * title would say what the participant did not; condense-statement.ts keeps them or gives no title.
 */
import { contentCount, LEADING, namesSomething, wordCount, type Word } from './title-words';
import { NEGATORS } from './modifier-words';

/** Words that deny what their clause says: the negations ("not", "never", "no tool …"), and who or which is denied. */
const DENIALS: ReadonlySet<string> = new Set([...NEGATORS, 'nobody', 'neither']);
const RELATIVES = new Set(['that', 'which', 'who', 'whom', 'whose']);

/** Whether `word` denies ("not", "never", "n't" …). */
function denies(word: Word): boolean {
  return DENIALS.has(word.lemma) || DENIALS.has(word.normal) || word.normal.endsWith("n't");
}

/**
 * Whether a title ending on `words` leaves off, at `next`, a relative clause that says which thing a denial is about:
 * "this is not a strategy | that came from me" and "there's no tool | that does this" say something else without it.
 */
export function deniesRestricted(words: readonly Word[], next: Word | undefined): boolean {
  const last = words[words.length - 1];
  if (!next || !last || !RELATIVES.has(next.normal) || next.pos === 'DET' || last.after || !/^(NOUN|PROPN|NUM)$/.test(last.pos)) return false;
  for (let k = words.length - 1; k >= 0; k--) {
    if (k < words.length - 1 && words[k].after) return false;
    if (denies(words[k])) return true;
  }
  return false;
}

/** Words that open a contrast with what was said before. */
const CONTRASTS = new Set(['but', 'yet', 'though', 'although', 'however', 'except']);
/** A contrast that takes back what was said is short: "but it wasn't", "but nobody uses it". */
const TAKE_BACK_WORDS = 5;

/**
 * Whether a fragment takes back what was said before it: a short contrast that denies it with only a pronoun and an
 * auxiliary ("…, but it wasn't") or says nobody does it ("…, but nobody uses it"). One that says something of its own
 * ("…, but I didn't explore it much") takes nothing back.
 */
export function takesBack(piece: readonly Word[]): boolean {
  if (!CONTRASTS.has(piece[0]?.normal ?? '') || wordCount(piece) - 1 > TAKE_BACK_WORDS) return false;
  const [subject, ...after] = piece.slice(1);
  const elided = /^(it|that|this|they|which)$/.test(subject?.normal ?? '') && after.some(denies) && after.every((word) => denies(word) || word.pos === 'AUX' || word.pos === 'ADV' || word.pos === 'PART');
  return elided || /^(nobody|none|nothing)$/.test(subject?.normal ?? '') || (subject?.normal === 'no' && after[0]?.normal === 'one');
}

/** Words after a contrast that say the claim before it holds for few or none of its cases ("but most attempts …"). */
const NARROWING = new Set(['most', 'mostly', 'many', 'majority', 'usually', 'generally', 'often', 'only', 'rarely', 'seldom', 'hardly', 'not', 'never', 'none', 'nothing', 'otherwise']);

/**
 * Whether a contrast says the claim before it holds only in part: "The AI produced some useful lyrics, | but most
 * attempts returned useless ones", "…, but not for the final draft", "…, but only once". Without it the claim says more
 * than was meant, however long the contrast.
 */
export function narrowsBack(piece: readonly Word[]): boolean {
  if (!CONTRASTS.has(piece[0]?.normal ?? '')) return false;
  let k = 1;
  while (k < piece.length && (piece[k].normal === 'then' || piece[k].normal === 'also' || piece[k].normal === 'the')) k++;
  return NARROWING.has(piece[k]?.normal ?? '');
}

/**
 * Whether the rest of a run's sentence takes the run back ("We thought the clustering would be useful, but it
 * wasn't") or says it holds only in part ("…, but most attempts returned useless ones"; see `narrowsBack`): a title of
 * the run alone would say the opposite of what was meant, or more.
 */
export function takenBack(rest: readonly Word[][]): boolean {
  for (const piece of rest) {
    if (takesBack(piece) || narrowsBack(piece)) return true;
    if (/[.!?]/.test(piece[piece.length - 1]?.after ?? '')) return false;
  }
  return false;
}

/**
 * Words that open a condition, or a limit a claim holds until: "they didn't think about starting a company | until the
 * project had grown" says the opposite without it.
 */
const CONDITIONS = new Set(['if', 'unless', 'until', 'till']);
/** Words that open a time a claim holds at, a condition when said after "only" ("only when they're stuck"). */
const ONLY_TIMES = new Set(['when', 'whenever', 'after', 'once', 'while', 'before']);

/** Verbs after which "if" asks whether ("see if there are correlations"): no condition. */
const WHETHER_VERBS = new Set(['see', 'know', 'check', 'wonder', 'ask', 'tell', 'understand', 'determine', 'out', 'test', 'decide', 'sure', 'remember', 'notice', 'show', 'look', 'verify', 'confirm']);

/** Whether the "if" at `k` of `words` asks whether rather than sets a condition. */
function asksWhether(words: readonly Word[], k: number): boolean {
  return WHETHER_VERBS.has(words[k - 1]?.lemma ?? '') || WHETHER_VERBS.has(words[k - 1]?.normal ?? '');
}

/**
 * Whether `rest`, said after `claim`, opens with a condition that names something ("if it could export to
 * PowerPoint", "until the project had grown", "only when the model is stuck"): what the claim holds under, which a
 * title may not leave off. Not an empty one ("if possible", "if that
 * makes sense"), and not an "if" that asks whether ("try to see if there are correlations, if there are instances …").
 */
export function namedCondition(claim: readonly Word[], rest: readonly Word[]): boolean {
  let start = 0;
  while (start < rest.length && LEADING.has(rest[start].normal) && !CONDITIONS.has(rest[start].normal) && rest[start].normal !== 'only') start++;
  // "…, only when they're stuck", "… only | after the review": a time said after "only" is what the claim holds under.
  const word = (k: number) => rest[k]?.normal ?? '';
  if (word(start) === 'only' && (CONDITIONS.has(word(start + 1)) || ONLY_TIMES.has(word(start + 1)))) start++;
  else if (!(claim[claim.length - 1]?.normal === 'only' && ONLY_TIMES.has(word(start))) && !CONDITIONS.has(word(start))) return false;
  if (start === 0 && asksWhether(claim, claim.length)) return false;
  if (claim.some((word, k) => word.normal === 'if' && asksWhether(claim, k))) return false;
  const end = rest.findIndex((word, k) => k >= start && /[.!?;]/.test(word.after));
  const clause = rest.slice(start + 1, end < 0 ? rest.length : end + 1);
  return contentCount(clause) >= 2 && namesSomething(clause.map((word) => word.normal).join(' '));
}
