import { z } from 'zod';
import { insightTextError, MAX_MERGED_INSIGHTS, passageOffsetsError, type INSIGHT_TEXT_LIMITS } from '../insight';

type InsightTextField = keyof typeof INSIGHT_TEXT_LIMITS;

/** An insight's text, trimmed, by the contract's rule. */
function insightText(field: InsightTextField, required: boolean) {
  const missing = `Please give the insight a ${field}.`;
  const notText = `The ${field} must be text.`;
  return z
    .string({ error: (issue) => (required && (issue.input === undefined || issue.input === null) ? missing : notText) })
    .trim()
    .superRefine((value, ctx) => {
      const refused = insightTextError(field, value, required);
      if (refused) ctx.addIssue({ code: 'custom', message: refused });
    });
}

/** An optional insight text: left out (or null), it is empty. */
const optionalInsightText = (field: InsightTextField) =>
  insightText(field, false)
    .nullish()
    .transform((value) => value ?? '');

/** A selected passage: which interview, and the offsets of its stored text ([start, end)). */
const passageFields = {
  documentId: z.string({ error: 'Say which interview the passage is from.' }),
  start: z.number({ error: 'Select a passage of the transcript first.' }),
  end: z.number({ error: 'Select a passage of the transcript first.' }),
};

const checkOffsets = (passage: { start: number; end: number }, ctx: z.RefinementCtx) => {
  const refused = passageOffsetsError(passage.start, passage.end);
  if (refused) ctx.addIssue({ code: 'custom', message: refused, path: ['start'] });
};

// ---- POST /projects/:projectId/insights/:insightId/quotes --------------------------------------------------------

export const passageBody = z.object(passageFields).superRefine(checkOffsets);

export type PassageRequest = z.infer<typeof passageBody>;

// ---- POST /projects/:projectId/insights ----------------------------------------------------------------------------

/** A researcher's own insight from a selected passage; the title is required, the rest may be left out. */
export const createInsightBody = z.object({
  title: insightText('title', true),
  description: optionalInsightText('description'),
  tag: optionalInsightText('tag'),
  theme: optionalInsightText('theme').transform((theme) => theme || null),
  passage: z
    .object(passageFields, {
      // A list is an object without those fields; anything else is no passage at all.
      error: (issue) => (Array.isArray(issue.input) ? 'Say which interview the passage is from.' : 'Select a passage to quote.'),
    })
    .superRefine(checkOffsets),
});

export type CreateInsightRequest = z.input<typeof createInsightBody>;

// ---- POST /projects/:projectId/insights/merge ----------------------------------------------------------------------

const MERGE_MESSAGE = `Choose between 2 and ${MAX_MERGED_INSIGHTS} different insights to merge.`;

/** The insight kept first, then the ones merged into it; each id is looked up among the project's insights. */
export const mergeInsightsBody = z.object({
  insightIds: z
    .array(z.unknown(), { error: MERGE_MESSAGE })
    .min(2, MERGE_MESSAGE)
    .max(MAX_MERGED_INSIGHTS, MERGE_MESSAGE)
    .refine((ids) => new Set(ids).size === ids.length, MERGE_MESSAGE),
});

export type MergeInsightsRequest = z.input<typeof mergeInsightsBody>;
