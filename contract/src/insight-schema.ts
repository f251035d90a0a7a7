import { z } from './zod';
import { INSIGHT_SOURCES, INSIGHT_WORDING, INSIGHT_WORDING_FIELDS, QUOTE_MATCHES, type InsightWordingField } from './insight-fields';

export { INSIGHT_SOURCES, INSIGHT_WORDING, INSIGHT_WORDING_FIELDS, mapWording, QUOTE_MATCHES, wordingOf } from './insight-fields';
export type { InsightSource, InsightWording, InsightWordingField, QuoteMatch } from './insight-fields';

/**
 * An insight, described once. The stored type (`Insight`), an analyser's proposal (`ProposedInsight`) and the shape
 * Gemini is asked to answer in are all derived from the schemas below; the reading of stored data, the public view and
 * the exports are checked against them by the compiler (`satisfies Required<Insight>`, and tables keyed by every field
 * that must say what becomes of each one). Adding a field is: its line here, then whatever the compiler names.
 *
 * A quote is sacred: `text` is exactly `transcriptText.slice(start, end)` of interview `documentId`, inside one turn of
 * `speaker`, who is a participant (never the interviewer). Whatever an analyser proposes is anchored against the text
 * before it is saved; what cannot be anchored is dropped and counted.
 */

const wordingShape = Object.fromEntries(
  INSIGHT_WORDING_FIELDS.map((field) => [field, z.string().meta({ description: INSIGHT_WORDING[field].ask })]),
) as Record<InsightWordingField, z.ZodString>;

const offset = z.number().int().nonnegative();

export const quoteSchema = z.object({
  text: z.string(),
  documentId: z.string(),
  speaker: z.string(),
  start: offset,
  end: offset,
  /** When the quote's first word is said (seconds, see quote-moments.ts), when the format has times. */
  ts: z.number().nonnegative().optional(),
  /** How the analyser's words were found in the transcript; absent on quotes stored before this was recorded. */
  match: z.enum(QUOTE_MATCHES).optional(),
  /** For a close (`fuzzy`) match: the analyser's own words, so the researcher can see how they differed. */
  proposedText: z.string().optional(),
});
export type Quote = z.infer<typeof quoteSchema>;

const when = z.date().nullable().optional();

export const insightSchema = z.object({
  id: z.string(),
  ...wordingShape,
  documentId: z.string(),
  quotes: z.array(quoteSchema),
  source: z.enum(INSIGHT_SOURCES),
  createdAt: z.date(),
  /** The researcher's choice of theme, over the one the tag implies. */
  theme: z.string().nullable().optional(),
  /** Set when the researcher edited it: edited insights survive re-analysis. */
  editedAt: when,
  /** Soft delete (undoable). */
  deletedAt: when,
  /** Set on an insight merged into another (undoable); it is hidden meanwhile. */
  mergedInto: z.string().nullable().optional(),
  /** On a merge target: the insights merged into it, for undo and provenance. */
  mergedFrom: z.array(z.string()).optional(),
  /**
   * Set when a correction of the transcript deleted the words of the insight's last quote. The insight is kept (its
   * title and description are still the researcher's to keep or delete), shown with a note asking for a new passage,
   * and left off the public pages until it has one; adding a quote clears it.
   */
  quotesRemovedAt: when,
});
export type Insight = z.infer<typeof insightSchema>;
export type InsightField = keyof Insight;

/** A quote as an analyser proposes it: text it claims is in the transcript, and whose it is. */
export const proposedQuoteSchema = z.object({
  text: z.string().meta({ description: 'Copied character for character from ONE participant turn of the transcript between the delimiters.' }),
  /** The speaker the analyser attributes it to (checked, never trusted). */
  speaker: z.string().meta({ description: "The speaker of that turn, exactly as in the turn's header." }).optional(),
  /** Where the analyser believes it starts, as a hint for the search (never trusted). */
  startHint: z.number().int().nonnegative().optional(),
});
export type ProposedQuote = z.infer<typeof proposedQuoteSchema>;

/** An insight as an analyser proposes it, before anchoring: its words and the quotes it claims. */
export const proposedInsightSchema = z.object({ ...wordingShape, quotes: z.array(proposedQuoteSchema) });
export type ProposedInsight = z.infer<typeof proposedInsightSchema>;
