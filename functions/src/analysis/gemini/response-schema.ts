/**
 * The shape Gemini must answer in, sent as `responseJsonSchema` (JSON Schema; Gemini supports `type`, `properties`,
 * `required`, `items`, `minItems`/`maxItems`, `additionalProperties`, `description` and the non-standard
 * `propertyOrdering`, but not `maxLength`, so string lengths are only checked on our side).
 */
export const ANSWER_LIMITS = {
  insights: 25,
  quotesPerInsight: 5,
  groups: 12,
  tagsPerGroup: 30,
  title: 200,
  description: 1500,
  tag: 60,
  quote: 1500,
  speaker: 200,
  groupLabel: 120,
} as const;

const quoteSchema = {
  type: 'object',
  properties: {
    text: {
      type: 'string',
      description: 'Copied character for character from ONE participant turn of the transcript between the delimiters.',
    },
    speaker: { type: 'string', description: "The speaker of that turn, exactly as in the turn's header." },
  },
  required: ['text', 'speaker'],
  additionalProperties: false,
  propertyOrdering: ['text', 'speaker'],
} as const;

const insightSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', description: 'The finding in a short sentence (at most 12 words).' },
    description: { type: 'string', description: 'One to three sentences explaining the finding.' },
    tag: { type: 'string', description: 'A short lowercase topic label of one to three words.' },
    quotes: { type: 'array', minItems: 1, maxItems: ANSWER_LIMITS.quotesPerInsight, items: quoteSchema },
  },
  required: ['title', 'description', 'tag', 'quotes'],
  additionalProperties: false,
  propertyOrdering: ['title', 'description', 'tag', 'quotes'],
} as const;

const tagGroupSchema = {
  type: 'object',
  properties: {
    groupLabel: { type: 'string', description: 'A theme grouping related tags.' },
    tags: {
      type: 'array',
      maxItems: ANSWER_LIMITS.tagsPerGroup,
      items: {
        type: 'object',
        properties: {
          originalTag: { type: 'string', description: 'A tag exactly as used in insights.' },
          refinedTag: { type: 'string', description: 'A clearer name for that tag.' },
        },
        required: ['originalTag', 'refinedTag'],
        additionalProperties: false,
        propertyOrdering: ['originalTag', 'refinedTag'],
      },
    },
  },
  required: ['groupLabel', 'tags'],
  additionalProperties: false,
  propertyOrdering: ['groupLabel', 'tags'],
} as const;

/** The answer's schema, asking for at most `maxInsights` insights. */
export function answerJsonSchema(maxInsights: number) {
  return {
    ...ANSWER_JSON_SCHEMA,
    properties: { ...ANSWER_JSON_SCHEMA.properties, insights: { ...ANSWER_JSON_SCHEMA.properties.insights, maxItems: maxInsights } },
  };
}

export const ANSWER_JSON_SCHEMA = {
  type: 'object',
  properties: {
    insights: { type: 'array', maxItems: ANSWER_LIMITS.insights, items: insightSchema },
    groupedTags: { type: 'array', maxItems: ANSWER_LIMITS.groups, items: tagGroupSchema },
  },
  required: ['insights', 'groupedTags'],
  additionalProperties: false,
  propertyOrdering: ['insights', 'groupedTags'],
} as const;
