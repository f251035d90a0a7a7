import type { AnalyserName } from '@verbatim/contract/insight';
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
  const { project } = await apiRequest<{ project: WireProject }>('/projects', {
    method: 'POST',
    body: { name: cleanProjectName(input.name), ...(input.analyser ? { settings: { analyser: input.analyser } } : {}) },
  });
  return project;
}

export function useCreateProject() {
  return useMutation({ mutationFn: createProject });
}
