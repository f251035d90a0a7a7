/**
 * One turn read by wink-nlp: its tokens with their character offsets in the transcript text, part of speech, lemma,
 * negation and stop-word flags, and its sentences with their sentiment (a long one spoken without punctuation in
 * parts: see spoken-sentences.ts). wink's tokenisation is lossless (each token is preceded by the exact spaces before
 * it), which gives the offsets; they are checked against the text anyway.
 */
import type { ItsFunction, WinkMethods } from 'wink-nlp';
import { spokenSentences } from './spoken-sentences';

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
}

/** Reads `text.slice(start, end)`; undefined when wink's tokens cannot be placed on the text. */
export function readTurn(
  nlp: WinkMethods,
  text: string,
  turn: { start: number; end: number; speaker: string },
  turnIndex: number,
): TurnTokens | undefined {
  const span = text.slice(turn.start, turn.end);
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
    starts.push(turn.start + at);
    ends.push(turn.start + at + values[i].length);
    cursor = at + values[i].length;
  }
  const spans = doc.sentences().out(its.span) as unknown as [number, number][];
  const sentiments = doc.sentences().out(its.sentiment) as unknown as number[];
  const normals = values.map((value) => value.toLowerCase());
  const types = tokens.out(its.type) as string[];
  // A long sentence spoken without punctuation is read in parts, each with its sentence's sentiment.
  const sentences = spokenSentences(
    spans.map(([from, to], k) => ({ from, to, sentiment: sentiments[k] ?? 0 })),
    { types, normals },
  );
  return {
    turnIndex,
    speaker: turn.speaker,
    values,
    normals,
    pos: tokens.out(its.pos) as string[],
    // wink's declaration of `its.lemma` takes the model addons third, where `out` passes them fourth.
    lemmas: tokens.out(its.lemma as unknown as ItsFunction<string>) as string[],
    negated: tokens.out(its.negationFlag) as unknown as boolean[],
    stop: tokens.out(its.stopWordFlag) as unknown as boolean[],
    types,
    starts,
    ends,
    sentences,
  };
}
