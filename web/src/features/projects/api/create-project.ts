import type { AnalyserName } from '@verbatim/contract/insight';
import type { CreateProjectRequest } from '@verbatim/contract/request-bodies';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { cleanProjectName, projectNameError } from './project-name';
import type { WireProject } from './project-wire';

export interface CreateProjectInput {
  name: string;
  /** The analyser chosen in the form; without it the server's default (Gemini where configured). */
  analyser?: AnalyserName;
}

/** POST /projects {name, settings?} → 201 {project}. The live list picks the new project up by itself. */
export async function createProject(input: CreateProjectInput): Promise<WireProject> {
  const invalid = projectNameError(input.name);
  if (invalid) throw new ApiError(400, invalid, 'invalid');
  const body: CreateProjectRequest = { name: cleanProjectName(input.name), ...(input.analyser ? { settings: { analyser: input.analyser } } : {}) };
  const { project } = await apiRequest<{ project: WireProject }>('/projects', { method: 'POST', body });
  return project;
}

export function useCreateProject() {
  return useMutation({ mutationFn: createProject });
}
