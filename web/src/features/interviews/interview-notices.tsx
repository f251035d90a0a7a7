import type { Interview } from '@verbatim/contract/project';
import { ProgressBar } from '../../components/progress-bar';
import { rowProgress, stalledMessage } from './interview-status';
import { useUploads } from './upload-store';

/**
 * Where an interview is on its way (upload, reading, analysis), why it failed or stalled, and notes from reading it
 * (`folded`: the notes behind their heading, on a phone).
 */
export function InterviewNotices({ projectId, document: doc, folded = false }: { projectId: string; document: Interview; folded?: boolean }) {
  const upload = useUploads(projectId).find((u) => u.documentId === doc.id);
  const progress = rowProgress(doc, upload);
  const stalled = stalledMessage(doc, upload);
  const notes = (
    <ul>
      {doc.notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
  return (
    <>
      {progress && <ProgressBar {...progress} />}
      {doc.status === 'failed' && (
        <p className="form-error" role="alert" data-testid="document-error">
          {doc.error ?? 'This file could not be read.'}
        </p>
      )}
      {stalled && (
        <p className="form-error" role="alert" data-testid="document-error">
          {stalled}
        </p>
      )}
      {doc.notes.length > 0 && folded && (
        // One column (a phone): the notes fold, so the transcript starts near the top.
        <details className="notes notes--fold" data-testid="notes-fold">
          <summary>Notes from reading the file ({doc.notes.length})</summary>
          {notes}
        </details>
      )}
      {doc.notes.length > 0 && !folded && (
        <section className="notes" aria-label="Notes from reading the file">
          <h2>Notes from reading the file</h2>
          {notes}
        </section>
      )}
    </>
  );
}
