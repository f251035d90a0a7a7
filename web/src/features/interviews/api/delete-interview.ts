import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { interviewApiPath } from './interview-wire';

export interface DeleteDocumentInput {
  projectId: string;
  documentId: string;
}

/** DELETE /projects/:projectId/documents/:documentId: the interview, its transcript and its file. */
export async function deleteInterview({ projectId, documentId }: DeleteDocumentInput): Promise<void> {
  await apiRequest<{ deleted: true }>(interviewApiPath(projectId, documentId), { method: 'DELETE' });
}

export function useDeleteInterview() {
  return useMutation({ mutationFn: deleteInterview });
}
