/**
 * Counts a model writes about how many interviews or participants say something, in every form it writes them:
 * "3 of 5 participants", "three in five", "4/5 users", "4 interviews", "all five participants", "both interviews",
 * "none of the participants", "most participants (80%)", "80% of participants", "the majority of users". The server
 * never shows such a count as written: it finds each claim and writes its own ("2 of 5 interviews"), counted from
 * the interviews of the insights the text rests on, or the text is dropped by the caller. A count of one person
 * ("one participant said") is no claim of support and is left as it is. Pure.
 */

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];
const NUMBER = `(?:\\d+|${NUMBER_WORDS.join('|')})`;
/** Who is counted (plural) in "N of M …", where the pair says it is a share of the interviews. */
const WHO_OF = '(?:participants|interviews|interviewees|respondents|people|persons|users|customers|researchers|subjects)';
/** What a participant counts or measures in their own work: "3 in 5 exports", "4 of 5 stars". */
const MEASURED = '(?:times?|days?|weeks?|months?|years?|hours?|minutes?|seconds?|sessions?|runs?|cases?|attempts?|tries|exports?|reports?|calls?|files?|stars?|points?|tasks?|projects?|clients?|customers?|users?|people)\\b';
/**
 * Who is counted in every other form: only words that can mean the people interviewed ("40 users", "12 people on my
 * team" are what a participant said about their work, not a count of support).
 */
const WHO = '(?:participants|interviews|interviewees|respondents|of\\s+them)';
const THE = '(?:of\\s+)?(?:(?:the|our|these|those)\\s+)?';
const PERCENT = '\\d{1,3}(?:[.,]\\d+)?\\s*(?:%|percent\\b|per\\s+cent\\b)';
/** A percentage in brackets straight after a claim: "(80%)", "(4/5)". */
const BRACKETED = `(?:\\s*\\(\\s*(?:${PERCENT}|${NUMBER}\\s*(?:/|of|in)\\s*${NUMBER})\\s*\\))?`;
const VAGUE = '(?:all|every\\s+one|each|both|none|nearly\\s+all|almost\\s+all|most|many|several|half|the\\s+majority|a\\s+majority|the\\s+minority|a\\s+minority)';

/** Every form of a count claim, longest forms first so one claim is read once. */
const CLAIM = new RegExp(
  [
    // "4 of 5 participants", "three out of five", "4 of the 5 users", "3 in 5", "4/5 participants"; not a frequency or
    // a measure a participant gave ("3 in 5 exports fail", "4 of 5 stars")
    `\\b${NUMBER}\\s*(?:(?:out\\s+)?of(?:\\s+the)?\\s+|in\\s+|/\\s*)${NUMBER}(?:\\s+${WHO_OF}\\b|\\b(?!\\s+${MEASURED}))`,
    // "80% of participants", "80 percent of the users"
    `\\b${PERCENT}\\s+of\\s+${THE}${WHO}\\b`,
    // "all five participants", "all of the participants", "most participants", "both interviews", "none of them"
    `\\b${VAGUE}\\s+${THE}(?:${NUMBER}\\s+)?${WHO}\\b`,
    // "4 interviews", "five participants", "4 of the participants"
    `\\b${NUMBER}\\s+${THE}${WHO}\\b`,
  ]
    .map((form) => `(?:${form})${BRACKETED}`)
    .join('|'),
  'giu',
);

/** A claim about one person or interview ("one of the participants", "1 interview") claims no support. */
const ONE = /^(?:one|1)\s+(?:of\s+(?:the|our|these|those)\s+)?\S+$/iu;

/** One count claim in a text. */
export interface CountClaim {
  start: number;
  end: number;
  text: string;
}

/** The count claims of `text`, in order. */
export function countClaims(text: string): CountClaim[] {
  const found: CountClaim[] = [];
  for (const match of text.matchAll(CLAIM)) {
    if (ONE.test(match[0].trim())) continue;
    found.push({ start: match.index, end: match.index + match[0].length, text: match[0] });
  }
  return found;
}

/** "n of M interviews" (or participants), the server's way of saying a count. */
export function countPhrase(n: number, of: number, unit: 'interview' | 'participant' = 'interview'): string {
  return `${n} of ${of} ${unit}${of === 1 ? '' : 's'}`;
}

/**
 * `text` with every count claim written as `n` of `of` interviews (or participants). A claim `keep` says to keep (a
 * participant's own words) stays as written.
 */
export function recounted(text: string, n: number, of: number, unit: 'interview' | 'participant' = 'interview', keep: (claim: string) => boolean = () => false): string {
  let out = '';
  let from = 0;
  for (const claim of countClaims(text)) {
    if (keep(claim.text)) continue;
    out += text.slice(from, claim.start) + countPhrase(n, of, unit);
    from = claim.end;
  }
  return out + text.slice(from);
}
