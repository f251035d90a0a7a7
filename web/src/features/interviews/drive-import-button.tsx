import { useState } from 'react';
import { showToast } from '../../lib/toast-store';
import { importFromDrive } from './api/import-from-drive';
import { planDriveImport } from './drive-import-plan';
import { driveImportFailure, googleSignInMessage, importingLine, summariseDriveImport } from './drive-import-results';
import { forgetDriveToken, GoogleSignInError, pickDriveFiles, type DriveSettings } from './google-drive-picker';

export interface DriveImportButtonProps {
  drive: DriveSettings;
  projectId: string;
  credits: number | null;
  subscriptionActive: boolean;
  /** Files that became no interview, one sentence each (replaces the list shown before). */
  onRejections: (reasons: string[]) => void;
  onOutOfCredits: () => void;
}

/**
 * "Import from Google Drive": signs in to Google, opens the Picker and sends the picked files to
 * the server, which imports them through the upload pipeline. The interviews appear in the live
 * list as they are created; files that became none are reported through `onRejections`.
 */
export function DriveImportButton({ drive, projectId, credits, subscriptionActive, onRejections, onOutOfCredits }: DriveImportButtonProps) {
  const [status, setStatus] = useState<string | null>(null);

  async function importFiles() {
    setStatus('Opening Google Drive…');
    try {
      const picked = await pickDriveFiles(drive);
      if (!picked || picked.files.length === 0) return;
      const plan = planDriveImport(picked.files, credits, subscriptionActive);
      if (plan.outOfCredits) onOutOfCredits();
      onRejections(plan.rejected);
      if (plan.files.length === 0) return;
      setStatus(importingLine(plan.files.length));
      const { results } = await importFromDrive({ projectId, files: plan.files, accessToken: picked.accessToken });
      const summary = summariseDriveImport(results);
      if (summary.accessRefused) forgetDriveToken();
      onRejections([...plan.rejected, ...summary.rejections]);
      if (summary.outOfCredits && !plan.outOfCredits) onOutOfCredits();
      if (summary.confirmation) showToast({ message: summary.confirmation });
    } catch (err) {
      if (err instanceof GoogleSignInError) {
        const message = googleSignInMessage(err);
        if (message) onRejections([message]);
      } else {
        onRejections([driveImportFailure(err)]);
      }
    } finally {
      setStatus(null);
    }
  }

  return (
    <p className="upload-zone__hint">
      <button type="button" className="button button--small" onClick={() => void importFiles()} disabled={status !== null} data-testid="drive-import">
        Import from Google Drive
      </button>
      <span role="status">{status ? ` ${status}` : ''}</span>
    </p>
  );
}
