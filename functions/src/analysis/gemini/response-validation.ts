/**
 * Strict reading of Gemini's answer: JSON, exactly the schema's types, no missing field, no empty string, no array
 * over its cap. Anything else is a malformed answer (the caller asks once more). One item too long to keep — a quote
 * over `ANSWER_LIMITS.quote` characters, an insight one of whose words (title, description, tag) is over its limit — is left out
 * alone and counted, and the rest of the answer is kept (an insight whose every quote was left out goes too). Fields
 * the schema does not know are ignored: only known fields are copied, so nothing else can reach the result.
 */
import type { z } from '@verbatim/contract/zod';
import type { ProposedInsight, TagGroup } from '@verbatim/contract/insight';
import { INSIGHT_WORDING_FIELDS, type InsightWordingField } from '@verbatim/contract/insight-schema';
import { answerLabel, answerList, answerObject, answerString, atMost, placeOf, readJsonAnswer } from './json-answer';
import { ANSWER_LIMITS } from './response-schema';

export interface ChunkAnswer {
  insights: ProposedInsight[];
  groupedTags: TagGroup[];
}

/** Items left out of an answer for being longer than we keep. */
export interface DroppedItems {
  /** Quotes over the quote limit. */
  quotes: number;
  /** Insights with a title, description or tag over its limit, or whose every quote was too long. */
  insights: number;
}

export type AnswerReading = { ok: true; answer: ChunkAnswer; dropped: DroppedItems } | { ok: false; problem: string };

const quote = answerObject({
  // The quote's text is passed on as sent (not trimmed): anchoring judges it against the transcript.
  text: answerString()
    .refine((text) => text.trim() !== '', { error: 'is empty' })
    .max(ANSWER_LIMITS.quote, atMost(ANSWER_LIMITS.quote)),
  // A speaker may be empty: then the quote names none.
  speaker: answerString().trim().max(ANSWER_LIMITS.speaker, atMost(ANSWER_LIMITS.speaker)),
}).transform(({ text, speaker }) => (speaker === '' ? { text } : { text, speaker }));

/** Each of the insight's words as the contract lists them, a label within its answer limit. */
const wordingFields = Object.fromEntries(INSIGHT_WORDING_FIELDS.map((field) => [field, answerLabel(ANSWER_LIMITS[field])])) as Record<
  InsightWordingField,
  ReturnType<typeof answerLabel>
>;

const insightFields = answerObject({
  ...wordingFields,
  quotes: answerList(answerObject({}).loose(), ANSWER_LIMITS.quotesPerInsight, 1),
});

const tagRef = answerObject({ originalTag: answerLabel(ANSWER_LIMITS.tag), refinedTag: answerLabel(ANSWER_LIMITS.tag) });

const tagGroup = answerObject({
  groupLabel: answerLabel(ANSWER_LIMITS.groupLabel),
  tags: answerList(tagRef, ANSWER_LIMITS.tagsPerGroup),
});

/** Gemini's answer for one chunk, its insights still to be read one by one. */
const answerShape = answerObject({
  insights: answerList(answerObject({}).loose(), ANSWER_LIMITS.insights),
  groupedTags: answerList(tagGroup, ANSWER_LIMITS.groups),
});

type ItemReading<T> = { kept: T } | { tooLong: true } | { problem: string };

/** Reads one item; an item whose only faults are strings over their limit is too long, not malformed. */
function readItem<T>(schema: z.ZodType<T>, value: unknown, path: readonly PropertyKey[]): ItemReading<T> {
  const result = schema.safeParse(value);
  if (result.success) return { kept: result.data };
  const issues = result.error.issues;
  if (issues.every((issue) => issue.code === 'too_big' && issue.origin === 'string')) return { tooLong: true };
  const issue = issues.find((i) => !(i.code === 'too_big' && i.origin === 'string')) ?? issues[0];
  return { problem: `${placeOf([...path, ...issue.path])} ${issue.message}` };
}

function readInsight(value: unknown, index: number, dropped: DroppedItems): ProposedInsight | undefined | { problem: string } {
  const fields = readItem(insightFields, value, ['insights', index]);
  if ('problem' in fields) return fields;
  if ('tooLong' in fields) {
    dropped.insights += 1;
    return undefined;
  }
  const quotes: ProposedInsight['quotes'] = [];
  for (const [q, raw] of fields.kept.quotes.entries()) {
    const read = readItem(quote, raw, ['insights', index, 'quotes', q]);
    if ('problem' in read) return read;
    if ('tooLong' in read) dropped.quotes += 1;
    else quotes.push(read.kept);
  }
  if (quotes.length === 0) {
    dropped.insights += 1;
    return undefined;
  }
  const { quotes: _read, ...wording } = fields.kept;
  return { ...wording, quotes };
}

/** Reads one answer's text; never throws. */
export function readAnswer(answerText: string | undefined): AnswerReading {
  const reading = readJsonAnswer(answerShape, answerText);
  if (!reading.ok) return reading;
  const dropped: DroppedItems = { quotes: 0, insights: 0 };
  const insights: ProposedInsight[] = [];
  for (const [index, raw] of reading.value.insights.entries()) {
    const insight = readInsight(raw, index, dropped);
    if (insight && 'problem' in insight) return { ok: false, problem: insight.problem };
    if (insight) insights.push(insight);
  }
  return { ok: true, answer: { insights, groupedTags: reading.value.groupedTags }, dropped };
}
