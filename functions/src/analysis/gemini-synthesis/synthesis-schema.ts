/**
 * The shape Gemini's project synthesis must answer in (sent as `responseJsonSchema`). The answer names insights and
 * quotes only by the ids the prompt gave them: it carries no quote text of its own.
 */
export const SYNTHESIS_LIMITS = {
  consolidated: 20,
  idsPerInsight: 40,
  quotesPerInsight: 6,
  summary: 600,
  title: 200,
  description: 1500,
  tag: 60,
  theme: 120,
  id: 40,
} as const;

export const SYNTHESIS_JSON_SCHEMA = {
  type: 'object',
  properties: {
    summarySentence: {
      type: 'string',
      description: 'One or two sentences naming the strongest findings across interviews, with how many interviews support each. No quotations.',
    },
    consolidatedInsights: {
      type: 'array',
      maxItems: SYNTHESIS_LIMITS.consolidated,
      items: {
        type: 'object',
        properties: {
          title: { type: 'string', description: 'The shared finding in a short sentence (at most 12 words).' },
          description: { type: 'string', description: 'One to three sentences; no quotations.' },
          tag: { type: 'string', description: 'A short lowercase topic label of one to three words.' },
          theme: { type: 'string', description: 'The theme this finding belongs to (a few words).' },
          insightIds: {
            type: 'array',
            minItems: 1,
            maxItems: SYNTHESIS_LIMITS.idsPerInsight,
            items: { type: 'string', description: 'An insight id exactly as given, e.g. "I3".' },
          },
          quoteIds: {
            type: 'array',
            maxItems: SYNTHESIS_LIMITS.quotesPerInsight,
            items: { type: 'string', description: 'A quote id exactly as given, e.g. "I3-Q1", of one of the insights listed.' },
          },
        },
        required: ['title', 'description', 'tag', 'theme', 'insightIds', 'quoteIds'],
        additionalProperties: false,
        propertyOrdering: ['title', 'description', 'tag', 'theme', 'insightIds', 'quoteIds'],
      },
    },
  },
  required: ['summarySentence', 'consolidatedInsights'],
  additionalProperties: false,
  propertyOrdering: ['summarySentence', 'consolidatedInsights'],
} as const;
