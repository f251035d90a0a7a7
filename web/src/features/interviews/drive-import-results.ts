import { ApiError } from '../../lib/api-client';
import type { DriveImportResult } from './api/import-from-drive';

/**
 * What an import from Google Drive tells the researcher. Interviews (parsed or failed) show in the
 * live list as uploads do; files that became no interview are listed like refused uploads, each
 * with the server's sentence, which names the file.
 */
export interface DriveImportSummary {
  /** Files that became interviews (including ones whose transcript could not be read: their row says why). */
  imported: number;
  /** One sentence per file that became no interview. */
  rejections: string[];
  /** Some file was refused for lack of credits: the subscribe prompt is due. */
  outOfCredits: boolean;
  /** Google refused the access token: it must not be used again (the next import signs in anew). */
  accessRefused: boolean;
  /** A short confirmation for a toast, or null when nothing was imported. */
  confirmation: string | null;
}

export function summariseDriveImport(results: readonly DriveImportResult[]): DriveImportSummary {
  const imported = results.filter((r) => r.kind === 'document').length;
  const errors = results.flatMap((r) => (r.kind === 'error' ? [r.error] : []));
  const outOfCredits =
    errors.some((e) => e.code === 'out-of-credits') || results.some((r) => r.kind === 'document' && r.document.errorCode === 'out-of-credits');
  return {
    imported,
    rejections: errors.map((e) => e.message),
    outOfCredits,
    accessRefused: errors.some((e) => e.code === 'no-access'),
    confirmation: imported === 0 ? null : `Imported ${imported} ${imported === 1 ? 'file' : 'files'} from Google Drive.`,
  };
}

/** "Importing 3 files from Google Drive…": said while the server works. */
export function importingLine(count: number): string {
  return `Importing ${count} ${count === 1 ? 'file' : 'files'} from Google Drive…`;
}

/** Why signing in to Google or opening the Picker failed, in a sentence; null when the researcher closed the window. */
export function googleSignInMessage(error: { type?: string; error?: string } | null): string | null {
  const type = error?.type ?? error?.error ?? '';
  if (type === 'popup_closed') return null;
  if (type === 'access_denied') return 'Google Drive was not opened: allow Verbatim to see your Drive files when Google asks, to import them.';
  if (type === 'popup_failed_to_open') return 'Your browser blocked the Google sign-in window. Allow pop-ups for this site, then try again.';
  if (type === 'script-failed') return 'Google Drive could not be loaded. Check your connection (or an ad blocker), then try again.';
  return 'Signing in to Google did not work. Please try again.';
}

/** The sentence for an import request that failed as a whole. */
export function driveImportFailure(err: unknown): string {
  if (err instanceof ApiError) return `The import from Google Drive failed. ${err.message}`;
  return 'The import from Google Drive failed. Please try again.';
}
