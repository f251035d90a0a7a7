import { MAX_CLIP_TITLE, type Clip } from '@verbatim/contract/clip';
import { useState } from 'react';
import { useInterview } from '../interviews';
import { ModalDialog } from '../../components/modal-dialog';
import { downloadClip } from './api/fetch-clip-file';
import { updateClip } from './api/update-clip';
import { clipInterviewText } from './clip-interview';
import { clipLengthText, clipPlaceText } from './clip-length';
import { ClipMedia } from './clip-media';
import { ClipWords } from './clip-words';
import './clips.css';

type Edge = 'start' | 'end';

/**
 * A clip being made or changed: the words it holds among its turn's, each edge moved a word earlier or later (the
 * server places the words in the recording again), its title, play and download.
 */
export function ClipEditor({ projectId, clip: initial, onClose }: { projectId: string; clip: Clip; onClose: () => void }) {
  const [clip, setClip] = useState(initial);
  // The interview's name as it is now (a rename shows at once); the clip keeps no copy of it.
  const interview = useInterview(projectId, clip.documentId);
  const [title, setTitle] = useState(initial.title);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (what: string, action: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  const nudge = (edge: Edge, words: number) => run('nudge', async () => setClip(await updateClip(projectId, clip.id, { nudge: { edge, words } })));
  const rename = () =>
    run('rename', async () => {
      const renamed = await updateClip(projectId, clip.id, { title });
      setClip(renamed);
      setTitle(renamed.title);
    });

  const nudgeButton = (edge: Edge, words: number, label: string, testId: string) => (
    <button type="button" className="button button--small" disabled={busy !== null} onClick={() => void nudge(edge, words)} data-testid={testId}>
      {label}
    </button>
  );

  return (
    <ModalDialog title="Clip" className="clip-editor" testId="clip-editor" busy={busy !== null} onCancel={onClose}>
      <p className="muted" data-testid="clip-facts">
        <span data-testid="clip-interview">{clipInterviewText(interview.data?.name, interview.loading)}</span> · {clip.speaker} · <span data-testid="clip-length">{clipLengthText(clip)}</span> · {clipPlaceText(clip)}
      </p>
      <ClipWords clip={clip} />
      <div className="clip-editor__nudges" role="group" aria-label="Move the clip’s edges">
        <span className="clip-editor__edge">
          Start {nudgeButton('start', -1, '◀ a word earlier', 'clip-start-earlier')} {nudgeButton('start', 1, 'a word later ▶', 'clip-start-later')}
        </span>
        <span className="clip-editor__edge">
          End {nudgeButton('end', -1, '◀ a word earlier', 'clip-end-earlier')} {nudgeButton('end', 1, 'a word later ▶', 'clip-end-later')}
        </span>
      </div>
      <form
        className="clip-editor__title"
        onSubmit={(e) => {
          e.preventDefault();
          void rename();
        }}
      >
        <label>
          Title
          <input value={title} maxLength={MAX_CLIP_TITLE} onChange={(e) => setTitle(e.target.value)} data-testid="clip-title" />
        </label>
        <button type="submit" className="button button--small" disabled={busy !== null || title.trim() === clip.title}>
          Rename
        </button>
      </form>
      <ClipMedia projectId={projectId} clip={clip} />
      {error && (
        <p className="form-error" role="alert" data-testid="clip-error">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" disabled={busy !== null} onClick={() => void run('download', () => downloadClip(projectId, clip))} data-testid="clip-download">
          {busy === 'download' ? 'Cutting…' : clip.hasVideo ? 'Download .mp4' : 'Download .m4a'}
        </button>
        <button type="button" className="button button--primary" onClick={onClose} disabled={busy !== null}>
          Done
        </button>
      </div>
    </ModalDialog>
  );
}
