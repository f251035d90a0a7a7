import type { SpeakerRolesNow } from '@verbatim/contract/app-error';
import type { Interview } from '@verbatim/contract/project';
import { ApiError } from '../../lib/api-client';
import { useConfirmRoles } from './api/confirm-roles';
import { rolesChangedMeanwhile } from './api/update-interview';
import { analyseWithRolesLabel } from './credits-line';

/** Why an interview waits for its speakers to be checked (the server's sentence): the top of its Speakers panel. */
export function RolesQuestion({ document: doc }: { document: Interview }) {
  return (
    <p className="roles-check__question" data-testid="roles-question">
      {doc.rolesQuestion && <strong>{doc.rolesQuestion}</strong>} Changing a role here is free; the interview is analysed when you ask.
    </p>
  );
}

/**
 * The one button under the speakers of an interview waiting for them to be checked: analyse it with the roles as shown
 * (their version), saying what it costs. Out of credits, it opens the subscription offer and the interview keeps
 * waiting; with roles changed meanwhile (another tab), the panel is told the roles as they are now.
 */
export function AnalyseWithRoles({
  projectId,
  document: doc,
  rolesVersion,
  subscribed,
  disabled,
  onOutOfCredits,
  onRolesChanged,
}: {
  projectId: string;
  document: Interview;
  rolesVersion: number;
  subscribed: boolean;
  disabled: boolean;
  onOutOfCredits?: () => void;
  onRolesChanged: (now: SpeakerRolesNow) => void;
}) {
  const confirm = useConfirmRoles();
  function analyse() {
    confirm.mutate(
      { projectId, documentId: doc.id, rolesVersion },
      {
        onError: (err) => {
          const now = rolesChangedMeanwhile(err);
          if (now) onRolesChanged(now);
          else if (err instanceof ApiError && err.status === 402) onOutOfCredits?.();
        },
      },
    );
  }
  return (
    <div className="roles-check__actions">
      <button type="button" className="button button--primary button--small" onClick={analyse} disabled={disabled || confirm.isPending}>
        {confirm.isPending ? 'Starting the analysis…' : analyseWithRolesLabel(subscribed)}
      </button>
      {confirm.error && (
        <p className="form-error" role="alert">
          {confirm.error.message}
        </p>
      )}
    </div>
  );
}
