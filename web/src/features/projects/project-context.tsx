import type { Project } from '@verbatim/contract/project';
import { createContext, useContext } from 'react';
import type { Live } from '../../lib/use-live';

/** The project of the `/projects/:projectId` screens, read once by their layout route and shared with each screen. */
export const WorkspaceProjectContext = createContext<Live<Project | null> | null>(null);

/** The same project once it is known to exist and be the visitor's (inside the layout's gate). */
export const ReadyProjectContext = createContext<Project | null>(null);

/** The workspace's project as it loads: undefined data while loading, null when it does not exist. */
export function useWorkspaceProject(): Live<Project | null> {
  const project = useContext(WorkspaceProjectContext);
  if (!project) throw new Error('useWorkspaceProject is used outside the project workspace');
  return project;
}

/** The workspace's project, for screens shown only once it has loaded. */
export function useReadyProject(): Project {
  const project = useContext(ReadyProjectContext);
  if (!project) throw new Error('useReadyProject is used outside the project gate');
  return project;
}
