/**
 * Sentences of speech recognised without punctuation. wink reads a whole unpunctuated turn as one sentence, far too
 * long to quote ("yeah so we mostly use notebooks for that and then we share the plots but the export keeps losing the
 * filters so i redo them by hand every week"). In a turn that marks no clause (no full stop, comma or the like but its
 * last), a sentence of more than `LONG_WORDS` words is split where speakers start a new thought: before a discourse
 * word ("so", "but", "because", "um", "okay") or an "and" that opens a clause ("and then", "and we …"), once the part
 * has `MIN_PART_WORDS` words; at `MAX_PART_WORDS` at the latest. Each part keeps what its sentence carries (its
 * sentiment). Sentences of a punctuated turn, however long, stay whole. Pure.
 */

import { HESITATIONS } from './title-words';

/** A sentence longer than this, in a turn that marks no clause, was spoken without punctuation. */
const LONG_WORDS = 40;
const MIN_PART_WORDS = 10;
const MAX_PART_WORDS = 35;
/** Words that start a new thought in speech. */
const THOUGHT_STARTS = new Set([...HESITATIONS, 'so', 'but', 'because', 'cause', 'okay', 'ok', 'yeah', 'well', 'anyway', 'actually', 'also']);
/** After "and", these open a clause ("and then …", "and we …"): "and" starts a new thought too. */
const CLAUSE_SUBJECTS = new Set(['then', 'i', 'we', 'they', 'you', 'it', 'he', 'she', 'that', 'there', 'so']);

/** Marks that end a sentence or set off a clause; dashes, quotes and brackets do not make speech punctuated. */
const CLAUSE_MARK = /^[.,;:!?…]+$/;

export interface SentenceTokens {
  types: readonly string[];
  normals: readonly string[];
}

/** Whether token `i` is a word or a number (not punctuation, a space or a symbol). */
export function isWord(tokens: Pick<SentenceTokens, 'types'>, i: number): boolean {
  return tokens.types[i] === 'word' || tokens.types[i] === 'number';
}

/** The sentences (`from`, `to`: token indices, inclusive), each long unpunctuated one split into parts. */
export function spokenSentences<T extends { from: number; to: number }>(sentences: readonly T[], tokens: SentenceTokens): T[] {
  // A turn that marks a clause anywhere (bar its last mark) was punctuated: its sentences are as written.
  const last = sentences.length > 0 ? sentences[sentences.length - 1].to : -1;
  const punctuated = tokens.normals.some((normal, i) => i < last && CLAUSE_MARK.test(normal));
  const out: T[] = [];
  for (const sentence of sentences) {
    const { from, to } = sentence;
    let words = 0;
    for (let i = from; i <= to; i++) if (isWord(tokens, i)) words++;
    if (words <= LONG_WORDS || punctuated) {
      out.push(sentence);
      continue;
    }
    let start = from;
    let partWords = 0;
    for (let i = from; i <= to; i++) {
      if (!isWord(tokens, i)) continue;
      const word = tokens.normals[i];
      const startsThought = THOUGHT_STARTS.has(word) || (word === 'and' && CLAUSE_SUBJECTS.has(tokens.normals[i + 1] ?? ''));
      if (partWords >= MAX_PART_WORDS || (partWords >= MIN_PART_WORDS && startsThought)) {
        out.push({ ...sentence, from: start, to: i - 1 });
        start = i;
        partWords = 0;
      }
      partWords++;
    }
    out.push({ ...sentence, from: start, to });
  }
  return out;
}
