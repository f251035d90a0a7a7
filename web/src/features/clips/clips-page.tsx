import { byteSizeText } from '@verbatim/contract/byte-size';
import { plural } from '@verbatim/contract/plural';
import type { Clip } from '@verbatim/contract/clip';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useInterviews } from '../interviews';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Spinner } from '../../components/spinner';
import { showToast } from '../../lib/toast-store';
import { deleteClip } from './api/delete-clip';
import { downloadClip } from './api/fetch-clip-file';
import { ClipEditor } from './clip-editor';
import { clipInterviewText } from './clip-interview';
import { clipLengthText, clipPlaceText } from './clip-length';
import { ClipWords } from './clip-words';
import { useClips } from './use-clips';
import { createReel } from './api/reels';
import { chosenClips } from './reel-choice';
import { ReelsSection } from './reels-section';
import { useReels } from './reel-refs';
import './clips.css';

/** What the project's clips and reels keep in storage: the files cut for them (a clip is cut when first played or downloaded). */
function storageText(bytes: number): string {
  return bytes === 0 ? 'No clip or reel has been cut yet: nothing is kept in storage.' : `Clips and reels cut so far keep ${byteSizeText(bytes)} in storage.`;
}

/**
 * /projects/:projectId/clips: the project's clips, newest first, each with its interview, speaker, length and words;
 * open one to nudge, rename or play it, download it, or delete it.
 */
export default function ClipsPage() {
  const { projectId = '' } = useParams();
  const clips = useClips(projectId);
  const reels = useReels(projectId);
  // Each clip's interview is named as it is now, read from the interviews (a rename shows at once).
  const interviews = useInterviews(projectId);
  const [editing, setEditing] = useState<Clip | null>(null);
  const [deleting, setDeleting] = useState<Clip | null>(null);
  const [pending, setPending] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  // The clips chosen for a reel, in the order chosen.
  const [chosenIds, setChosen] = useState<string[]>([]);
  const [making, setMaking] = useState(false);

  if (clips.error) return <p className="form-error">The clips could not be loaded. Reload the page to try again.</p>;
  if (!clips.data) return <Spinner label="Loading the clips" />;
  const chosen = chosenClips(chosenIds, clips.data);
  const interviewName = (documentId: string) => clipInterviewText(interviews.data?.find((doc) => doc.id === documentId)?.name, interviews.loading);

  const download = (clip: Clip) => {
    setDownloading(clip.id);
    downloadClip(projectId, clip)
      .catch((err: unknown) => showToast({ message: err instanceof Error ? err.message : 'The clip could not be downloaded.', tone: 'error' }))
      .finally(() => setDownloading(null));
  };

  const choose = (clipId: string, on: boolean) => setChosen((ids) => (on ? [...ids.filter((id) => id !== clipId), clipId] : ids.filter((id) => id !== clipId)));
  const makeReel = () => {
    setMaking(true);
    createReel(projectId, { clipIds: chosen })
      .then(
        () => setChosen([]),
        (err: unknown) => showToast({ message: err instanceof Error ? err.message : 'The reel could not be made.', tone: 'error' }),
      )
      .finally(() => setMaking(false));
  };

  return (
    <section aria-label="Clips" data-testid="clips-page">
      {reels.error ? (
        <p className="form-error" data-testid="reels-error">
          The highlight reels could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <ReelsSection projectId={projectId} reels={reels.data ?? []} />
      )}
      <p className="muted" data-testid="clips-storage">
        {storageText(clips.data.reduce((sum, clip) => sum + clip.fileSize, 0) + (reels.data ?? []).reduce((sum, reel) => sum + reel.size, 0))}
      </p>
      {chosen.length > 0 && (
        <div className="clips-reel-bar" role="region" aria-label="A reel of the chosen clips">
          <span>
            {plural(chosen.length, 'clip')} chosen, in the order chosen.
          </span>
          <button type="button" className="button button--primary button--small" disabled={making} onClick={makeReel} data-testid="make-reel">
            {making ? 'Making the reel…' : 'Make a highlight reel'}
          </button>
        </div>
      )}
      {clips.data.length === 0 ? (
        <p className="muted" data-testid="clips-empty">
          No clips yet. On an interview with a recording, choose Make a clip beside a quote, or select words of the transcript.
        </p>
      ) : (
        <ul className="clips-list">
          {clips.data.map((clip) => (
            <li key={clip.id} className="clips-list__item" data-testid="clip-row">
              <div className="clips-list__head">
                <h3 className="clips-list__title">{clip.title}</h3>
                <span className="muted">
                  <Link to={`/projects/${encodeURIComponent(projectId)}/documents/${encodeURIComponent(clip.documentId)}`} data-testid="clip-row-interview">
                    {interviewName(clip.documentId)}
                  </Link> ·{' '}
                  <span data-testid="clip-row-speaker">{clip.speaker}</span> · <span data-testid="clip-row-length">{clipLengthText(clip)}</span> · {clipPlaceText(clip)}
                </span>
              </div>
              <ClipWords clip={clip} />
              <div className="clips-list__actions">
                <label className="clips-list__choose">
                  <input type="checkbox" checked={chosen.includes(clip.id)} onChange={(e) => choose(clip.id, e.target.checked)} data-testid="clip-row-choose" /> In the reel
                  {chosen.includes(clip.id) && ` (${chosen.indexOf(clip.id) + 1})`}
                </label>
                <button type="button" className="button button--small" onClick={() => setEditing(clip)} data-testid="clip-row-edit">
                  Edit
                </button>
                <button type="button" className="button button--small" disabled={downloading === clip.id} onClick={() => download(clip)} data-testid="clip-row-download">
                  {downloading === clip.id ? 'Cutting…' : 'Download'}
                </button>
                <button type="button" className="button button--small" onClick={() => setDeleting(clip)} data-testid="clip-row-delete">
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && <ClipEditor projectId={projectId} clip={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete this clip?"
          description={`The clip ${deleting.title} and its file are deleted. The interview and its recording stay.`}
          confirm="Delete clip"
          pendingLabel="Deleting…"
          pending={pending}
          tone="danger"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            setPending(true);
            deleteClip(projectId, deleting.id)
              .then(
                () => setDeleting(null),
                (err: unknown) => showToast({ message: err instanceof Error ? err.message : 'The clip could not be deleted.', tone: 'error' }),
              )
              .finally(() => setPending(false));
          }}
        />
      )}
    </section>
  );
}
