import type { Project } from '@verbatim/contract/project';
import { useEffect, useId, useRef } from 'react';
import { useDeleteProject } from './api/delete-project';
import { deleteWarning } from './project-format';

/** Asks before deleting a project, and says what goes with it. */
export function DeleteProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const remove = useDeleteProject();
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  function confirm() {
    remove.mutate({ projectId: project.id }, { onSuccess: onClose });
  }

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!remove.isPending) onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) cancels.
        if (e.target === e.currentTarget && !remove.isPending) onClose();
      }}
    >
      <div className="dialog__body">
        <h2 id={titleId}>Delete the project {project.name}?</h2>
        <p data-testid="delete-warning">{deleteWarning(project.counts.documents)}</p>
        {remove.error && (
          <p className="form-error" role="alert">
            {remove.error.message}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete project'}
          </button>
        </div>
      </div>
    </dialog>
  );
}
