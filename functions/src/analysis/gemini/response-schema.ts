/**
 * The shape Gemini must answer in, sent as `responseJsonSchema`, derived from the contract's insight schema
 * (`@verbatim/contract/insight-schema`): an insight's fields and what each asks for are written there once. Gemini
 * supports `type`, `properties`, `required`, `items`, `minItems`/`maxItems`, `additionalProperties`, `description` and
 * the non-standard `propertyOrdering`, but not `maxLength`, so string lengths are only checked on our side.
 */
import { z } from '@verbatim/contract/zod';
import { INSIGHT_WORDING, INSIGHT_WORDING_FIELDS, proposedInsightSchema, proposedQuoteSchema, type InsightWordingField } from '@verbatim/contract/insight-schema';

const wordingLimits = Object.fromEntries(INSIGHT_WORDING_FIELDS.map((field) => [field, INSIGHT_WORDING[field].answerMax])) as Record<
  InsightWordingField,
  number
>;

export const ANSWER_LIMITS = {
  insights: 25,
  quotesPerInsight: 5,
  groups: 12,
  tagsPerGroup: 30,
  ...wordingLimits,
  quote: 1500,
  speaker: 200,
  groupLabel: 120,
} as const;

/** An insight as Gemini writes it: the contract's proposal, every quote naming its speaker, and no start hints. */
const answerInsight = proposedInsightSchema.extend({
  quotes: z
    .array(proposedQuoteSchema.pick({ text: true, speaker: true }).required())
    .min(1)
    .max(ANSWER_LIMITS.quotesPerInsight),
});

const tagGroup = z.object({
  groupLabel: z.string().meta({ description: 'A theme grouping related tags.' }),
  tags: z
    .array(
      z.object({
        originalTag: z.string().meta({ description: 'A tag exactly as used in insights.' }),
        refinedTag: z.string().meta({ description: 'A clearer name for that tag.' }),
      }),
    )
    .max(ANSWER_LIMITS.tagsPerGroup),
});

const answer = (maxInsights: number) =>
  z.object({
    insights: z.array(answerInsight).max(maxInsights),
    groupedTags: z.array(tagGroup).max(ANSWER_LIMITS.groups),
  });

type JsonSchema = { [key: string]: unknown };

/** A zod schema as Gemini reads JSON Schema: no `$schema` or `maxLength`, each object's fields in the schema's order. */
export function geminiJsonSchema(schema: z.ZodType): JsonSchema {
  const adapt = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(adapt);
    if (typeof node !== 'object' || node === null) return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) if (key !== '$schema' && key !== 'maxLength') out[key] = adapt(value);
    if (out.type === 'object' && typeof out.properties === 'object' && out.properties !== null) out.propertyOrdering = Object.keys(out.properties);
    return out;
  };
  return adapt(z.toJSONSchema(schema)) as JsonSchema;
}

/** The answer's schema, asking for at most `maxInsights` insights. */
export const answerJsonSchema = (maxInsights: number): JsonSchema => geminiJsonSchema(answer(maxInsights));

export const ANSWER_JSON_SCHEMA = answerJsonSchema(ANSWER_LIMITS.insights);
