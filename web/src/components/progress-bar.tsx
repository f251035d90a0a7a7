/** What a progress bar shows: a label and a percentage (0..100), or null while the amount is not known yet. */
export interface Progress {
  label: string;
  value: number | null;
}

/** A labelled progress bar (uploads, analyses, exports); without a value it pulses until the amount is known. */
export function ProgressBar({ label, value }: Progress) {
  const known = value !== null;
  return (
    <div className="progress">
      <div
        className={known ? 'progress__track' : 'progress__track progress__track--pending'}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? value : undefined}
        aria-valuetext={known ? `${label}: ${value}%` : `${label}…`}
      >
        <div className="progress__fill" style={{ width: `${known ? value : 35}%` }} />
      </div>
      <span className="progress__label">
        {label}… {known && value > 0 && `${value}%`}
      </span>
    </div>
  );
}
