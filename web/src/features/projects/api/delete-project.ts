import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface DeleteProjectInput {
  projectId: string;
}

/** DELETE /projects/:projectId: the project with its interviews, transcripts and uploaded files. */
export async function deleteProject({ projectId }: DeleteProjectInput): Promise<void> {
  await apiRequest<{ deleted: true }>(`/projects/${encodeURIComponent(projectId)}`, { method: 'DELETE' });
}

export function useDeleteProject() {
  return useMutation({ mutationFn: deleteProject });
}
