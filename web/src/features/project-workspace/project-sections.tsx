import { Outlet, useMatches } from 'react-router-dom';
import { useReadyProject } from '../projects';
import { ProjectHeader } from './project-header';

/** What a section route may say about its page: a class for the page's container (e.g. `insights-page`). */
export interface ProjectSectionHandle {
  pageClass?: string;
}

/** The project's tabbed sections (interviews, insights, deliverables): the header and tabs once, the section below. */
export function ProjectSections() {
  const project = useReadyProject();
  const pageClass = useMatches()
    .map((match) => (match.handle as ProjectSectionHandle | undefined)?.pageClass)
    .findLast((name) => name !== undefined);
  return (
    <section className={pageClass ? `container ${pageClass}` : 'container'}>
      <ProjectHeader project={project} />
      <Outlet />
    </section>
  );
}
