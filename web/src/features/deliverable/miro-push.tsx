import type { MiroPushState } from '@verbatim/contract/miro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ProgressBar } from '../../components/progress-bar';
import { ApiError } from '../../lib/api-client';
import { placeMiroStickies, startMiroBoard } from './api/miro-push';
import { miroProgress } from './miro-progress';

type Step =
  | { step: 'closed' }
  | { step: 'form'; error: string | null; resume: MiroPushState | null }
  | { step: 'working'; board: MiroPushState | null }
  | { step: 'done'; board: MiroPushState };

/**
 * The whiteboard sent straight to a new Miro board with the researcher's own access token: a frame per theme,
 * each insight and its quotes as stickies. The token stays in this form (never stored, by us or the browser);
 * a push that stops halfway can be resumed where it was.
 */
export function MiroPush({ projectId }: { projectId: string }) {
  const [state, setState] = useState<Step>({ step: 'closed' });
  const [token, setToken] = useState('');
  const abort = useRef<AbortController | null>(null);
  const hintId = useId();
  useEffect(() => () => abort.current?.abort(), []);

  async function push(resume: MiroPushState | null) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    let board = resume;
    setState({ step: 'working', board });
    try {
      board ??= await startMiroBoard(projectId, token, controller.signal);
      setState({ step: 'working', board });
      while (board.done < board.total) {
        const { done, total } = await placeMiroStickies(projectId, board, token, controller.signal);
        board = { ...board, done, total };
        setState({ step: 'working', board });
      }
      setState({ step: 'done', board });
      setToken('');
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      const conflict = err instanceof ApiError && err.status === 409;
      const gone = err instanceof ApiError && err.code === 'miro-board-gone';
      setState({ step: 'form', error: (err as Error).message || 'Sending to Miro failed. Please try again.', resume: conflict || gone ? null : board });
    }
  }

  function onSubmit(event: FormEvent, resume: MiroPushState | null) {
    event.preventDefault();
    void push(resume);
  }

  if (state.step === 'closed') {
    return (
      <div className="export-action miro-push">
        <button type="button" className="button" onClick={() => setState({ step: 'form', error: null, resume: null })}>
          Send to Miro…
        </button>
      </div>
    );
  }

  if (state.step === 'working') {
    const progress = miroProgress(state.board);
    return (
      <div className="export-action miro-push" data-testid="miro-push">
        <ProgressBar label={progress.label} value={progress.percent} />
      </div>
    );
  }

  if (state.step === 'done') {
    const { board } = state;
    return (
      <div className="export-action miro-push" data-testid="miro-push">
        <p className="export-action__done" role="status">
          Done: {board.total} stickies in {board.frameIds.length} theme {board.frameIds.length === 1 ? 'frame' : 'frames'}.
        </p>
        <a className="button button--primary" href={board.boardUrl} target="_blank" rel="noopener noreferrer" data-testid="miro-board-link">
          Open the board in Miro
        </a>
      </div>
    );
  }

  const { resume, error } = state;
  return (
    <form className="export-action miro-push form" data-testid="miro-push" onSubmit={(e) => onSubmit(e, resume)}>
      <label>
        Miro access token
        <input
          type="password"
          name="miro-token"
          autoComplete="off"
          spellCheck={false}
          required
          value={token}
          onChange={(e) => setToken(e.target.value)}
          aria-describedby={hintId}
        />
      </label>
      <p id={hintId} className="muted miro-push__hint">
        In Miro: Profile settings → Your apps → Create new app with the boards:write scope, install it on your team, then copy its access
        token here. It is used to make this one board and is never stored.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="miro-push__buttons">
        <button type="submit" className="button button--primary">
          {resume ? `Resume (${resume.done} of ${resume.total} placed)` : 'Make the Miro board'}
        </button>
        <button type="button" className="button" onClick={() => setState({ step: 'closed' })}>
          Cancel
        </button>
      </div>
    </form>
  );
}
