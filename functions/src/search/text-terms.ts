/**
 * How text becomes search terms: lower-case words, common English words left out, each reduced to its Porter2 stem
 * ("onboarding", "onboarded" → "onboard"), so a search matches the forms a participant happened to use. The same
 * function indexes and queries, and finds the words to highlight. Pure.
 */
import stem from 'wink-porter2-stemmer';
import { hasOverlongRun } from '../analysis/text-bounds';
import { TEXT_LIMITS } from '../config/server-limits';

/** Words too common to search by (and, for Ask, the words a question is framed with). */
const STOP_WORDS = new Set(
  ("a an and are as at be been but by can could did do does for from had has have he her his i if in into is it its " +
    "just me my no not of on or our she so than that the their them then there these they this those to too was we were " +
    "what when where which who why will with would you your yours i'm it's don't").split(' '),
);

/** Words a question to the research is framed with: left out of an Ask's retrieval so they never count as relevance. */
const QUESTION_WORDS = new Set(
  ('about say said says saying tell told talk talked talking mention mentioned mentions think thought feel felt people ' +
    'participant participants user users interviewee interviewees anyone someone everyone how any all many much most ' +
    'main key common biggest reason reasons thing things way ways kind kinds do does').split(' '),
);

/** Whether a word is one a question is framed with ("think", "way", "thing"), not what it asks about. */
export function framesQuestions(word: string): boolean {
  return QUESTION_WORDS.has(word.toLowerCase());
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/**
 * Stems already computed (words repeat: an interview of 5,000 words has about 1,000 distinct ones), of words no longer
 * than a real word: at most KNOWN_MAX of them, so at most KNOWN_MAX × `TEXT_LIMITS.maxTokenChars` characters.
 */
const known = new Map<string, string | null>();
const KNOWN_MAX = 200_000;

/**
 * The index term of one word, or null for a word not searched by. A word holding a run longer than any real word (an
 * encoded file, see text-bounds) is never searched by: the stemmer's time grows with the square of a word's length.
 */
export function termOf(word: string): string | null {
  if (word.length > TEXT_LIMITS.maxTokenChars) return hasOverlongRun(word) ? null : computeTerm(word);
  let term = known.get(word);
  if (term === undefined) {
    term = computeTerm(word);
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(word, term);
  }
  return term;
}

function computeTerm(word: string): string | null {
  const lower = word.toLowerCase().replace(/’/g, "'").replace(/^'+|'+$/g, '');
  if (lower === '' || STOP_WORDS.has(lower)) return null;
  if (/^[a-z'-]+$/.test(lower)) return stemmed(lower.replace(/'s$/, ''));
  return lower;
}

/** The Porter2 stem, or the word itself should the stemmer fail on it (it keeps no state: the next word is unharmed). */
function stemmed(word: string): string {
  try {
    return stem(word);
  } catch {
    return word;
  }
}

/** The words of a text with their positions. */
export function wordsWithOffsets(text: string): Array<{ word: string; start: number; end: number }> {
  const found: Array<{ word: string; start: number; end: number }> = [];
  for (const match of text.matchAll(WORD)) found.push({ word: match[0], start: match.index, end: match.index + match[0].length });
  return found;
}

/** The distinct search terms of a query (or question, leaving out its framing words). */
export function queryTerms(text: string, options: { question?: boolean } = {}): string[] {
  const terms = new Set<string>();
  for (const { word } of wordsWithOffsets(text)) {
    if (options.question && framesQuestions(word)) continue;
    const term = termOf(word);
    if (term) terms.add(term);
  }
  return [...terms];
}

/** Ranges of `text` whose words have one of the `terms` (merged when only spaces separate them). */
export function highlightRanges(text: string, terms: Iterable<string>): Array<{ start: number; end: number }> {
  const wanted = new Set(terms);
  if (wanted.size === 0) return [];
  const ranges: Array<{ start: number; end: number }> = [];
  for (const { word, start, end } of wordsWithOffsets(text)) {
    const term = termOf(word);
    if (!term || !wanted.has(term)) continue;
    const last = ranges[ranges.length - 1];
    if (last && /^\s*$/.test(text.slice(last.end, start))) last.end = end;
    else ranges.push({ start, end });
  }
  return ranges;
}
