/**
 * One turn read by wink-nlp: its tokens with their character offsets in the transcript text, part of speech, lemma,
 * negation and stop-word flags, and its sentences with their sentiment (a long one spoken without punctuation in
 * parts: see spoken-sentences.ts). wink's tokenisation is lossless (each token is preceded by the exact spaces before
 * it), which gives the offsets; they are checked against the text anyway.
 */
import type { ItsFunction, WinkMethods } from 'wink-nlp';
import { boundedPassages, type TextSpan } from '../text-bounds';
import { spokenSentences } from './spoken-sentences';
import type { WinkReader } from './wink-model';

export interface TurnSentence {
  /** First token (index into the turn's tokens). */
  from: number;
  /** Last token, inclusive. */
  to: number;
  /** wink's sentiment score, -1 … 1. */
  sentiment: number;
}

export interface TurnTokens {
  turnIndex: number;
  speaker: string;
  values: string[];
  /** Lower-case values. */
  normals: string[];
  pos: string[];
  lemmas: string[];
  negated: boolean[];
  stop: boolean[];
  /** wink token types: 'word', 'punctuation', 'number', 'emoji', … */
  types: string[];
  /** Offsets in the transcript text. */
  starts: number[];
  ends: number[];
  sentences: TurnSentence[];
  /** The passages read, in order (spans of the text; see text-bounds): no sentence spans two. */
  passages: TextSpan[];
}

/**
 * Reads `text.slice(turn.start, turn.end)` in bounded passages (see text-bounds: over-long runs are read past, a long
 * turn is read a passage at a time), each by one call of the shared wink instance; the passages' tokens and sentences
 * are joined in order. A passage whose tokens cannot be placed on the text is left out; undefined when that leaves
 * nothing of a turn that had something to read.
 */
export function readTurn(
  wink: WinkReader,
  text: string,
  turn: { start: number; end: number; speaker: string },
  turnIndex: number,
): TurnTokens | undefined {
  const passages: TextSpan[] = [];
  const parts: ReadPassage[] = [];
  let misplaced = false;
  for (const passage of boundedPassages(text, turn.start, turn.end)) {
    const tokens = wink.use((nlp) => readPassage(nlp, text, passage), passage.end - passage.start);
    if (tokens) {
      parts.push(tokens);
      passages.push(passage);
    } else misplaced = true;
  }
  if (misplaced && parts.every((part) => part.values.length === 0)) return undefined;
  const joined = joinPassages(parts);
  // A long sentence spoken without punctuation is read in parts, each with its sentence's sentiment.
  const sentences = spokenSentences(joined.sentences, { types: joined.types, normals: joined.normals });
  return { turnIndex, speaker: turn.speaker, ...joined, sentences, passages };
}

type TokenField = Exclude<keyof TurnTokens, 'turnIndex' | 'speaker' | 'sentences' | 'passages'>;

/** One passage read by wink: its tokens (offsets in the text) and its sentences as wink reads them. */
type ReadPassage = Pick<TurnTokens, TokenField | 'sentences'>;

/** Passages read one after another as one: their tokens in order, their sentences numbered on. */
function joinPassages(parts: readonly ReadPassage[]): ReadPassage {
  if (parts.length === 1) return parts[0];
  const joined = (key: TokenField) => ([] as unknown[]).concat(...parts.map((part) => part[key]));
  let first = 0;
  const sentences: TurnSentence[] = [];
  for (const part of parts) {
    for (const { from, to, sentiment } of part.sentences) sentences.push({ from: from + first, to: to + first, sentiment });
    first += part.values.length;
  }
  return {
    values: joined('values') as string[],
    normals: joined('normals') as string[],
    pos: joined('pos') as string[],
    lemmas: joined('lemmas') as string[],
    negated: joined('negated') as boolean[],
    stop: joined('stop') as boolean[],
    types: joined('types') as string[],
    starts: joined('starts') as number[],
    ends: joined('ends') as number[],
    sentences,
  };
}

function readPassage(nlp: WinkMethods, text: string, passage: TextSpan): ReadPassage | undefined {
  const span = text.slice(passage.start, passage.end);
  const doc = nlp.readDoc(span);
  const its = nlp.its;
  const tokens = doc.tokens();
  const values = tokens.out() as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const starts: number[] = [];
  const ends: number[] = [];
  let cursor = 0;
  for (let i = 0; i < values.length; i++) {
    let at = cursor + spaces[i].length;
    if (!span.startsWith(values[i], at)) {
      at = span.indexOf(values[i], cursor);
      if (at < 0) return undefined;
    }
    starts.push(passage.start + at);
    ends.push(passage.start + at + values[i].length);
    cursor = at + values[i].length;
  }
  const spans = doc.sentences().out(its.span) as unknown as [number, number][];
  const sentiments = doc.sentences().out(its.sentiment) as unknown as number[];
  return {
    values,
    normals: values.map((value) => value.toLowerCase()),
    pos: tokens.out(its.pos) as string[],
    // wink's declaration of `its.lemma` takes the model addons third, where `out` passes them fourth.
    lemmas: tokens.out(its.lemma as unknown as ItsFunction<string>) as string[],
    negated: tokens.out(its.negationFlag) as unknown as boolean[],
    stop: tokens.out(its.stopWordFlag) as unknown as boolean[],
    types: tokens.out(its.type) as string[],
    starts,
    ends,
    sentences: spans.map(([from, to], k) => ({ from, to, sentiment: sentiments[k] ?? 0 })),
  };
}
