import { byteSizeText } from '@verbatim/contract/byte-size';
import { isRecordingFileName } from '@verbatim/contract/recording-formats';
import { useId } from 'react';
import { ProgressBar } from '../../components/progress-bar';
import { cancelUpload, dismissUpload, renameUpload, saveUploadName, type UploadItem } from './upload-store';

const PHASE_LABELS: Record<UploadItem['phase'], string> = {
  waiting: 'Waiting to upload',
  reserving: 'Preparing the upload',
  sending: 'Uploading',
  processing: 'Uploading',
  failed: 'Not uploaded',
};

/**
 * A file this browser is uploading whose interview is not in the list yet (or never will be), with the name proposed
 * for its interview from the transcript, which the researcher may change before the file goes.
 */
export function PendingUploadRow({ upload }: { upload: UploadItem }) {
  const failed = upload.phase === 'failed';
  const nameId = useId();
  const nameErrorId = useId();
  const nameable = !failed && !isRecordingFileName(upload.fileName);
  const value = upload.total > 0 ? Math.min(100, Math.round((upload.sent / upload.total) * 100)) : 0;
  return (
    <li className={`doc-row doc-row--pending${failed ? ' doc-row--failed' : ''}`} data-testid="pending-upload">
      <div className="doc-row__main">
        <div className="doc-row__title">
          {nameable ? (
            <span className="doc-row__name-field">
              <label htmlFor={nameId} className="doc-row__name-label">
                Interview name
              </label>
              <input
                id={nameId}
                className="doc-row__name-input"
                type="text"
                value={upload.name}
                data-testid="upload-name"
                aria-invalid={upload.nameError ? true : undefined}
                aria-describedby={upload.nameError ? nameErrorId : undefined}
                onChange={(event) => renameUpload(upload.key, event.target.value)}
                onBlur={() => void saveUploadName(upload.key)}
              />
            </span>
          ) : (
            <span className="doc-row__name">{upload.fileName}</span>
          )}
          <span className={`chip ${failed ? 'chip--failed' : 'chip--uploading'}`}>{PHASE_LABELS[upload.phase]}</span>
        </div>
        {nameable && upload.nameError && (
          <p id={nameErrorId} className="form-error" role="alert">
            {upload.nameError}
          </p>
        )}
        <p className="doc-row__meta">{nameable ? `${upload.fileName} · ${byteSizeText(upload.size)}` : byteSizeText(upload.size)}</p>
        {!failed && <ProgressBar label="Uploading" value={upload.phase === 'processing' ? 100 : value} />}
        {failed && upload.error && (
          <p className="doc-row__error" data-testid="upload-error">
            {upload.error}
          </p>
        )}
      </div>
      <div className="doc-row__actions">
        {failed ? (
          <button type="button" className="button button--small" onClick={() => dismissUpload(upload.key)}>
            Dismiss
          </button>
        ) : (
          upload.phase !== 'processing' && (
            <button type="button" className="button button--small" onClick={() => cancelUpload(upload.key)}>
              Cancel upload
            </button>
          )
        )}
      </div>
    </li>
  );
}
