import type { Project } from '@verbatim/contract/project';
import { ownProjectsQuery, projectRef } from './project-refs';
import { useLiveDoc, useLiveQuery, type Live } from '../../lib/use-live';

/** The signed-in owner's projects, live. */
export function useProjects(uid: string | undefined): Live<Project[]> {
  return useLiveQuery(uid ? `projects:${uid}` : null, () => ownProjectsQuery(uid!));
}

/** One project, live; null when it does not exist. */
export function useProject(projectId: string | undefined): Live<Project | null> {
  return useLiveDoc(projectId ? `project:${projectId}` : null, () => projectRef(projectId!));
}
