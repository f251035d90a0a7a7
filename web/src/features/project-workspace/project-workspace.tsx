import { Outlet, useParams } from 'react-router-dom';
import { useProject, WorkspaceProjectContext } from '../projects';

/**
 * The layout route of `/projects/:projectId/*`: reads the project once, live, and hands it to every screen of the
 * project (they read it with `useWorkspaceProject` or, behind the gate, `useReadyProject`).
 */
export function ProjectWorkspace() {
  const { projectId } = useParams();
  const project = useProject(projectId);
  return (
    <WorkspaceProjectContext.Provider value={project}>
      <Outlet />
    </WorkspaceProjectContext.Provider>
  );
}
