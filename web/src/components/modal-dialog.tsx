import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

/**
 * The frame of every modal question the app asks in place (a confirmation, a short form): a native `<dialog>` opened
 * modal as it mounts (the page behind it inert, focus kept inside) and closed as it unmounts, named by its heading and
 * described by `describedBy` when given. Escape or a click on the backdrop cancels, except while `busy` (an answer is
 * being carried out). Focus starts on `initialFocus`, or where the browser puts it (the first control, or one marked
 * `autoFocus`).
 */
export function ModalDialog({
  title,
  describedBy,
  className,
  testId,
  busy = false,
  initialFocus,
  onCancel,
  children,
}: {
  title: ReactNode;
  /** The id of the element whose words describe the question (read out with its name). */
  describedBy?: string;
  className?: string;
  testId?: string;
  busy?: boolean;
  initialFocus?: RefObject<HTMLElement | null>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    return () => dialog?.close();
    // Opened once, as it mounts; the element to focus is known by then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={(e) => {
        // Escape: the dialog stays open until its owner unmounts it.
        e.preventDefault();
        if (!busy) onCancel();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) cancels.
        if (e.target === e.currentTarget && !busy) onCancel();
      }}
    >
      <div className="dialog__body">
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </dialog>
  );
}

/**
 * A dialog's two answers: Cancel, which changes nothing, and the one that acts (`confirm`, a submit button inside a
 * form). Both are 44 px targets; on a phone they stack, the acting one first. While `pending` both are disabled and the
 * acting one says what is happening.
 */
export function DialogActions({
  confirm,
  pending = false,
  pendingLabel,
  tone = 'primary',
  type = 'button',
  disabled = false,
  cancelRef,
  onConfirm,
  onCancel,
}: {
  confirm: string;
  pending?: boolean;
  /** What the acting button says while its answer is carried out ("Deleting…"). */
  pendingLabel?: string;
  tone?: 'primary' | 'danger';
  /** `submit` inside a form (its submit handler acts), `button` elsewhere (`onConfirm` acts). */
  type?: 'button' | 'submit';
  /** The acting answer is not possible yet (nothing chosen). */
  disabled?: boolean;
  cancelRef?: RefObject<HTMLButtonElement | null>;
  onConfirm?: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="dialog__actions">
      <button ref={cancelRef} type="button" className="button" onClick={onCancel} disabled={pending}>
        Cancel
      </button>
      <button type={type} className={`button button--${tone}`} onClick={onConfirm} disabled={pending || disabled}>
        {pending && pendingLabel ? pendingLabel : confirm}
      </button>
    </div>
  );
}
