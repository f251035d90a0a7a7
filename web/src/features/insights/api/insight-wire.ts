import { INSIGHT_TEXT_LIMITS, insightTextError, passageOffsetsError } from '@verbatim/contract/insight';
import type { Insight } from '@verbatim/contract/insight';
import type { PassageRequest } from '@verbatim/contract/request-bodies';

/** An insight as the API sends it: dates as ISO strings (or null). */
export type WireInsight = Omit<Insight, 'createdAt' | 'editedAt' | 'deletedAt'> & {
  createdAt: string;
  editedAt?: string | null;
  deletedAt?: string | null;
};

/** A passage of one interview's stored text, [start, end). */
export type Passage = PassageRequest;

export function insightsApiPath(projectId: string, ...rest: string[]): string {
  return [`/projects/${encodeURIComponent(projectId)}/insights`, ...rest.map(encodeURIComponent)].join('/');
}

/** Limits the server and the rules hold an insight's words to (the contract's). */
export const MAX_TITLE = INSIGHT_TEXT_LIMITS.title;
export const MAX_DESCRIPTION = INSIGHT_TEXT_LIMITS.description;
export const MAX_TAG = INSIGHT_TEXT_LIMITS.tag;
export const MAX_THEME = INSIGHT_TEXT_LIMITS.theme;

/** The input check shared by every insight edit: a title, and each field within its limit (the contract's rule). */
export function insightFieldsError(fields: { title?: string; description?: string; tag?: string; theme?: string | null }): string | null {
  if (fields.title !== undefined) {
    const refused = insightTextError('title', fields.title, true);
    if (refused) return refused;
  }
  for (const field of ['description', 'tag'] as const) {
    const value = fields[field];
    const refused = value === undefined ? null : insightTextError(field, value, false);
    if (refused) return refused;
  }
  if (fields.theme !== undefined && fields.theme !== null) {
    // A theme set by hand is named (the rules refuse an empty one); a new insight's blank theme is none.
    if (fields.theme.trim() === '') return 'Name the theme.';
    return insightTextError('theme', fields.theme, false);
  }
  return null;
}

/** A passage the server can quote: its interview named, whole offsets in order, within the quote limit. */
export function passageError(passage: Passage): string | null {
  if (!passage.documentId) return 'Say which interview the passage is from.';
  return passageOffsetsError(passage.start, passage.end);
}
