import type { Project } from '@verbatim/contract/project';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useDeleteProject } from './api/delete-project';
import { deleteWarning } from './project-format';

/** Asks before deleting a project, and says what goes with it. */
export function DeleteProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const remove = useDeleteProject();
  return (
    <ConfirmDialog
      title={`Delete the project ${project.name}?`}
      description={deleteWarning(project.counts.documents)}
      descriptionTestId="delete-warning"
      error={remove.error?.message}
      confirm="Delete project"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      tone="danger"
      onConfirm={() => remove.mutate({ projectId: project.id }, { onSuccess: onClose })}
      onCancel={onClose}
    />
  );
}
