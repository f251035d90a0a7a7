import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAuth } from '../../app/auth-provider';
import { Spinner } from '../../components/spinner';
import { config } from '../../lib/config';
import { projectReadError, useCapabilities, useWorkspaceProject } from '../projects';
import { holdForSoundNotice, recordingUploadHint, SoundNoticeDialog } from '../recordings';
import { SubscribeModal } from '../subscribe';
import type { Interview } from '@verbatim/contract/project';
import { deleteInterview } from './api/delete-interview';
import { creditsLine } from './credits-line';
import { InterviewRow } from './interview-row';
import { DriveImportButton } from './drive-import-button';
import { PendingUploadRow } from './pending-upload-row';
import { RolesWaitingBar } from './roles-waiting-bar';
import { planUploads, type RecordingUploads } from './upload-checks';
import { enqueueUploads, useUploads } from './upload-store';
import { UploadZone } from './upload-zone';
import { useInterviews } from './use-interviews';

interface Rejection {
  id: number;
  /** Shown before the reason; absent when the reason names the file itself (Google Drive's). */
  fileName?: string;
  reason: string;
}

/** Recordings waiting for the researcher's answer to the notice (a project that redacts), with the interview each replaces. */
interface HeldRecording {
  file: File;
  replaces?: Interview;
}

let rejectionIds = 0;

/** /projects/:projectId/interviews (under the project's header): upload transcripts and follow each one until it is parsed. */
export default function InterviewsPage() {
  const { projectId = '' } = useParams();
  const { user } = useAuth();
  const documents = useInterviews(projectId);
  const uploads = useUploads(projectId);
  const [rejections, setRejections] = useState<Rejection[]>([]);
  const [subscribeOpen, setSubscribeOpen] = useState(false);
  const [held, setHeld] = useState<readonly HeldRecording[]>([]);
  const openSubscribe = useCallback(() => setSubscribeOpen(true), []);
  const closeSubscribe = useCallback(() => setSubscribeOpen(false), []);
  const project = useWorkspaceProject();
  const capabilities = useCapabilities();
  // A recording becomes an interview where Gemini analyses (and so transcribes); a private project attaches them.
  const recordings: RecordingUploads = { transcribe: project.data?.settings.analyser === 'gemini', limits: capabilities.data?.recordings ?? null };

  function onFiles(files: File[], replaces?: Interview) {
    const plan = planUploads(files, user?.creditsRemaining ?? null, user?.subscriptionActive ?? false, recordings);
    setRejections(plan.rejected.map(({ file, reason }) => ({ id: ++rejectionIds, fileName: file.name, reason })));
    if (plan.outOfCredits) setSubscribeOpen(true);
    // Where the project redacts, a recording is sent only once the researcher has read what redaction cannot do for it.
    const { now, held: toConfirm } = holdForSoundNotice(plan.upload, project.data?.settings);
    if (toConfirm.length > 0) setHeld((current) => [...current, ...toConfirm.map((file) => ({ file, replaces }))]);
    startUploads(now, replaces, false);
  }

  function startUploads(files: File[], replaces: Interview | undefined, soundConfirmed: boolean) {
    if (files.length === 0) return;
    // A file sent again for one that could not be read takes its place once the server has accepted it.
    const onReserved = replaces
      ? () => void deleteInterview({ projectId, documentId: replaces.id }).catch((e) => console.error('Could not remove the replaced interview', e))
      : undefined;
    enqueueUploads(projectId, files, { onOutOfCredits: openSubscribe, onReserved, recordingLimits: recordings.limits, soundConfirmed });
  }

  function sendHeld() {
    setHeld([]);
    for (const replaces of new Set(held.map((h) => h.replaces))) {
      startUploads(held.filter((h) => h.replaces === replaces).map((h) => h.file), replaces, true);
    }
  }

  function onDriveRejections(reasons: string[]) {
    setRejections(reasons.map((reason) => ({ id: ++rejectionIds, reason })));
  }

  const docs = documents.data ?? [];
  const listed = new Set(docs.map((d) => d.id));
  const pending = uploads.filter((u) => !u.documentId || !listed.has(u.documentId));
  const uploadFor = (documentId: string) => uploads.find((u) => u.documentId === documentId);

  return (
    <>
      <UploadZone onFiles={onFiles} recordings={recordingUploadHint(recordings.transcribe, recordings.limits)}>
        {config.drive && (
          <DriveImportButton
            drive={config.drive}
            projectId={projectId}
            credits={user?.creditsRemaining ?? null}
            subscriptionActive={user?.subscriptionActive ?? false}
            onRejections={onDriveRejections}
            onOutOfCredits={openSubscribe}
          />
        )}
      </UploadZone>
      <p className={`credits-line${!user?.subscriptionActive && (user?.creditsRemaining ?? 1) <= 0 ? ' credits-line--out' : ''}`} data-testid="credits-line">
        {creditsLine(user?.creditsRemaining ?? null, user?.subscriptionActive ?? false)}
        {!user?.subscriptionActive && (user?.creditsRemaining ?? 1) <= 0 && (
          <>
            {' '}
            <button type="button" className="link-button" onClick={openSubscribe}>
              Subscribe
            </button>
          </>
        )}
      </p>
      {rejections.length > 0 && (
        <div className="rejections" role="alert" data-testid="rejections">
          <ul>
            {rejections.map((r) => (
              <li key={r.id}>
                {r.fileName !== undefined && <><strong>{r.fileName}</strong>: </>}
                {r.reason}
              </li>
            ))}
          </ul>
          <button type="button" className="button button--small" onClick={() => setRejections([])}>
            Dismiss
          </button>
        </div>
      )}
      <h2 className="section-title">Interviews</h2>
      <RolesWaitingBar projectId={projectId} documents={docs} subscribed={user?.subscriptionActive ?? false} onOutOfCredits={openSubscribe} />
      {documents.error ? (
        <p className="form-error" role="alert">
          {projectReadError(documents.error, 'project')}
        </p>
      ) : documents.loading ? (
        <Spinner label="Loading the interviews" />
      ) : docs.length === 0 && pending.length === 0 ? (
        <div className="empty-state empty-state--compact" data-testid="interviews-empty">
          <h3>No interviews yet</h3>
          <p>
            Upload a transcript above. Verbatim reads it into speaker turns, guesses who is the interviewer and who the
            participant, and keeps every word exactly as it was said.
          </p>
        </div>
      ) : (
        <ul className="doc-list" aria-label="Interviews">
          {pending.map((u) => (
            <PendingUploadRow key={u.key} upload={u} />
          ))}
          {docs.map((doc) => (
            <InterviewRow
              key={doc.id}
              projectId={projectId}
              document={doc}
              upload={uploadFor(doc.id)}
              onOutOfCredits={openSubscribe}
              onUploadAgain={(file, replaced) => onFiles([file], replaced)}
            />
          ))}
        </ul>
      )}
      {/* One question at a time. The notice first: it asks about the recordings that can go, which wait for its answer,
          and the subscribe popup may leave the page for checkout, taking the researcher away from that question. The
          popup follows once the notice is answered (the files left without a credit are listed above meanwhile); where
          nothing could go, there is no notice and the popup shows at once. */}
      {held.length > 0 ? (
        <SoundNoticeDialog fileNames={held.map((h) => h.file.name)} onSend={sendHeld} onCancel={() => setHeld([])} />
      ) : (
        subscribeOpen && <SubscribeModal onClose={closeSubscribe} />
      )}
    </>
  );
}
