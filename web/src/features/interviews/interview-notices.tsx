import type { Interview } from '@verbatim/contract/project';
import { ProgressBar } from '../../components/progress-bar';
import { rowProgress, stalledMessage } from './interview-status';
import { useUploads } from './upload-store';

/** Where an interview is on its way (upload, reading, analysis), why it failed or stalled, and notes from reading it. */
export function InterviewNotices({ projectId, document: doc }: { projectId: string; document: Interview }) {
  const upload = useUploads(projectId).find((u) => u.documentId === doc.id);
  const progress = rowProgress(doc, upload);
  const stalled = stalledMessage(doc, upload);
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
      {doc.notes.length > 0 && (
        <section className="notes" aria-label="Notes from reading the file">
          <h2>Notes from reading the file</h2>
          <ul>
            {doc.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
