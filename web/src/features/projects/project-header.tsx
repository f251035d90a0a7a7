import type { Project } from '@domain/project';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { projectSummary } from './project-format';

/** The top of a project's screens: a way back to the list, the name and the counts. */
export function ProjectHeader({ project, children }: { project: Project; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <nav className="breadcrumb" aria-label="Breadcrumb">
          <Link to="/projects">Projects</Link>
        </nav>
        <h1>{project.name}</h1>
        <p className="muted" data-testid="project-summary">
          {projectSummary(project.counts)}
        </p>
      </div>
      {children}
    </header>
  );
}
