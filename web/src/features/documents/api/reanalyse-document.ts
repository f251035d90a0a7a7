import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { documentPath, type WireDocument } from './document-wire';

export interface ReanalyseDocumentInput {
  projectId: string;
  documentId: string;
}

/**
 * POST /projects/:projectId/documents/:documentId/reanalyse → {document}: runs the insight engine again on a ready
 * interview or one whose analysis failed. Charged like an upload: one credit on the trial (402, code
 * payment-required, when none is left), nothing for subscribers.
 */
export async function reanalyseDocument({ projectId, documentId }: ReanalyseDocumentInput): Promise<WireDocument> {
  const { document } = await apiRequest<{ document: WireDocument }>(`${documentPath(projectId, documentId)}/reanalyse`, { method: 'POST' });
  return document;
}

export function useReanalyseDocument() {
  return useMutation({ mutationFn: reanalyseDocument });
}
