import { useEffect, useId, useRef } from 'react';
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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      data-testid="regenerate-dialog"
      onCancel={(e) => {
        e.preventDefault();
        if (!pending) onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget && !pending) onClose();
      }}
    >
      <div className="dialog__body">
        <h2 id={titleId}>Replace the {title.toLowerCase()} link?</h2>
        <p data-testid="regenerate-warning">{REGENERATE_WARNING}</p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={onConfirm} disabled={pending}>
            {pending ? 'Replacing…' : 'Replace link'}
          </button>
        </div>
      </div>
    </dialog>
  );
}
