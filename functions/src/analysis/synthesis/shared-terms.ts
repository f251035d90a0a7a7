/**
 * The specific words two insights share. Each insight's words (its title and quotes, as search terms: "highlighted"
 * and "highlighting" are one; fillers, discourse markers and the words questions are framed with left out) are
 * weighted by how rare they are in the project (over its insights) and in English (the word vectors' frequency
 * ranks), and compared by cosine. Two insights that share "highlight" and "useful" where few others in the project do
 * are about the same thing even when their averaged word vectors are not close; "of course", "yeah" or "thing" never
 * make them so.
 */
import { wordWeight, type WordVectors } from '../meaning';
import { framesQuestions, termOf, wordsWithOffsets } from '../../search/text-terms';
import { FILLERS } from '../local/keyphrases';
import { HEDGES, INTENSIFIERS, STANCE_ADVERBS } from '../local/modifier-words';
import { isAnnotation } from '../parsers/speaker-vocabulary';

/** An insight's terms (ids, ascending) and their weights, of length 1. */
export interface TermVector {
  ids: Int32Array;
  weights: Float32Array;
  /**
   * Its specific terms (ids, ascending): not among the most common words of English nor hedges (see `SPECIFIC_RANK`),
   * weighted or not (a word every insight of a small project says weighs nothing, yet is shared).
   */
  specific: Int32Array;
}

/**
 * Words this common in English ("because", "only", "information", "look") say what a finding is about only together
 * with others; on their own they make no two insights alike. Nor do words that qualify a claim ("maybe", "really") or
 * only judge it ("useful"), however rare.
 */
const SPECIFIC_RANK = 1000;
/** The search terms of some words, those that have one ("the" has none). */
export function termsOf(words: Iterable<string>): Set<string> {
  const terms = new Set<string>();
  for (const word of words) {
    const term = termOf(word);
    if (term !== null) terms.add(term);
  }
  return terms;
}

/** Words that say how something is, not what it is ("useful", "hard"): a judgement of it. */
export const JUDGING_WORDS: readonly string[] =
  'useful helpful good great nice bad easy hard difficult important interesting better best worse quick fast slow cool fine clear unclear'.split(' ');
/** Judging words as terms: no finding is tagged by them, nor made alike by them. */
export const EVALUATIVE = termsOf(JUDGING_WORDS);
/** Words that qualify a claim (as terms): how strongly or how surely it is said ("very", "maybe", "actually"). */
export const QUALIFIERS = termsOf([...INTENSIFIERS, ...HEDGES, ...STANCE_ADVERBS]);

/** A bracketed transcription mark ("(unintelligible)", "[REDACTED]") or a run of redaction letters ("XXXX"). */
const MARK = /[([]\s*([^()[\]]{1,40}?)\s*[)\]]|\bX{3,}\b/gu;

/**
 * A text without the transcriber's marks: what the participant said. "(unintelligible)" in two interviews, or the
 * "XXXX" a study blanked names with, is a rare word both say, not a thing they both speak of.
 */
export function spoken(text: string): string {
  return text.replace(MARK, (mark: string, inside: string | undefined) => (inside === undefined || isAnnotation(inside) ? ' ' : mark));
}

const DISCOURSE = /\b(?:of course|you know|i mean|kind of|sort of|a lot of|lots of|at least)\b/gi;

/**
 * A word as the word vectors know it, lower case: a contraction as its first word ("that's" → "that", "model's" →
 * "model"), which the vectors rank (unknown, it would count as the rarest of words); none for a negation ("didn't"),
 * which says how something is, not what.
 */
function uncontracted(word: string): string | undefined {
  const lower = word.toLowerCase().replace(/’/g, "'");
  if (/n't$/.test(lower)) return undefined;
  return lower.replace(/'(?:s|re|ve|ll|d|m)$/, '');
}

export function termVectors(texts: readonly string[], vectors: WordVectors): TermVector[] {
  const counted = texts.map((text) => {
    const found = new Map<string, { count: number; rarity: number; specific: boolean }>();
    for (const { word: said } of wordsWithOffsets(text.replace(DISCOURSE, ' '))) {
      const word = uncontracted(said);
      if (word === undefined || FILLERS.has(word) || framesQuestions(word)) continue;
      const term = termOf(word);
      if (!term) continue;
      const rank = vectors.rankOf(word);
      const rarity = rank === undefined ? 1 : wordWeight(vectors, rank);
      const entry = found.get(term) ?? { count: 0, rarity: 0, specific: false };
      entry.count++;
      entry.rarity = Math.max(entry.rarity, rarity);
      entry.specific ||= (rank === undefined || rank >= SPECIFIC_RANK) && !QUALIFIERS.has(term) && !EVALUATIVE.has(term);
      found.set(term, entry);
    }
    return found;
  });
  const documentFrequency = new Map<string, number>();
  for (const found of counted) for (const term of found.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const idOf = new Map([...documentFrequency.keys()].map((term, id) => [term, id]));
  return counted.map((found) => {
    const entries: [number, number][] = [];
    const specific: number[] = [];
    let norm = 0;
    for (const [term, entry] of found) {
      const id = idOf.get(term) as number;
      if (entry.specific) specific.push(id);
      const weight = Math.sqrt(entry.count) * Math.log(texts.length / (documentFrequency.get(term) ?? 1)) * entry.rarity;
      if (weight <= 0) continue;
      entries.push([id, weight]);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    entries.sort((a, b) => a[0] - b[0]);
    return {
      ids: Int32Array.from(entries, ([id]) => id),
      weights: Float32Array.from(entries, ([, weight]) => weight / norm),
      specific: Int32Array.from(specific.sort((a, b) => a - b)),
    };
  });
}

/** Cosine of two term vectors (0 when they share no term). */
export function termCosine(a: TermVector, b: TermVector): number {
  let dot = 0;
  for (let i = 0, j = 0; i < a.ids.length && j < b.ids.length; ) {
    if (a.ids[i] === b.ids[j]) dot += a.weights[i++] * b.weights[j++];
    else if (a.ids[i] < b.ids[j]) i++;
    else j++;
  }
  return dot;
}

/** How many specific words (see `SPECIFIC_RANK`) two insights share. */
export function sharedSpecificTerms(a: TermVector, b: TermVector): number {
  let shared = 0;
  for (let i = 0, j = 0; i < a.specific.length && j < b.specific.length; ) {
    if (a.specific[i] === b.specific[j]) {
      shared++;
      i++;
      j++;
    } else if (a.specific[i] < b.specific[j]) i++;
    else j++;
  }
  return shared;
}
