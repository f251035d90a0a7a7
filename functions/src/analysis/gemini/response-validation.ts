/**
 * Strict reading of Gemini's answer: JSON, exactly the schema's types, no missing field, no empty or over-long
 * string, no array over its cap. Anything else is a malformed answer (the caller retries once). Fields the schema
 * does not know are ignored: only known fields are copied, so nothing else can reach the result.
 */
import type { ProposedInsight, TagGroup } from '@verbatim/contract/insight';
import { answerLabel, answerList, answerObject, answerString, atMost, readJsonAnswer } from './json-answer';
import { ANSWER_LIMITS } from './response-schema';

export interface ChunkAnswer {
  insights: ProposedInsight[];
  groupedTags: TagGroup[];
}

export type AnswerReading = { ok: true; answer: ChunkAnswer } | { ok: false; problem: string };

const quote = answerObject({
  // The quote's text is passed on as sent (not trimmed): anchoring judges it against the transcript.
  text: answerString()
    .refine((text) => text.trim() !== '', { error: 'is empty' })
    .max(ANSWER_LIMITS.quote, atMost(ANSWER_LIMITS.quote)),
  // A speaker may be empty: then the quote names none.
  speaker: answerString().trim().max(ANSWER_LIMITS.speaker, atMost(ANSWER_LIMITS.speaker)),
}).transform(({ text, speaker }) => (speaker === '' ? { text } : { text, speaker }));

const insight = answerObject({
  title: answerLabel(ANSWER_LIMITS.title),
  description: answerLabel(ANSWER_LIMITS.description),
  tag: answerLabel(ANSWER_LIMITS.tag),
  quotes: answerList(quote, ANSWER_LIMITS.quotesPerInsight, 1),
});

const tagRef = answerObject({ originalTag: answerLabel(ANSWER_LIMITS.tag), refinedTag: answerLabel(ANSWER_LIMITS.tag) });

const tagGroup = answerObject({
  groupLabel: answerLabel(ANSWER_LIMITS.groupLabel),
  tags: answerList(tagRef, ANSWER_LIMITS.tagsPerGroup),
});

/** Gemini's answer for one chunk. */
export const chunkAnswerSchema = answerObject({
  insights: answerList(insight, ANSWER_LIMITS.insights),
  groupedTags: answerList(tagGroup, ANSWER_LIMITS.groups),
});

/** Reads one answer's text; never throws. */
export function readAnswer(answerText: string | undefined): AnswerReading {
  const reading = readJsonAnswer<ChunkAnswer>(chunkAnswerSchema, answerText);
  return reading.ok ? { ok: true, answer: reading.value } : reading;
}
