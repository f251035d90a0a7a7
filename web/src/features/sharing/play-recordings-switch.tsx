import { PUBLIC_PLAYBACK_LINK_SECONDS } from '@verbatim/contract/recording';
import type { ShareLink } from '@verbatim/contract/share';
import { useId } from 'react';
import { useSetShareEnabled } from './api/set-share-enabled';
import { SwitchInput, usePendingSwitch } from './share-switch';

/**
 * The interviews page's "Visitors can play quotes from the recordings": off by default; on, each quote of an interview
 * whose recording is ready plays its moment on the public page, through links that expire within minutes.
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
          ? `Each quote of an interview with a recording has a play button: visitors hear that moment, through a link to the recording that stops working after ${PUBLIC_PLAYBACK_LINK_SECONDS / 60} minutes.`
          : 'Off: visitors read the quotes but cannot hear them.'}
      </p>
      {save.error && (
        <p className="form-error" role="alert">
          {save.error.message}
        </p>
      )}
    </div>
  );
}
