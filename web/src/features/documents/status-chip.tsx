import type { DocumentStatus } from '@verbatim/contract/project';
import { STATUS_LABELS } from './document-status';

export function StatusChip({ status }: { status: DocumentStatus }) {
  return (
    <span className={`chip chip--${status}`} data-testid="status-chip">
      {STATUS_LABELS[status]}
    </span>
  );
}
