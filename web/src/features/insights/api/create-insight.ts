import type { CreateInsightRequest } from '@verbatim/contract/request-bodies';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { insightFieldsError, insightsApiPath, passageError, type Passage, type WireInsight } from './insight-wire';

export interface CreateInsightInput {
  projectId: string;
  title: string;
  description?: string;
  tag?: string;
  theme?: string | null;
  passage: Passage;
}

/**
 * POST /projects/:projectId/insights {title, description?, tag?, theme?, passage} → 201 {insight}: a researcher's
 * own insight whose first quote is the selected passage, anchored by the server like any quote. 400 when the
 * passage is the interviewer's or crosses speakers (the server's sentence says which).
 */
export async function createInsight({ projectId, title, description, tag, theme, passage }: CreateInsightInput): Promise<WireInsight> {
  const invalid = insightFieldsError({ title, description, tag, theme: theme?.trim() ? theme : undefined }) ?? passageError(passage);
  if (invalid) throw new ApiError(400, invalid, 'invalid');
  const body: CreateInsightRequest = {
    title: title.trim(),
    ...(description?.trim() ? { description: description.trim() } : {}),
    ...(tag?.trim() ? { tag: tag.trim() } : {}),
    ...(theme?.trim() ? { theme: theme.trim() } : {}),
    passage: { documentId: passage.documentId, start: passage.start, end: passage.end },
  };
  const { insight } = await apiRequest<{ insight: WireInsight }>(insightsApiPath(projectId), { method: 'POST', body });
  return insight;
}

export function useCreateInsight() {
  return useMutation({ mutationFn: createInsight });
}
