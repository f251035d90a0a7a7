import type { InterviewStatus } from '@verbatim/contract/project';
import { STATUS_LABELS } from './interview-status';

/** An interview's status; `label` says it otherwise (see `statusLabel`). */
export function StatusChip({ status, label }: { status: InterviewStatus; label?: string }) {
  return (
    <span className={`chip chip--${status}`} data-testid="status-chip">
      {label ?? STATUS_LABELS[status]}
    </span>
  );
}
