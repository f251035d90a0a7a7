import type { RowProgress } from './document-status';

/** A labelled progress bar: bytes sent while uploading, then the server's own progress. */
export function ProgressBar({ label, value }: RowProgress) {
  return (
    <div className="progress">
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${label}: ${value}%`}
      >
        <div className="progress__fill" style={{ width: `${value}%` }} />
      </div>
      <span className="progress__label">
        {label}… {value > 0 && `${value}%`}
      </span>
    </div>
  );
}
