import { useId, useRef, type ReactNode } from 'react';
import { DialogActions, ModalDialog } from './modal-dialog';

/**
 * Asks before something that cannot be taken back (deleting, replacing a link, sending a recording away): a heading
 * that asks the question, a first paragraph that says what follows (the dialog's description, read out with its
 * name), anything more beneath it, and two answers. Focus starts on Cancel, the safe choice; Cancel, Escape or a
 * click outside changes nothing (none of them while the answer is being carried out). An error of the answer shows
 * above the buttons.
 */
export function ConfirmDialog({
  title,
  description,
  descriptionTestId,
  children,
  error,
  confirm,
  pendingLabel,
  pending = false,
  tone = 'primary',
  className,
  testId,
  onConfirm,
  onCancel,
}: {
  title: ReactNode;
  description: ReactNode;
  descriptionTestId?: string;
  /** What the researcher reads after the description. */
  children?: ReactNode;
  error?: string | null;
  /** The acting answer's label ("Delete project"). */
  confirm: string;
  pendingLabel?: string;
  pending?: boolean;
  tone?: 'primary' | 'danger';
  className?: string;
  testId?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const descriptionId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog title={title} describedBy={descriptionId} className={className} testId={testId} busy={pending} initialFocus={cancelRef} onCancel={onCancel}>
      <p id={descriptionId} data-testid={descriptionTestId}>
        {description}
      </p>
      {children}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <DialogActions confirm={confirm} pendingLabel={pendingLabel} pending={pending} tone={tone} cancelRef={cancelRef} onConfirm={onConfirm} onCancel={onCancel} />
    </ModalDialog>
  );
}
