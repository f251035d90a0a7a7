import type { Project } from '@verbatim/contract/project';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { clipsPath } from '../clips';
import { deliverablePath } from '../deliverable';
import { AnalysisSettings, insightsPath } from '../insights';
import { projectSummary } from '../projects';
import { interviewsPath } from '../interviews';
import { searchPath } from '../search';
import { ShareButton } from '../sharing';

/**
 * The top of a project's screens: a way back to the list, the name and the counts, how interviews are
 * analysed, and the tabs between the project's interviews, its insights and its deliverables.
 */
export function ProjectHeader({ project, children }: { project: Project; children?: ReactNode }) {
  return (
    <header className="project-header">
      <div className="page-header">
        <div>
          <nav className="breadcrumb" aria-label="Breadcrumb">
            <Link to="/projects">Projects</Link>
          </nav>
          <h1>{project.name}</h1>
          <p className="muted" data-testid="project-summary">
            {projectSummary(project.counts)}
          </p>
        </div>
        <div className="project-header__aside">
          <AnalysisSettings project={project} />
          {children}
          <Link to={searchPath({ projectId: project.id, ask: true })} className="button button--small">
            Ask your research
          </Link>
          <ShareButton projectId={project.id} />
        </div>
      </div>
      <nav className="project-tabs" aria-label="Project sections">
        <NavLink to={interviewsPath(project.id)} className="project-tabs__tab">
          Interviews
        </NavLink>
        <NavLink to={insightsPath(project.id)} className="project-tabs__tab">
          Insights
        </NavLink>
        <NavLink to={deliverablePath(project.id)} className="project-tabs__tab">
          Deliverables
        </NavLink>
        <NavLink to={clipsPath(project.id)} className="project-tabs__tab">
          Clips
        </NavLink>
      </nav>
    </header>
  );
}
