import type { Interview } from '@verbatim/contract/project';
import { useState } from 'react';
import { confirmRoles } from './api/confirm-roles';
import { confirmAll, confirmAllLabel, confirmAllSummary, waitingForRoles, waitingLine } from './roles-waiting';

/**
 * Above the upload list: how many interviews wait for their roles to be checked, and one button that sends all of them
 * to the analysis with the roles as guessed (each can still be checked on its own first, under Edit roles).
 */
export function RolesWaitingBar({
  projectId,
  documents,
  subscribed,
  onOutOfCredits,
}: {
  projectId: string;
  documents: readonly Interview[];
  subscribed: boolean;
  onOutOfCredits: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<string[]>([]);
  const waiting = waitingForRoles(documents);
  if (waiting.length === 0 && summary.length === 0) return null;

  async function confirmEvery() {
    setBusy(true);
    const result = await confirmAll(waiting, (doc) => confirmRoles({ projectId, documentId: doc.id, rolesVersion: doc.rolesVersion }));
    setBusy(false);
    setSummary(confirmAllSummary(result));
    if (result.outOfCredits.length > 0) onOutOfCredits();
  }

  return (
    <div className="roles-waiting" data-testid="roles-waiting">
      {waiting.length > 0 && (
        <p className="roles-waiting__line">
          {waitingLine(waiting.length)}{' '}
          <button type="button" className="button button--small" onClick={() => void confirmEvery()} disabled={busy}>
            {busy ? 'Starting the analyses…' : confirmAllLabel(waiting.length, subscribed)}
          </button>
        </p>
      )}
      {summary.length > 0 && (
        <ul className="roles-waiting__summary" role="status">
          {summary.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
