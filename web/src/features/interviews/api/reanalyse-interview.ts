import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { interviewApiPath, type WireInterview } from './interview-wire';

export interface ReanalyseDocumentInput {
  projectId: string;
  documentId: string;
}

/**
 * POST /projects/:projectId/documents/:documentId/reanalyse → {document}: runs the insight engine again on a ready
 * interview or one whose analysis failed. Charged like an upload: one credit on the trial (402, code
 * payment-required, when none is left), nothing for subscribers.
 */
export async function reanalyseInterview({ projectId, documentId }: ReanalyseDocumentInput): Promise<WireInterview> {
  const { document } = await apiRequest<{ document: WireInterview }>(`${interviewApiPath(projectId, documentId)}/reanalyse`, { method: 'POST' });
  return document;
}

export function useReanalyseInterview() {
  return useMutation({ mutationFn: reanalyseInterview });
}
