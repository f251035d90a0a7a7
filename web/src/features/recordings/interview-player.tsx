import { quoteTime } from '@verbatim/contract/citation';
import { useEffect, useId, useState } from 'react';
import { PlayIcon } from '../../components/quote-play-button';
import { useMediaState, useMediaTime } from '../../lib/quote-playback';
import type { RecordingMedia } from '../../lib/recording-media';
import '../../components/recordings.css';

export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
const SKIP_SECONDS = 10;

/**
 * The interview's player, above its transcript: play and pause, ten seconds back or on, the position (a slider the
 * arrow keys move), the speed, and a way back to the turn being played. Every control is a labelled native control,
 * reached and worked with the keyboard. A video recording shows its picture; a click on it plays or pauses.
 */
export function InterviewPlayer({ media, hasVideo, onShowTurn }: { media: RecordingMedia; hasVideo: boolean; onShowTurn: () => void }) {
  const state = useMediaState(media);
  const time = useMediaTime(media);
  const [rate, setRate] = useState(1);
  const speedId = useId();
  const duration = state.duration ?? 0;
  const toggle = () => void media.toggle();

  // A new element (a replaced recording) plays at the speed chosen.
  useEffect(() => media.setRate(rate), [media, rate]);

  return (
    <div className={`recording-player${hasVideo ? ' recording-player--video' : ''}`} role="region" aria-label="Recording player" data-testid="recording-player">
      {hasVideo ? (
        <video ref={media.attach} className="recording-player__video" preload="metadata" playsInline onClick={toggle} data-testid="recording-media" />
      ) : (
        <audio ref={media.attach} preload="metadata" data-testid="recording-media" />
      )}
      <div className="recording-player__controls">
        <button
          type="button"
          className="recording-player__play"
          aria-label={state.playing ? 'Pause' : time > 0 ? `Play from ${quoteTime(time)}` : 'Play'}
          onClick={toggle}
          data-testid="player-toggle"
        >
          <PlayIcon playing={state.playing} />
        </button>
        <button type="button" className="recording-player__skip" aria-label={`Back ${SKIP_SECONDS} seconds`} onClick={() => media.seek(time - SKIP_SECONDS)}>
          −{SKIP_SECONDS}
        </button>
        <input
          className="recording-player__position"
          type="range"
          min={0}
          max={Math.max(1, Math.floor(duration))}
          step={1}
          value={Math.floor(time)}
          aria-label="Position"
          aria-valuetext={`${quoteTime(time)} of ${quoteTime(duration)}`}
          onChange={(event) => media.seek(Number(event.target.value))}
          data-testid="player-position"
        />
        <button type="button" className="recording-player__skip" aria-label={`Forward ${SKIP_SECONDS} seconds`} onClick={() => media.seek(time + SKIP_SECONDS)}>
          +{SKIP_SECONDS}
        </button>
        <span className="recording-player__time" aria-hidden="true">
          {quoteTime(time)} / {quoteTime(duration)}
        </span>
        <label className="recording-player__speed" htmlFor={speedId}>
          <span className="visually-hidden">Playback speed</span>
          <select id={speedId} value={rate} onChange={(event) => setRate(Number(event.target.value))} data-testid="player-speed">
            {PLAYBACK_SPEEDS.map((speed) => (
              <option key={speed} value={speed}>
                {speed}×
              </option>
            ))}
          </select>
        </label>
        {state.started && (
          <button type="button" className="link-button recording-player__find" onClick={onShowTurn}>
            Show the turn being played
          </button>
        )}
      </div>
      <p className="recording-player__status" role="status" aria-live="polite" data-testid="player-status">
        {state.error ?? (state.waiting && state.started ? 'Loading…' : '')}
      </p>
    </div>
  );
}
