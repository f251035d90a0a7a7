import { ConfirmDialog } from '../../components/confirm-dialog';
import '../../components/recordings.css';
import { soundNotice } from './sound-notice';

/**
 * Asks before recordings are sent to Gemini from a project that redacts personal details, naming the files and saying
 * what redaction cannot do for sound. Nothing is sent unless the researcher presses Send; Cancel, Escape or a click
 * outside sends nothing. Focus starts on Cancel.
 */
export function SoundNoticeDialog({ fileNames, onSend, onCancel }: { fileNames: readonly string[]; onSend: () => void; onCancel: () => void }) {
  const notice = soundNotice(fileNames.length);
  return (
    <ConfirmDialog title={notice.title} description={notice.risk} confirm={notice.send} className="sound-notice" testId="sound-notice" onConfirm={onSend} onCancel={onCancel}>
      <ul className="sound-notice__files" aria-label="Recordings to send" data-testid="sound-notice-files">
        {fileNames.map((name, i) => (
          <li key={`${i}-${name}`}>{name}</li>
        ))}
      </ul>
      <p>{notice.deletion}</p>
      <p>{notice.alternative}</p>
    </ConfirmDialog>
  );
}
