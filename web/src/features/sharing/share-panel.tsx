import type { ShareKind, ShareLink } from '@verbatim/contract/share';
import { useEffect, useId, useRef, useState } from 'react';
import { useRegenerateShare } from './api/regenerate-share';
import { useSetShareEnabled } from './api/set-share-enabled';
import { copyText } from '../../lib/copy-text';
import { publicPagePath, publicPageUrl } from './paths';
import { PlayRecordingsSwitch } from './play-recordings-switch';
import { RegenerateDialog } from './regenerate-dialog';
import { SwitchInput, usePendingSwitch } from './share-switch';
import { SHARE_PAGE_INFO, shareState, shareStatusText, updatedText } from './share-format';

/** One page kind's link: on/off, the address with Copy and Open, and Regenerate (after a confirmation). */
export function SharePanel({ projectId, kind, link }: { projectId: string; kind: ShareKind; link: ShareLink | undefined }) {
  const info = SHARE_PAGE_INFO[kind];
  const toggle = useSetShareEnabled();
  const regenerate = useRegenerateShare();
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const switchId = useId();
  const statusId = useId();

  const onOff = usePendingSwitch(link?.enabled === true);
  const enabled = onOff.shown;
  const state = onOff.pending === null ? shareState(link) : onOff.pending ? 'on' : 'off';
  const url = link ? publicPageUrl(kind, link.token, location.origin) : '';

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    setCopied((await copyText(url, inputRef.current)) ? 'yes' : 'failed');
  }

  function confirmRegenerate() {
    regenerate.mutate({ projectId, kind }, { onSuccess: () => setConfirming(false) });
  }

  return (
    <section className={`share-panel share-panel--${state}`} data-testid={`share-panel-${kind}`} aria-labelledby={`${switchId}-title`}>
      <div className="share-panel__head">
        <div>
          <h2 className="share-panel__title" id={`${switchId}-title`}>
            {info.title}
          </h2>
          <p className="share-panel__description">{info.description}</p>
        </div>
        <label className="switch share-panel__switch" htmlFor={switchId}>
          <SwitchInput
            id={switchId}
            checked={enabled}
            disabled={toggle.isPending}
            describedBy={statusId}
            testId="share-switch"
            onToggle={(next) => {
              onOff.intend(next);
              toggle.mutate({ projectId, kind, enabled: next }, { onError: onOff.drop });
            }}
          />
          <span>{enabled ? 'On' : 'Off'}</span>
          <span className="visually-hidden"> — public link to the {info.title.toLowerCase()}</span>
        </label>
      </div>

      <p className={`share-panel__status share-panel__status--${state}`} id={statusId} data-testid="share-status">
        <span className="share-panel__dot" aria-hidden="true" />
        {shareStatusText(state)}
      </p>

      {link && (
        <div className="share-panel__link">
          <label className="visually-hidden" htmlFor={`${switchId}-url`}>
            Link to the {info.title.toLowerCase()}
          </label>
          <input
            ref={inputRef}
            id={`${switchId}-url`}
            className="share-panel__url"
            type="text"
            readOnly
            value={url}
            data-testid="share-url"
            aria-disabled={!link.enabled}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="button button--primary" onClick={copy} disabled={!link.enabled} data-testid="share-copy">
            {copied === 'yes' ? 'Copied' : 'Copy'}
          </button>
          {link.enabled ? (
            <a className="button" href={publicPagePath(kind, link.token)} target="_blank" rel="noopener" data-testid="share-open">
              Open
            </a>
          ) : (
            <span className="button share-panel__open--off" aria-disabled="true">
              Open
            </span>
          )}
        </div>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {copied === 'yes' ? 'Link copied to the clipboard.' : copied === 'failed' ? 'Could not copy; select the link and copy it.' : ''}
      </p>
      {copied === 'failed' && <p className="share-panel__note">Could not reach the clipboard: select the link and copy it.</p>}

      {toggle.error && (
        <p className="form-error" role="alert">
          {toggle.error.message}
        </p>
      )}

      {kind === 'interviews' && <PlayRecordingsSwitch projectId={projectId} link={link} />}

      {link && (
        <div className="share-panel__foot">
          <span className="muted">{updatedText(link.updatedAt)}</span>
          <button type="button" className="card-action" onClick={() => setConfirming(true)} data-testid="share-regenerate">
            Regenerate link
          </button>
        </div>
      )}

      {confirming && (
        <RegenerateDialog
          title={info.title}
          pending={regenerate.isPending}
          error={regenerate.error?.message ?? null}
          onConfirm={confirmRegenerate}
          onClose={() => {
            regenerate.reset();
            setConfirming(false);
          }}
        />
      )}
    </section>
  );
}
