import { INSIGHT_TEXT_LIMITS, insightTextTooLong } from '@verbatim/contract/insight';
import type { Insight } from '@verbatim/contract/insight';

/** An insight as the API sends it: dates as ISO strings (or null). */
export type WireInsight = Omit<Insight, 'createdAt' | 'editedAt' | 'deletedAt'> & {
  createdAt: string;
  editedAt?: string | null;
  deletedAt?: string | null;
};

/** A passage of one interview's stored text, [start, end). */
export interface Passage {
  documentId: string;
  start: number;
  end: number;
}

export function insightsApiPath(projectId: string, ...rest: string[]): string {
  return [`/projects/${encodeURIComponent(projectId)}/insights`, ...rest.map(encodeURIComponent)].join('/');
}

/** Limits the server and the rules hold an insight's words to (the contract's). */
export const MAX_TITLE = INSIGHT_TEXT_LIMITS.title;
export const MAX_DESCRIPTION = INSIGHT_TEXT_LIMITS.description;
export const MAX_TAG = INSIGHT_TEXT_LIMITS.tag;
export const MAX_THEME = INSIGHT_TEXT_LIMITS.theme;

/** The input schema shared by every insight edit: a title, and each field within its limit. */
export function insightFieldsError(fields: { title?: string; description?: string; tag?: string; theme?: string | null }): string | null {
  if (fields.title !== undefined) {
    if (fields.title.trim() === '') return 'Please give the insight a title.';
    if (fields.title.trim().length > MAX_TITLE) return insightTextTooLong('title');
  }
  if (fields.description !== undefined && fields.description.trim().length > MAX_DESCRIPTION) {
    return insightTextTooLong('description');
  }
  if (fields.tag !== undefined && fields.tag.trim().length > MAX_TAG) return insightTextTooLong('tag');
  if (fields.theme !== undefined && fields.theme !== null) {
    if (fields.theme.trim() === '') return 'Name the theme.';
    if (fields.theme.trim().length > MAX_THEME) return insightTextTooLong('theme');
  }
  return null;
}

/** A valid passage: whole offsets, start before end. */
export function passageError(passage: Passage): string | null {
  if (!passage.documentId) return 'Say which interview the passage is from.';
  if (!Number.isInteger(passage.start) || !Number.isInteger(passage.end) || passage.start < 0 || passage.end <= passage.start) {
    return 'Select a passage of the transcript first.';
  }
  return null;
}
