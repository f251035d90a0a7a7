import { Outlet } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { ReadyProjectContext, useWorkspaceProject } from '../projects';
import { ProjectUnavailable } from './project-unavailable';

/** The screens that need the project: what to say when it can't be read, a spinner while it loads, then the screen. */
export function ProjectGate() {
  const project = useWorkspaceProject();
  if (project.error || project.data === null) return <ProjectUnavailable error={project.error} />;
  if (!project.data) return <Spinner label="Loading the project" />;
  return (
    <ReadyProjectContext.Provider value={project.data}>
      <Outlet />
    </ReadyProjectContext.Provider>
  );
}
