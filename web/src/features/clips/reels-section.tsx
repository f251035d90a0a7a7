import { quoteTime } from '@verbatim/contract/citation';
import { plural } from '@verbatim/contract/plural';
import { REEL_MESSAGES, reelRenderingLapsed, type Reel } from '@verbatim/contract/reel';
import { useState } from 'react';
import { ProgressBar } from '../../components/progress-bar';
import { showToast } from '../../lib/toast-store';
import { deleteReel, downloadReel } from './api/reels';

/** What a reel's row says of it: its progress while it renders, its length once ready, or why it failed. */
function ReelState({ reel, now }: { reel: Reel; now: number }) {
  if (reel.status === 'ready') return <span className="muted">{quoteTime(reel.seconds)}</span>;
  // A rendering with no news for longer than its task can run has died with its task.
  if (reel.status === 'failed' || reelRenderingLapsed(reel, now)) {
    return (
      <p className="form-error" data-testid="reel-error">
        {reel.error ?? REEL_MESSAGES.stopped}
      </p>
    );
  }
  return <ProgressBar label={reel.status === 'queued' ? 'Waiting to render' : 'Rendering'} value={reel.status === 'queued' ? null : Math.round(reel.progress * 100)} />;
}

/** The project's highlight reels: each renders in a task of its own, then downloads as an .mp4. */
export function ReelsSection({ projectId, reels }: { projectId: string; reels: readonly Reel[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  if (reels.length === 0) return null;
  const act = (id: string, action: () => Promise<void>, failed: string) => {
    setBusy(id);
    action()
      .catch((err: unknown) => showToast({ message: err instanceof Error ? err.message : failed, tone: 'error' }))
      .finally(() => setBusy(null));
  };
  const now = Date.now();
  return (
    <section aria-label="Highlight reels" className="reels" data-testid="reels">
      <h2 className="section-title">Highlight reels</h2>
      <ul className="clips-list">
        {reels.map((reel) => (
          <li key={reel.id} className="clips-list__item" data-testid="reel-row" data-status={reel.status}>
            <div className="clips-list__head">
              <h3 className="clips-list__title">{reel.title}</h3>
              <span className="muted">
                {plural(reel.clipIds.length, 'clip')}
              </span>
            </div>
            <ReelState reel={reel} now={now} />
            <div className="clips-list__actions">
              {reel.status === 'ready' && (
                <button type="button" className="button button--small" disabled={busy === reel.id} onClick={() => act(reel.id, () => downloadReel(projectId, reel), 'The reel could not be downloaded.')} data-testid="reel-download">
                  Download .mp4
                </button>
              )}
              <button type="button" className="button button--small" disabled={busy === reel.id} onClick={() => act(reel.id, () => deleteReel(projectId, reel.id), 'The reel could not be deleted.')} data-testid="reel-delete">
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
