/**
 * The plain lists an insight's schema (`insight-schema.ts`) is built from, without zod, so the browser can use them:
 * an insight's words, how a quote can match, where an insight comes from.
 */

/**
 * What an insight says, the words an analyser writes and a researcher edits, each with what an analyser is asked for
 * and the longest answer kept from Gemini (a researcher's own edits have `INSIGHT_TEXT_LIMITS`).
 */
export const INSIGHT_WORDING = {
  title: { ask: 'The finding in a short sentence (at most 12 words).', answerMax: 200 },
  description: { ask: 'One to three sentences explaining the finding.', answerMax: 1500 },
  tag: { ask: 'A short lowercase topic label of one to three words.', answerMax: 60 },
} as const;

export type InsightWordingField = keyof typeof INSIGHT_WORDING;
export const INSIGHT_WORDING_FIELDS = Object.keys(INSIGHT_WORDING) as InsightWordingField[];
export type InsightWording = Record<InsightWordingField, string>;

/** The same change made to each of an insight's words (restoring names, trimming): a new field is never forgotten. */
export function mapWording(wording: InsightWording, change: (text: string, field: InsightWordingField) => string): InsightWording {
  return Object.fromEntries(INSIGHT_WORDING_FIELDS.map((field) => [field, change(wording[field], field)])) as InsightWording;
}

/** Just an insight's words, copied. */
export const wordingOf = (value: InsightWording): InsightWording => mapWording(value, (text) => text);

/**
 * How a quote was found: `exact`, word for word; `normalised`, the same words in the same order once case,
 * punctuation, hesitations ("um") and repeated words ("I, I think") are set aside; `fuzzy`, a close match where a
 * few words differed (never a word of meaning). The stored text is the transcript's span in every case.
 * A researcher's own passage and the built-in analyser's quotes are exact.
 */
export const QUOTE_MATCHES = ['exact', 'normalised', 'fuzzy'] as const;
export type QuoteMatch = (typeof QUOTE_MATCHES)[number];

export const INSIGHT_SOURCES = ['local', 'gemini', 'manual'] as const;
export type InsightSource = (typeof INSIGHT_SOURCES)[number];


/** An insight's history on the board (when it was made, edited, deleted, merged): the researcher's own, neither shown to visitors nor exported. */
export const INSIGHT_HISTORY_FIELDS = {
  createdAt: false,
  editedAt: false,
  deletedAt: false,
  mergedInto: false,
  mergedFrom: false,
  quotesRemovedAt: false,
} as const;
