import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { insightsApiPath, type WireInsight } from './insight-wire';

export interface UnmergeInsightInput {
  projectId: string;
  insightId: string;
}

/** POST /projects/:projectId/insights/:insightId/unmerge → {insight}: undoes the latest merge into this insight. */
export async function unmergeInsight({ projectId, insightId }: UnmergeInsightInput): Promise<WireInsight> {
  const { insight } = await apiRequest<{ insight: WireInsight }>(insightsApiPath(projectId, insightId, 'unmerge'), { method: 'POST' });
  return insight;
}

export function useUnmergeInsight() {
  return useMutation({ mutationFn: unmergeInsight });
}
