import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { documentPath } from './document-wire';

export interface DeleteDocumentInput {
  projectId: string;
  documentId: string;
}

/** DELETE /projects/:projectId/documents/:documentId: the interview, its transcript and its file. */
export async function deleteDocument({ projectId, documentId }: DeleteDocumentInput): Promise<void> {
  await apiRequest<{ deleted: true }>(documentPath(projectId, documentId), { method: 'DELETE' });
}

export function useDeleteDocument() {
  return useMutation({ mutationFn: deleteDocument });
}
