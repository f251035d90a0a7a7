/**
 * A title in the participant's own words, when no condensed claim of the insight passes the title check: the
 * clearest self-contained sentence or clause of its quotes, verbatim, in quotation marks (“We never open the
 * dashboard on Fridays”). Only the first letter may be raised to a capital; nothing is cut out, nothing reworded. A
 * span qualifies when it reads as a sentence on its own: it has a verb, starts with what it is about (not with a
 * word that leans on the talk before: "and", "so", "because", "I mean"; nor with one that hangs it on a clause
 * before: "which", "that", "if"), is no question, holds no quotation marks of
 * its own, and passes the title check.
 */
import type { Statement } from './statements';
import { MIN_TITLE_WORDS, type TitleCheck } from './title-check';

/**
 * A sentence in quotation marks is at least this many words: a shorter one is a remark ("We grew the team", "There are
 * some left") that says no finding without the talk around it.
 */
const MIN_QUOTED_WORDS = Math.max(MIN_TITLE_WORDS, 5);

/** A sentence in quotation marks is at most this many words: a long one is read, not scanned. */
const MAX_SPAN_WORDS = 12;
/**
 * …and, rather than no sentence of the participant's at all (a label of last resort), a whole sentence up to the
 * longest a title may be: a longer whole sentence before a label that says less.
 */
export const MAX_LONG_SPAN_WORDS = 16;
import { FILLERS } from './keyphrases';
import { standsInInterview } from './title-standing';
import { outcomeOnCondition } from './title-conditions';
import { EMPTY_HEADS, LEADING } from './title-words';
import { ASKS_SOMEONE } from './condense-statement';

/** Nouns that stand for anything ("things", "stuff", "a lot"). */
const VAGUE_NOUNS = new Set([...EMPTY_HEADS, 'things', 'ways', 'lots', 'stuff', 'kinds', 'bits', 'parts', 'everything', 'nothing']);

/** Words that lean on the talk before, left off the front of a span (the span then starts after them). */
const OPENING = new Set([...LEADING, ...FILLERS, 'actually', 'basically', 'sure']);
const LEADING_PAIRS = new Set(['i mean', 'you know', 'you see']);
/** Punctuation that separates the clauses a span may be made of. */
const BREAK = /^(?:[,;:.!?…]+|--|—|–)$/;
const SENTENCE_END = /^[.!?…]+$/;
const SUBJECT_START = new Set(['PRON', 'NOUN', 'PROPN', 'DET', 'ADJ', 'NUM']);
/** Words that make a span hang on a clause before it ("which is something we do at work"). */
const DEPENDENT = new Set(['which', 'who', 'whom', 'whose', 'that', 'where', 'when', 'while', 'whereas', 'although', 'though', 'if', 'unless', 'since', 'as', 'whether', 'than']);
const CONTENT = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM']);

interface Span {
  text: string;
  content: number;
  words: number;
}

/** The insight's verbatim title from its statements (the central one first), in quotation marks; undefined when none reads whole. */
export function verbatimTitle(text: string, statements: readonly Statement[], check: TitleCheck, maxWords = MAX_SPAN_WORDS): string | undefined {
  for (const statement of statements) {
    const best = clearestSpan(text, statement, check, maxWords);
    if (best) return asTitle(best.text);
  }
  return undefined;
}

/** A span as a title: in quotation marks, its first letter a capital. */
function asTitle(span: string): string {
  return `“${span.charAt(0).toUpperCase()}${span.slice(1)}”`;
}

function clearestSpan(text: string, statement: Statement, check: TitleCheck, maxWords: number): Span | undefined {
  const source = statement.source;
  if (!source) return undefined;
  const { tokens } = source;
  // The statement's tokens within its quoted span, cut into clauses at punctuation; a clause knows its sentence.
  const clauses: Array<{ tokens: number[]; sentence: number; question: boolean }> = [];
  let current: number[] = [];
  let sentence = 0;
  const close = (question: boolean) => {
    if (current.length > 0) clauses.push({ tokens: current, sentence, question });
    current = [];
  };
  for (let i = source.from; i <= source.to; i++) {
    if (tokens.starts[i] < statement.start || tokens.ends[i] > statement.end) continue;
    const value = tokens.values[i];
    if (tokens.types[i] === 'punctuation' && (BREAK.test(value) || (value === '-' && text[tokens.starts[i] - 1] === ' '))) {
      close(value.includes('?'));
      if (SENTENCE_END.test(value)) sentence++;
      continue;
    }
    current.push(i);
  }
  close(false);
  // A question is asked, not claimed: its whole sentence is left out.
  const asked = new Set(clauses.filter((clause) => clause.question).map((clause) => clause.sentence));

  let best: Span | undefined;
  for (let a = 0; a < clauses.length; a++) {
    if (asked.has(clauses[a].sentence)) continue;
    for (let b = a; b < clauses.length && clauses[b].sentence === clauses[a].sentence; b++) {
      const first = withoutLeading(tokens.normals, clauses[a].tokens);
      if (first === undefined) continue;
      const last = clauses[b].tokens[clauses[b].tokens.length - 1];
      const indices: number[] = [];
      for (let i = first; i <= last; i++) indices.push(i);
      const words = indices.filter((i) => tokens.types[i] === 'word').length;
      if (words > maxWords) break;
      if (words < MIN_QUOTED_WORDS) continue;
      if (!SUBJECT_START.has(tokens.pos[first]) || DEPENDENT.has(tokens.normals[first]) || !indices.some((i) => tokens.pos[i] === 'VERB' || tokens.pos[i] === 'AUX')) continue;
      // "If the calculations are wrong, | my research will be inaccurate": said only on a condition the span leaves out.
      if (onCondition(text, tokens, sentenceStart(clauses, a), first, last)) continue;
      // "I convinced one of my colleagues, who's a designer, | to really come on": what was asked of them is later.
      if (indices.some((i) => ASKS_SOMEONE.has(tokens.lemmas[i].toLowerCase())) && clauses.slice(b + 1).some((clause) => clause.sentence === clauses[a].sentence && opensInfinitive(tokens, clause.tokens))) continue;
      const span = text.slice(tokens.starts[first], tokens.ends[last]);
      // Quotation marks inside would nest one quote in another ("I was like "I'm …").
      if (/["“”]/.test(span) || !standsInInterview(span) || check(asTitle(span)).length > 0) continue;
      // A long sentence says something particular, or it is not worth its length ("… focused on the smaller things").
      if (words > MAX_SPAN_WORDS && indices.some((i) => tokens.pos[i] === 'NOUN' && VAGUE_NOUNS.has(tokens.normals[i]))) continue;
      const content = indices.filter((i) => CONTENT.has(tokens.pos[i]) && !tokens.stop[i]).length;
      if (!best || content > best.content || (content === best.content && words > best.words)) best = { text: span, content, words };
    }
  }
  return best;
}

/** The first token of the sentence clause `a` is in. */
function sentenceStart(clauses: ReadonlyArray<{ tokens: number[]; sentence: number }>, a: number): number {
  return clauses.find((clause) => clause.sentence === clauses[a].sentence)?.tokens[0] ?? clauses[a].tokens[0];
}

/** Whether the span from `first` to `last` is a condition's outcome told as a fact (see title-conditions.ts). */
function onCondition(text: string, tokens: { starts: readonly number[]; ends: readonly number[] }, from: number, first: number, last: number): boolean {
  return first > from && outcomeOnCondition(text.slice(tokens.starts[from], tokens.starts[first]), text.slice(tokens.starts[first], tokens.ends[last]));
}

/** Whether a clause opens with an infinitive ("to really come on"). */
function opensInfinitive(tokens: { normals: readonly string[]; pos: readonly string[] }, clause: readonly number[]): boolean {
  if (tokens.normals[clause[0]] !== 'to') return false;
  let k = 1;
  while (k < clause.length && tokens.pos[clause[k]] === 'ADV') k++;
  return k < clause.length && (tokens.pos[clause[k]] === 'VERB' || tokens.pos[clause[k]] === 'AUX');
}

/** The first token of a clause once the words leaning on the talk before are left off; undefined when nothing is left. */
function withoutLeading(normals: readonly string[], clause: readonly number[]): number | undefined {
  let k = 0;
  while (k < clause.length) {
    if (k + 1 < clause.length && LEADING_PAIRS.has(`${normals[clause[k]]} ${normals[clause[k + 1]]}`)) k += 2;
    else if (OPENING.has(normals[clause[k]])) k++;
    else break;
  }
  return clause[k];
}
