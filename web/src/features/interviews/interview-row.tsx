import type { Interview } from '@verbatim/contract/project';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../app/auth-provider';
import { ApiError } from '../../lib/api-client';
import { useDeleteInterview } from './api/delete-interview';
import { useReanalyseInterview } from './api/reanalyse-interview';
import { documentNameError, useUpdateInterview } from './api/update-interview';
import { canReanalyse, isParseFailure, reanalysisCost } from './credits-line';
import { addedLabel, formatLabel } from './interview-format';
import { byteSizeText } from '@verbatim/contract/byte-size';
import { plural } from '@verbatim/contract/plural';
import { hasTranscript, ROLE_LABELS, rowProgress, stalledMessage, statusLabel } from './interview-status';
import { interviewPagePath } from './paths';
import { FileButton } from '../../components/file-button';
import { ProgressBar } from '../../components/progress-bar';
import { SpeakerRoles } from './speaker-roles';
import { StatusChip } from './status-chip';
import { ACCEPT_ATTRIBUTE } from './upload-checks';
import { cancelUpload, type UploadItem } from './upload-store';

/**
 * One interview in a project's list: status, progress, reason of a failure with what can be done about it (retry
 * an analysis; upload a file that could not be read again), speakers and their roles, rename and delete.
 */
export function InterviewRow({
  projectId,
  document: doc,
  upload,
  onOutOfCredits,
  onUploadAgain,
}: {
  projectId: string;
  document: Interview;
  upload?: UploadItem;
  onOutOfCredits: () => void;
  /** A new file for an interview whose file could not be read; the failed one goes once the new one is accepted. */
  onUploadAgain: (file: File, replaces: Interview) => void;
}) {
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [speakersOpen, setSpeakersOpen] = useState(false);
  const { user } = useAuth();
  const reanalyse = useReanalyseInterview();
  const progress = rowProgress(doc, upload);
  const stalled = stalledMessage(doc, upload);
  const readable = hasTranscript(doc.status);
  const sending = upload && (upload.phase === 'reserving' || upload.phase === 'sending');
  const retryable = doc.status === 'failed' && canReanalyse(doc);
  const reupload = isParseFailure(doc);
  const speakersId = useId();

  function retry() {
    reanalyse.mutate(
      { projectId, documentId: doc.id },
      {
        onError: (err) => {
          if (err instanceof ApiError && err.status === 402) onOutOfCredits();
        },
      },
    );
  }

  const meta = [formatLabel(doc.format, doc.recording?.origin === 'transcribed'), byteSizeText(doc.size)];
  // Named otherwise than its file (proposed from the transcript, or renamed): the file is still said.
  if (doc.name !== doc.fileName) meta.unshift(doc.fileName);
  if (readable) meta.push(plural(doc.wordCount, 'word'), plural(doc.turnCount, 'turn'));
  if (doc.recording?.origin === 'attached' && doc.recording.status === 'ready') meta.push('recording attached');
  meta.push(addedLabel(doc.createdAt));

  return (
    <li className={`doc-row doc-row--${doc.status}`} data-testid="document-row">
      <div className="doc-row__main">
        {mode === 'rename' ? (
          <RenameDocument projectId={projectId} doc={doc} onDone={() => setMode('view')} />
        ) : (
          <div className="doc-row__title">
            <Link to={interviewPagePath(projectId, doc.id)} className="doc-row__name">
              {doc.name}
            </Link>
            <StatusChip status={doc.status} label={statusLabel(doc)} />
          </div>
        )}
        <p className="doc-row__meta">{meta.join(' · ')}</p>
        {progress && <ProgressBar {...progress} />}
        {doc.status === 'failed' && doc.error && (
          <p className="doc-row__error" data-testid="document-error">
            {doc.error}
          </p>
        )}
        {doc.status === 'awaiting-roles' && <p className="doc-row__meta">{doc.rolesQuestion} Open <strong>Edit roles</strong> to check them and analyse.</p>}
        {stalled && (
          <p className="doc-row__error" data-testid="document-error">
            {stalled}
          </p>
        )}
        {reanalyse.error && (
          <p className="doc-row__error" role="alert">
            {reanalyse.error.message}
          </p>
        )}
        {(readable || retryable) && doc.speakers.length > 0 && (
          <div className="doc-row__speakers">
            <ul className="speaker-pills" aria-label="Speakers">
              {doc.speakers.map((s) => (
                <li key={s.label} className={`speaker-pill speaker-pill--${s.role}`}>
                  <span className="speaker-pill__label">{s.label}</span>
                  <span className="speaker-pill__role">{ROLE_LABELS[s.role]}</span>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="link-button doc-row__speakers-toggle"
              aria-expanded={speakersOpen}
              aria-controls={speakersId}
              onClick={() => setSpeakersOpen((o) => !o)}
            >
              {speakersOpen ? 'Done' : 'Edit roles'}
            </button>
          </div>
        )}
        {speakersOpen && (readable || retryable) && (
          <div id={speakersId} className="doc-row__roles">
            <SpeakerRoles projectId={projectId} document={doc} onOutOfCredits={onOutOfCredits} headingLevel={3} />
          </div>
        )}
        {mode === 'delete' && <ConfirmDelete projectId={projectId} doc={doc} onDone={() => setMode('view')} />}
      </div>
      {mode === 'view' && (
        <div className="doc-row__actions">
          {sending ? (
            <button type="button" className="button button--small" onClick={() => cancelUpload(upload.key)}>
              Cancel upload
            </button>
          ) : (
            <>
              {retryable && (
                <button type="button" className="button button--primary button--small" onClick={retry} disabled={reanalyse.isPending}>
                  {reanalyse.isPending ? 'Retrying…' : `Retry analysis ${reanalysisCost(user?.subscriptionActive ?? false)}`}
                </button>
              )}
              {reupload && (
                <FileButton
                  label="Upload again"
                  className="button button--primary button--small"
                  accept={ACCEPT_ATTRIBUTE}
                  inputLabel={`Upload a new file for ${doc.name}`}
                  onFile={(file) => onUploadAgain(file, doc)}
                />
              )}
              <button type="button" className="button button--small" onClick={() => setMode('rename')}>
                Rename
              </button>
              <button type="button" className="button button--small button--quiet-danger" onClick={() => setMode('delete')}>
                Delete
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

function RenameDocument({ projectId, doc, onDone }: { projectId: string; doc: Interview; onDone: () => void }) {
  const [name, setName] = useState(doc.name);
  const [clientError, setClientError] = useState<string | null>(null);
  const update = useUpdateInterview();
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  useEffect(() => inputRef.current?.select(), []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = documentNameError(name);
    setClientError(invalid);
    if (invalid) return;
    if (name.trim() === doc.name) return onDone();
    update.mutate({ projectId, documentId: doc.id, name }, { onSuccess: onDone });
  }

  const error = clientError ?? update.error?.message ?? null;
  return (
    <form className="rename-form rename-form--inline" onSubmit={onSubmit} noValidate>
      <input
        ref={inputRef}
        type="text"
        aria-label="Interview name"
        value={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
      />
      <button type="submit" className="button button--primary button--small" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save'}
      </button>
      <button type="button" className="button button--small" onClick={onDone} disabled={update.isPending}>
        Cancel
      </button>
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function ConfirmDelete({ projectId, doc, onDone }: { projectId: string; doc: Interview; onDone: () => void }) {
  const remove = useDeleteInterview();
  return (
    <div className="confirm" role="group" aria-label={`Delete ${doc.name}`}>
      <p>
        Delete the interview <strong>{doc.name}</strong>? Its transcript and uploaded file are removed.
        {doc.creditSpent ? ' The credit it used is not returned.' : ''}
      </p>
      {remove.error && (
        <p className="form-error" role="alert">
          {remove.error.message}
        </p>
      )}
      <div className="confirm__actions">
        <button
          type="button"
          className="button button--danger button--small"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ projectId, documentId: doc.id }, { onSuccess: onDone })}
        >
          {remove.isPending ? 'Deleting…' : 'Delete interview'}
        </button>
        <button type="button" className="button button--small" onClick={onDone} disabled={remove.isPending}>
          Cancel
        </button>
      </div>
    </div>
  );
}
