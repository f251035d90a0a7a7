import type { Project } from '@verbatim/contract/project';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { projectNameError } from './api/project-name';
import { useRenameProject } from './api/rename-project';
import { DeleteProjectDialog } from './delete-project-dialog';
import { interviewsPath } from '../interviews';
import { projectSummary, updatedLabel } from './project-format';

/** One project in the list: opens its interviews; renamed in place; deleted after a confirmation. */
export function ProjectCard({ project }: { project: Project }) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <li className="project-card" data-testid="project-card">
      {renaming ? (
        <RenameForm project={project} onDone={() => setRenaming(false)} />
      ) : (
        <>
          <h2 className="project-card__name">
            <Link to={interviewsPath(project.id)} className="project-card__link">
              {project.name}
            </Link>
          </h2>
          <p className="project-card__counts" data-testid="project-counts">
            {projectSummary(project.counts)}
          </p>
          {project.counts.failed > 0 && <p className="project-card__failed">{project.counts.failed} could not be read</p>}
          <p className="project-card__updated muted">{updatedLabel(project.updatedAt)}</p>
          <div className="project-card__actions">
            <button type="button" className="button button--small" onClick={() => setRenaming(true)}>
              Rename
            </button>
            <button type="button" className="button button--small button--quiet-danger" onClick={() => setDeleting(true)}>
              Delete
            </button>
          </div>
        </>
      )}
      {deleting && <DeleteProjectDialog project={project} onClose={() => setDeleting(false)} />}
    </li>
  );
}

function RenameForm({ project, onDone }: { project: Project; onDone: () => void }) {
  const [name, setName] = useState(project.name);
  const [clientError, setClientError] = useState<string | null>(null);
  const rename = useRenameProject();
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  useEffect(() => {
    inputRef.current?.select();
  }, []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = projectNameError(name);
    setClientError(invalid);
    if (invalid) return;
    if (name.trim() === project.name) return onDone();
    rename.mutate({ projectId: project.id, name }, { onSuccess: onDone });
  }

  const error = clientError ?? rename.error?.message ?? null;
  return (
    <form className="rename-form" onSubmit={onSubmit} noValidate>
      <label>
        <span className="visually-hidden">New name for {project.name}</span>
        <input
          ref={inputRef}
          type="text"
          aria-label="New name"
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && onDone()}
        />
      </label>
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="rename-form__actions">
        <button type="submit" className="button button--primary button--small" disabled={rename.isPending}>
          {rename.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button button--small" onClick={onDone} disabled={rename.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
