import { quoteTime } from '@verbatim/contract/citation';
import { plural } from '@verbatim/contract/plural';
import type { ShareLink } from '@verbatim/contract/share';
import { useId } from 'react';
import { useSetShareEnabled } from './api/set-share-enabled';
import { SwitchInput, usePendingSwitch } from './share-switch';

/**
 * The interviews page's "Visitors can play quotes from the recordings": off by default; on, each quote of an interview
 * whose recording is ready plays its own moment on the public page, as a clip cut on the server (never the recording).
 */
export function PlayRecordingsSwitch({ projectId, link }: { projectId: string; link: ShareLink | undefined }) {
  const save = useSetShareEnabled();
  const id = useId();
  const playing = usePendingSwitch(link?.playRecordings === true);
  const on = playing.shown;

  return (
    <div className="share-panel__option">
      <label className="switch" htmlFor={id}>
        <SwitchInput
          id={id}
          checked={on}
          disabled={save.isPending}
          describedBy={`${id}-note`}
          testId="play-recordings-switch"
          onToggle={(next) => {
            playing.intend(next);
            save.mutate({ projectId, kind: 'interviews', enabled: link?.enabled === true, playRecordings: next }, { onError: playing.drop });
          }}
        />
        <span>Visitors can play quotes from the recordings</span>
      </label>
      <p className="share-panel__hint" id={`${id}-note`}>
        {on
          ? 'Each quote of an interview with a recording has a play button: visitors hear that moment alone, as a clip cut from the recording, never the recording itself. Turning this off stops every clip within seconds, on pages already open too.'
          : 'Off: visitors read the quotes but cannot hear them.'}
      </p>
      {on && link?.unplayable && link.unplayable.length > 0 && (
        <p className="share-panel__hint" role="note" data-testid="unplayable-quotes">
          {plural(link.unplayable.length, 'quote')} cannot be played by visitors: the recording could not be read at that moment (
          {link.unplayable.map((q) => (q.moment === null ? q.interviewName : `${q.interviewName} at ${quoteTime(q.moment)}`)).join(', ')}). Replace the
          recording to have them heard.
        </p>
      )}
      {save.error && (
        <p className="form-error" role="alert">
          {save.error.message}
        </p>
      )}
    </div>
  );
}
