import type { Clip } from '@verbatim/contract/clip';
import { useEffect, useRef, useState } from 'react';
import { fetchClipFile } from './api/fetch-clip-file';

/**
 * Plays the clip as it downloads: its file cut on the server, fetched when Play is pressed (again once its bounds
 * changed), in an audio element, or a video element when the recording has a picture.
 */
export function ClipMedia({ projectId, clip }: { projectId: string; clip: Clip }) {
  const [state, setState] = useState<{ key: string; url: string } | { key: string; loading: true } | { key: string; error: string } | null>(null);
  const media = useRef<HTMLMediaElement | null>(null);
  const key = `${clip.id}|${clip.from}|${clip.to}`;
  const current = state?.key === key ? state : null;

  useEffect(() => {
    const url = state && 'url' in state ? state.url : null;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [state]);

  useEffect(() => {
    if (current && 'url' in current) void media.current?.play().catch(() => undefined);
  }, [current]);

  const play = () => {
    if (current && 'url' in current) {
      void media.current?.play().catch(() => undefined);
      return;
    }
    setState({ key, loading: true });
    fetchClipFile(projectId, clip).then(
      ({ blob }) => setState({ key, url: URL.createObjectURL(blob) }),
      (err: unknown) => setState({ key, error: err instanceof Error ? err.message : 'The clip could not be played.' }),
    );
  };

  return (
    <div className="clip-media">
      <button type="button" className="button button--small" onClick={play} disabled={current !== null && 'loading' in current} data-testid="clip-play">
        {current && 'loading' in current ? 'Cutting…' : 'Play'}
      </button>
      {current && 'url' in current &&
        (clip.hasVideo ? (
          <video ref={(el) => void (media.current = el)} src={current.url} controls className="clip-media__player" data-testid="clip-player" />
        ) : (
          <audio ref={(el) => void (media.current = el)} src={current.url} controls className="clip-media__player" data-testid="clip-player" />
        ))}
      {current && 'error' in current && (
        <p className="form-error" role="alert">
          {current.error}
        </p>
      )}
    </div>
  );
}
