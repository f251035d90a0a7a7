import { ConfirmDialog } from '../../components/confirm-dialog';
import { REGENERATE_WARNING } from './share-format';

/** Asks before replacing a link's token, and says that the old link stops working. */
export function RegenerateDialog({
  title,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Replace the ${title.toLowerCase()} link?`}
      description={REGENERATE_WARNING}
      descriptionTestId="regenerate-warning"
      error={error}
      confirm="Replace link"
      pendingLabel="Replacing…"
      pending={pending}
      testId="regenerate-dialog"
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}
