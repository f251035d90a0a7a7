import type { PassageRequest } from '@verbatim/contract/request-bodies';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { insightsApiPath, passageError, type Passage, type WireInsight } from './insight-wire';

export interface AddQuoteInput {
  projectId: string;
  insightId: string;
  passage: Passage;
}

/**
 * POST /projects/:projectId/insights/:insightId/quotes {documentId, start, end} → {insight}: the passage becomes one
 * more supporting quote, anchored by the server. 409 when it is already one of that insight's quotes.
 */
export async function addQuote({ projectId, insightId, passage }: AddQuoteInput): Promise<WireInsight> {
  const invalid = passageError(passage);
  if (invalid) throw new ApiError(400, invalid, 'invalid');
  const { insight } = await apiRequest<{ insight: WireInsight }>(insightsApiPath(projectId, insightId, 'quotes'), {
    method: 'POST',
    body: { documentId: passage.documentId, start: passage.start, end: passage.end } satisfies PassageRequest,
  });
  return insight;
}

export function useAddQuote() {
  return useMutation({ mutationFn: addQuote });
}
