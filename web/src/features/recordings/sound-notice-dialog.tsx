import { useEffect, useId, useRef } from 'react';
import '../../components/recordings.css';
import { soundNotice } from './sound-notice';

/**
 * Asks before recordings are sent to Gemini from a project that redacts personal details, naming the files and saying
 * what redaction cannot do for sound. Nothing is sent unless the researcher presses Send; Cancel, Escape or a click
 * outside sends nothing. Focus starts on Cancel.
 */
export function SoundNoticeDialog({ fileNames, onSend, onCancel }: { fileNames: readonly string[]; onSend: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const riskId = useId();
  const notice = soundNotice(fileNames.length);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog sound-notice"
      aria-labelledby={titleId}
      aria-describedby={riskId}
      data-testid="sound-notice"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) cancels.
        if (e.target === e.currentTarget) onCancel();
      }}
    >
      <div className="dialog__body">
        <h2 id={titleId}>{notice.title}</h2>
        <p id={riskId}>{notice.risk}</p>
        <ul className="sound-notice__files" aria-label="Recordings to send" data-testid="sound-notice-files">
          {fileNames.map((name, i) => (
            <li key={`${i}-${name}`}>{name}</li>
          ))}
        </ul>
        <p>{notice.deletion}</p>
        <p>{notice.alternative}</p>
        <div className="dialog__actions sound-notice__actions">
          <button ref={cancelRef} type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={onSend}>
            {notice.send}
          </button>
        </div>
      </div>
    </dialog>
  );
}
