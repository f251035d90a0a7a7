import { useAuth } from '../../app/auth-provider';
import { Spinner } from '../../components/spinner';
import { NewProjectForm } from './new-project-form';
import { ProjectCard } from './project-card';
import { projectReadError } from './read-error';
import { useProjects } from './use-projects';

/** /projects: the owner's projects, live, with create, rename and delete. */
export default function ProjectsPage() {
  const { user } = useAuth();
  const projects = useProjects(user?.uid);

  return (
    <section className="container">
      <header className="page-header">
        <div>
          <h1>Projects</h1>
          <p className="muted">Signed in as {user?.email}</p>
        </div>
      </header>
      <NewProjectForm />
      {projects.error ? (
        <p className="form-error" role="alert">
          {projectReadError(projects.error, 'list')}
        </p>
      ) : projects.loading ? (
        <Spinner label="Loading your projects" />
      ) : projects.data && projects.data.length > 0 ? (
        <ul className="project-grid" aria-label="Your projects">
          {projects.data.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </ul>
      ) : (
        <div className="empty-state" data-testid="projects-empty">
          <h2>No projects yet</h2>
          <p>
            A project holds the interviews of one study. Upload their transcripts and Verbatim reads each one into speaker
            turns, so every insight you draw from them links back to the exact words.
          </p>
          <p className="muted">Name your first project above to start.</p>
        </div>
      )}
    </section>
  );
}
