import type { UpdateProjectRequest } from '@verbatim/contract/request-bodies';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { cleanProjectName, projectNameError } from './project-name';
import type { WireProject } from './project-wire';

export interface RenameProjectInput {
  projectId: string;
  name: string;
}

/** PATCH /projects/:projectId {name} → {project}. */
export async function renameProject({ projectId, name }: RenameProjectInput): Promise<WireProject> {
  const invalid = projectNameError(name);
  if (invalid) throw new ApiError(400, invalid, 'invalid');
  const body: UpdateProjectRequest = { name: cleanProjectName(name) };
  const { project } = await apiRequest<{ project: WireProject }>(`/projects/${encodeURIComponent(projectId)}`, { method: 'PATCH', body });
  return project;
}

export function useRenameProject() {
  return useMutation({ mutationFn: renameProject });
}
