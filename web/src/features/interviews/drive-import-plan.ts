import { MAX_UPLOAD_BYTES, UPLOAD_SIZE_MESSAGES } from '@verbatim/contract/upload-size';
import { extensionOf, isAcceptedExtension } from '@verbatim/contract/transcript-formats';
import {
  driveUnsupportedTypeMessage,
  EXTENSION_BY_DRIVE_MIME_TYPE as EXTENSION_BY_MIME_TYPE,
  GOOGLE_DOC_MIME_TYPE,
  MAX_DRIVE_FILES_PER_IMPORT,
} from '@verbatim/contract/drive';
import type { DriveFileRef } from './api/import-from-drive';

/**
 * Choosing what to import from Google Drive, before anything is sent: the Picker's filter, the
 * files it returns, and which of them go to the server. The server applies the same rules
 * (functions/src/drive/drive-files.ts) and has the last word.
 */

export { GOOGLE_DOC_MIME_TYPE, MAX_DRIVE_FILES_PER_IMPORT };

/**
 * What the Picker lists: Google Docs and our formats as Drive labels them. Drive labels some
 * caption files (.srt, .sub) as plain bytes, so those are listed too; the plan below sorts them.
 */
export const DRIVE_PICKER_MIME_TYPES: readonly string[] = [GOOGLE_DOC_MIME_TYPE, ...Object.keys(EXTENSION_BY_MIME_TYPE), 'application/octet-stream'];

/** A file the researcher picked, as the Picker describes it (`sizeBytes` unknown for Google Docs). */
export interface PickedDriveFile extends DriveFileRef {
  sizeBytes: number | null;
}

/** The Picker's picked documents (`{id, name, mimeType, sizeBytes}`), keeping only well-formed ones. */
export function pickedDriveFiles(documents: readonly unknown[]): PickedDriveFile[] {
  const picked: PickedDriveFile[] = [];
  for (const doc of documents) {
    const { id, name, mimeType, sizeBytes } = (typeof doc === 'object' && doc !== null ? doc : {}) as Record<string, unknown>;
    if (typeof id !== 'string' || id === '' || typeof name !== 'string' || name.trim() === '') continue;
    const size = typeof sizeBytes === 'number' ? sizeBytes : typeof sizeBytes === 'string' && /^\d+$/.test(sizeBytes) ? Number(sizeBytes) : null;
    picked.push({ id, name: name.trim(), mimeType: typeof mimeType === 'string' ? mimeType : '', sizeBytes: size });
  }
  return picked;
}

/** Why a picked file cannot be imported (the sentence names it), or null. */
export function driveFileRejection(file: PickedDriveFile): string | null {
  const mimeType = file.mimeType.toLowerCase();
  if (mimeType !== GOOGLE_DOC_MIME_TYPE) {
    const workspaceFile = mimeType.startsWith('application/vnd.google-apps.');
    const ext = extensionOf(file.name);
    const readable = !workspaceFile && (isAcceptedExtension(ext) || EXTENSION_BY_MIME_TYPE[mimeType] !== undefined);
    if (!readable) return driveUnsupportedTypeMessage(file.name, workspaceFile ? null : ext);
  }
  if (file.sizeBytes !== null && file.sizeBytes > MAX_UPLOAD_BYTES) {
    return UPLOAD_SIZE_MESSAGES.tooLarge(file.sizeBytes, file.name);
  }
  return null;
}

export interface DriveImportPlan {
  /** Files to send to the server, in the order picked. */
  files: DriveFileRef[];
  /** One sentence per file refused before sending. */
  rejected: string[];
  /** True when the account has no credit for some of the acceptable files (the subscribe prompt). */
  outOfCredits: boolean;
}

/**
 * Sorts picked files as `planUploads` sorts dropped ones: refused ones with their reason; at most
 * 20; and for a trial account with `credits` known, only as many as it has credits for. Unknown
 * credits (null) let the server decide.
 */
export function planDriveImport(picked: readonly PickedDriveFile[], credits: number | null, subscriptionActive: boolean): DriveImportPlan {
  const rejected: string[] = [];
  const acceptable: PickedDriveFile[] = [];
  for (const file of picked) {
    const reason = driveFileRejection(file);
    if (reason) rejected.push(reason);
    else if (acceptable.length >= MAX_DRIVE_FILES_PER_IMPORT) {
      rejected.push(`The file ${file.name} was not imported: import at most ${MAX_DRIVE_FILES_PER_IMPORT} files at a time.`);
    } else acceptable.push(file);
  }
  const allowed = subscriptionActive || credits === null ? acceptable.length : Math.max(0, credits);
  for (const file of acceptable.slice(allowed)) rejected.push(`The file ${file.name} was not imported: you have no credits left for this interview.`);
  return {
    files: acceptable.slice(0, allowed).map(({ id, name, mimeType }) => ({ id, name, mimeType })),
    rejected,
    outOfCredits: acceptable.length > allowed,
  };
}
