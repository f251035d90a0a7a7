/**
 * Strict reading of Gemini's answer: JSON, exactly the schema's types, no missing field, no empty or over-long
 * string, no array over its cap. Anything else is a malformed answer (the caller retries once). Fields the schema
 * does not know are ignored: only known fields are copied, so nothing else can reach the result.
 */
import type { ProposedInsight, ProposedQuote, TagGroup, TagRef } from '@verbatim/contract/insight';
import { ANSWER_LIMITS } from './response-schema';

export interface ChunkAnswer {
  insights: ProposedInsight[];
  groupedTags: TagGroup[];
}

export type AnswerReading = { ok: true; answer: ChunkAnswer } | { ok: false; problem: string };

class ShapeError extends Error {}

type Json = Record<string, unknown>;

function object(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ShapeError(`${path} is not an object`);
  return value as Json;
}

function array(value: unknown, path: string, max: number, min = 0): unknown[] {
  if (!Array.isArray(value)) throw new ShapeError(`${path} is not an array`);
  if (value.length > max) throw new ShapeError(`${path} has ${value.length} items (at most ${max})`);
  if (value.length < min) throw new ShapeError(`${path} has ${value.length} items (at least ${min})`);
  return value;
}

function text(value: unknown, path: string, max: number, options: { allowEmpty?: boolean; trim?: boolean } = {}): string {
  if (typeof value !== 'string') throw new ShapeError(`${path} is not a string`);
  const result = options.trim === false ? value : value.trim();
  if (!options.allowEmpty && result.trim() === '') throw new ShapeError(`${path} is empty`);
  if (result.length > max) throw new ShapeError(`${path} is ${result.length} characters long (at most ${max})`);
  return result;
}

function readQuote(value: unknown, path: string): ProposedQuote {
  const raw = object(value, path);
  // The quote's text is passed on as sent (not trimmed): anchoring judges it against the transcript.
  const quote: ProposedQuote = { text: text(raw.text, `${path}.text`, ANSWER_LIMITS.quote, { trim: false }) };
  const speaker = text(raw.speaker, `${path}.speaker`, ANSWER_LIMITS.speaker, { allowEmpty: true });
  if (speaker !== '') quote.speaker = speaker;
  return quote;
}

function readInsight(value: unknown, path: string): ProposedInsight {
  const raw = object(value, path);
  return {
    title: text(raw.title, `${path}.title`, ANSWER_LIMITS.title),
    description: text(raw.description, `${path}.description`, ANSWER_LIMITS.description),
    tag: text(raw.tag, `${path}.tag`, ANSWER_LIMITS.tag),
    quotes: array(raw.quotes, `${path}.quotes`, ANSWER_LIMITS.quotesPerInsight, 1).map((q, i) => readQuote(q, `${path}.quotes[${i}]`)),
  };
}

function readTagRef(value: unknown, path: string): TagRef {
  const raw = object(value, path);
  return {
    originalTag: text(raw.originalTag, `${path}.originalTag`, ANSWER_LIMITS.tag),
    refinedTag: text(raw.refinedTag, `${path}.refinedTag`, ANSWER_LIMITS.tag),
  };
}

function readGroup(value: unknown, path: string): TagGroup {
  const raw = object(value, path);
  return {
    groupLabel: text(raw.groupLabel, `${path}.groupLabel`, ANSWER_LIMITS.groupLabel),
    tags: array(raw.tags, `${path}.tags`, ANSWER_LIMITS.tagsPerGroup).map((t, i) => readTagRef(t, `${path}.tags[${i}]`)),
  };
}

/** Reads one answer's text; never throws. */
export function readAnswer(answerText: string | undefined): AnswerReading {
  if (answerText === undefined || answerText.trim() === '') return { ok: false, problem: 'the answer has no text' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(answerText);
  } catch {
    return { ok: false, problem: 'the answer is not valid JSON' };
  }
  try {
    const root = object(parsed, 'answer');
    return {
      ok: true,
      answer: {
        insights: array(root.insights, 'insights', ANSWER_LIMITS.insights).map((v, i) => readInsight(v, `insights[${i}]`)),
        groupedTags: array(root.groupedTags, 'groupedTags', ANSWER_LIMITS.groups).map((v, i) => readGroup(v, `groupedTags[${i}]`)),
      },
    };
  } catch (error) {
    if (error instanceof ShapeError) return { ok: false, problem: error.message };
    throw error;
  }
}
