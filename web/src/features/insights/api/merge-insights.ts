import { MAX_MERGED_INSIGHTS } from '@verbatim/contract/insight';
import type { MergeInsightsRequest } from '@verbatim/contract/request-bodies';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { insightsApiPath, type WireInsight } from './insight-wire';

export interface MergeInsightsInput {
  projectId: string;
  /** The insight kept first, then the ones merged into it. */
  insightIds: string[];
}

export const MAX_MERGE = MAX_MERGED_INSIGHTS;

/** The input schema: 2 to 20 different insights. */
export function mergeError(ids: readonly string[]): string | null {
  if (ids.length < 2) return 'Choose at least two insights to merge.';
  if (ids.length > MAX_MERGE) return `Merge at most ${MAX_MERGE} insights at once.`;
  if (new Set(ids).size !== ids.length) return 'Choose different insights.';
  return null;
}

/**
 * POST /projects/:projectId/insights/merge {insightIds: [targetId, ...others]} → {insight}: quotes combined into the
 * target (each keeps its interview), the others hidden with `mergedInto`. Undone by `unmergeInsight`.
 */
export async function mergeInsights({ projectId, insightIds }: MergeInsightsInput): Promise<WireInsight> {
  const invalid = mergeError(insightIds);
  if (invalid) throw new ApiError(400, invalid, 'invalid');
  const { insight } = await apiRequest<{ insight: WireInsight }>(insightsApiPath(projectId, 'merge'), { method: 'POST', body: { insightIds } satisfies MergeInsightsRequest });
  return insight;
}

export function useMergeInsights() {
  return useMutation({ mutationFn: mergeInsights });
}
