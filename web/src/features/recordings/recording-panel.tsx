import type { Interview } from '@verbatim/contract/project';
import { type RecordingLimits } from '@verbatim/contract/recording';
import { RECORDING_EXTENSIONS, RECORDING_EXTENSIONS_LIST } from '@verbatim/contract/recording-formats';
import { RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import type { TranscriptContent } from '@verbatim/contract/transcript-parts';
import { useId, useState } from 'react';
import { FileButton } from '../../components/file-button';
import { ProgressBar } from '../../components/progress-bar';
import { removeRecording } from './api/remove-recording';
import { attachRecordingFile, cancelAttach, dismissAttach, useAttachUpload } from './attach-uploads';
import { hasTimestamps } from './recording-moments';
import { recordingFacts, recordingProblem, recordingProgress, stalledRecording } from './recording-status';
import '../../components/recordings.css';

const ACCEPT = RECORDING_EXTENSIONS.join(',');

/**
 * An interview's recording, on its page: attach one (offered when the transcript has timestamps to sync it by, and
 * said why not otherwise), its upload's progress, then its status as the server reads it, the sentence saying why it
 * could not be used, and Replace or Remove.
 */
export function RecordingPanel({
  projectId,
  document: doc,
  content,
  limits,
}: {
  projectId: string;
  document: Interview;
  content: TranscriptContent | undefined;
  limits: RecordingLimits | null;
}) {
  const upload = useAttachUpload(doc.id);
  const recording = doc.recording;
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const titleId = useId();
  if (!content) return null;

  const progress = recordingProgress(recording, upload);
  const stalled = stalledRecording(recording, upload);
  const sending = upload !== undefined && upload.phase !== 'failed';
  const syncable = hasTimestamps(content);
  // A machine-made transcript was read from its recording: the two belong together.
  const replaceable = recording?.origin !== 'transcribed';
  // One problem at a time, the latest (recording-status.ts).
  const problem = recordingProblem({
    removeError,
    uploadError: upload?.phase === 'failed' ? upload.error : null,
    stalled,
    sending,
    recording,
  });
  const settled = recording !== undefined && (recording.status === 'ready' || recording.status === 'failed' || stalled !== null);

  // Each new attempt replaces the problem of the one before: a card says the latest, never a pile.
  function pick(file: File) {
    setConfirming(false);
    setRemoveError(null);
    void attachRecordingFile(projectId, doc.id, file, limits);
  }

  async function remove() {
    setRemoving(true);
    setRemoveError(null);
    dismissAttach(doc.id);
    try {
      await removeRecording(projectId, doc.id);
      setConfirming(false);
    } catch (err) {
      setRemoveError(err instanceof Error ? err.message : String(err));
    } finally {
      setRemoving(false);
    }
  }

  const picker = (label: string, testId: string) => (
    <FileButton label={label} accept={ACCEPT} inputLabel="Choose the interview’s recording" testId={testId} onFile={pick} />
  );

  return (
    <section className="recording-panel" aria-labelledby={titleId} data-testid="recording-panel">
      <h2 className="recording-panel__title" id={titleId}>
        Recording
      </h2>
      {!recording && !sending && syncable && (
        <p className="recording-panel__hint muted">
          Hear the interview beside its transcript: attach its audio or video ({RECORDING_EXTENSIONS_LIST}). It is played in
          step with the transcript’s timestamps; nothing is sent anywhere else.
        </p>
      )}
      {!recording && !sending && !syncable && (
        <p className="recording-panel__hint muted" data-testid="recording-unavailable">
          {RECORDING_MESSAGES.noTimestamps}
        </p>
      )}
      {recording?.status === 'ready' && (
        <p className="recording-panel__facts" data-testid="recording-facts">
          {recordingFacts(recording)}
        </p>
      )}
      {progress && <ProgressBar {...progress} />}
      {problem && (
        <p className="form-error" role="alert" data-testid="recording-error">
          {problem.text}
          {problem.source === 'upload' && (
            <>
              {' '}
              <button type="button" className="link-button" onClick={() => dismissAttach(doc.id)}>
                Dismiss
              </button>
            </>
          )}
        </p>
      )}
      <div className="recording-panel__actions">
        {sending ? (
          <button type="button" className="button button--small" onClick={() => cancelAttach(doc.id)}>
            Cancel upload
          </button>
        ) : confirming ? (
          <div className="confirm" role="group" aria-label="Remove the recording">
            <p>Remove the recording? The transcript and its insights stay.</p>
            <div className="confirm__actions">
              <button type="button" className="button button--danger button--small" disabled={removing} onClick={() => void remove()}>
                {removing ? 'Removing…' : 'Remove recording'}
              </button>
              <button type="button" className="button button--small" disabled={removing} onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <>
            {!recording && syncable && picker('Attach a recording', 'attach-recording')}
            {recording && settled && replaceable && syncable && picker('Replace', 'replace-recording')}
            {recording && settled && (
              <button type="button" className="button button--small button--quiet-danger" onClick={() => setConfirming(true)}>
                Remove
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
