import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /projects/:projectId/reanalyse-all → {reanalysing}: every interview that can be analysed again goes back to
 * the insight engine with the project's current analyser. All or nothing: 402 (code payment-required) when a trial
 * account lacks a credit for each; subscribers pay nothing.
 */
export async function reanalyseAll(projectId: string): Promise<number> {
  const { reanalysing } = await apiRequest<{ reanalysing: number }>(`/projects/${encodeURIComponent(projectId)}/reanalyse-all`, { method: 'POST' });
  return reanalysing;
}

export function useReanalyseAll() {
  return useMutation({ mutationFn: reanalyseAll });
}
