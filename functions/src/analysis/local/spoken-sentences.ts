/**
 * Sentences of speech recognised without punctuation. wink reads a whole unpunctuated turn as one sentence, far too
 * long to quote ("yeah so we mostly use notebooks for that and then we share the plots but the export keeps losing the
 * filters so i redo them by hand every week"). Such a sentence (more than `LONG_WORDS` words, in a turn with no full stop, comma or other clause mark but its last) is
 * split where speakers start a new thought: before a discourse word ("so", "but", "because", "um", "okay") or an "and"
 * that opens a clause ("and then", "and we …"), once the part has `MIN_PART_WORDS` words; at `MAX_PART_WORDS` at the
 * latest. Sentences of a punctuated turn, however long, stay whole. Pure.
 */

/** A sentence longer than this, with no mark inside it, was spoken without punctuation. */
const LONG_WORDS = 40;
const MIN_PART_WORDS = 10;
const MAX_PART_WORDS = 35;
/** Words that start a new thought in speech. */
const THOUGHT_STARTS = new Set(['so', 'but', 'because', 'cause', 'um', 'uh', 'umm', 'okay', 'ok', 'yeah', 'well', 'anyway', 'actually', 'also']);
/** After "and", these open a clause ("and then …", "and we …"): "and" starts a new thought too. */
const CLAUSE_SUBJECTS = new Set(['then', 'i', 'we', 'they', 'you', 'it', 'he', 'she', 'that', 'there', 'so']);

/** Marks that end a sentence or set off a clause; dashes, quotes and brackets do not make speech punctuated. */
const CLAUSE_MARK = /^[.,;:!?…]+$/;

export interface SentenceTokens {
  types: readonly string[];
  normals: readonly string[];
}

const isWord = (tokens: SentenceTokens, i: number) => tokens.types[i] === 'word' || tokens.types[i] === 'number';

/** `[from, to]` token spans (inclusive), each long unpunctuated one split into parts. */
export function spokenSentences(spans: readonly (readonly [number, number])[], tokens: SentenceTokens): [number, number][] {
  // A turn that marks a clause anywhere (bar its last mark) was punctuated: its sentences are as written.
  const last = spans.length > 0 ? spans[spans.length - 1][1] : -1;
  const punctuated = tokens.normals.some((normal, i) => i < last && CLAUSE_MARK.test(normal));
  const out: [number, number][] = [];
  for (const [from, to] of spans) {
    let words = 0;
    for (let i = from; i <= to; i++) if (isWord(tokens, i)) words++;
    if (words <= LONG_WORDS || punctuated) {
      out.push([from, to]);
      continue;
    }
    let start = from;
    let partWords = 0;
    for (let i = from; i <= to; i++) {
      if (!isWord(tokens, i)) continue;
      const word = tokens.normals[i];
      const startsThought = THOUGHT_STARTS.has(word) || (word === 'and' && CLAUSE_SUBJECTS.has(tokens.normals[i + 1] ?? ''));
      if (partWords >= MAX_PART_WORDS || (partWords >= MIN_PART_WORDS && startsThought)) {
        out.push([start, i - 1]);
        start = i;
        partWords = 0;
      }
      partWords++;
    }
    out.push([start, to]);
  }
  return out;
}
