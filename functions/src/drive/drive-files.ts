import { driveImportRequestBody, requireBody, type DriveFileRef, type DriveImportRequest } from '@verbatim/contract/request-bodies';
import {
  driveRefusalMessage,
  driveUnsupportedTypeMessage,
  EXTENSION_BY_DRIVE_MIME_TYPE as EXTENSION_BY_MIME_TYPE,
  GOOGLE_DOC_MIME_TYPE,
  MAX_DRIVE_FILES_PER_IMPORT,
} from '@verbatim/contract/drive';
import { MAX_DOCUMENT_NAME_LENGTH } from '@verbatim/contract/project';
import { UPLOAD_SIZE_MESSAGES } from '@verbatim/contract/upload-size';
import { extensionOf, isAcceptedExtension } from '@verbatim/contract/transcript-formats';
import type { DriveFailureKind, DriveSource } from './drive-client';

export { GOOGLE_DOC_MIME_TYPE, MAX_DRIVE_FILES_PER_IMPORT };

/**
 * The pure rules of importing from Google Drive: what a request must hold, which Drive files are
 * transcripts we read (and how to fetch them), and the sentence each failure shows a researcher.
 */

/**
 * A file the researcher picked in Google Drive, as the Picker describes it, and the request (with the user's OAuth
 * access token: sent to Drive only, never stored or logged): the contract's schema says what each must hold.
 */
export type { DriveFileRef, DriveImportRequest } from '@verbatim/contract/request-bodies';
export type { DriveImportErrorCode, DriveImportResult } from '@verbatim/contract/drive';

/** How one Drive file becomes an upload: where its bytes come from and the file name the pipeline reads. */
export type DriveFilePlan =
  | { ok: true; source: DriveSource; fileName: string; contentType?: string }
  | { ok: false; code: 'unsupported-type'; message: string };

/** Google Workspace files other than Docs, named for the refusal. */
const WORKSPACE_KINDS: Record<string, string> = {
  'application/vnd.google-apps.spreadsheet': 'a Google Sheets spreadsheet',
  'application/vnd.google-apps.presentation': 'a Google Slides presentation',
  'application/vnd.google-apps.form': 'a Google Form',
  'application/vnd.google-apps.drawing': 'a Google Drawing',
  'application/vnd.google-apps.folder': 'a folder',
  'application/vnd.google-apps.shortcut': 'a shortcut',
};

/** The request body, checked: 400 (AppError 'invalid') naming what is wrong; the token is never echoed. */
export function readDriveImportRequest(body: Record<string, unknown>): DriveImportRequest {
  return requireBody(driveImportRequestBody, body);
}

/**
 * Whether a Drive file is a transcript we read, and how: a Google Doc is exported as text and
 * named `.txt`; another file is downloaded under its own name when that has an accepted
 * extension, or with the extension its mime type stands for. Everything else is refused.
 */
export function planDriveFile(file: DriveFileRef): DriveFilePlan {
  if (file.mimeType === GOOGLE_DOC_MIME_TYPE) {
    return { ok: true, source: 'export', fileName: withExtension(stripAcceptedExtension(file.name), '.txt'), contentType: 'text/plain' };
  }
  const workspaceKind = file.mimeType.startsWith('application/vnd.google-apps.')
    ? (WORKSPACE_KINDS[file.mimeType] ?? 'a Google Workspace file other than a Doc')
    : null;
  if (workspaceKind) return unsupported(driveRefusalMessage(`The file ${file.name} is ${workspaceKind}, which cannot be imported.`));
  const ext = extensionOf(file.name);
  if (isAcceptedExtension(ext)) {
    return { ok: true, source: 'media', fileName: withExtension(file.name.slice(0, -ext.length), file.name.slice(-ext.length)) };
  }
  const fromType = EXTENSION_BY_MIME_TYPE[file.mimeType];
  if (fromType) return { ok: true, source: 'media', fileName: withExtension(file.name, fromType) };
  return unsupported(driveUnsupportedTypeMessage(file.name, ext));
}

/** The sentence shown for a file Drive did not give. */
export function driveFailureMessage(name: string, failure: { kind: DriveFailureKind; size?: number; reason?: string }): string {
  switch (failure.kind) {
    case 'not-found':
      return `The file ${name} was not found in Google Drive: it may have been deleted, or it is not shared with you.`;
    case 'no-access':
      return `Google Drive refused access to the file ${name}: sign in to Google again.`;
    case 'too-large':
      if (failure.reason === 'exportSizeLimitExceeded') {
        return `The file ${name} is too large for Google Drive to export as text. Download it as .docx, then upload that file.`;
      }
      return failure.size !== undefined ? UPLOAD_SIZE_MESSAGES.tooLarge(failure.size, name) : UPLOAD_SIZE_MESSAGES.overLimit(name);
    case 'rate-limited':
      return `Google Drive is busy and did not send the file ${name}. Try again in a minute.`;
    case 'unreadable':
      return `Google Drive could not send the file ${name}. Try importing it again.`;
  }
}

export function removedMessage(name: string): string {
  return `The file ${name} was removed while it was being imported.`;
}

export function outOfTimeMessage(name: string): string {
  return `The file ${name} was not imported: there was no time left in this import. Import it again.`;
}

export function internalFailureMessage(name: string): string {
  return `Something went wrong on our side while importing the file ${name}. Please try again.`;
}

function unsupported(message: string): DriveFilePlan {
  return { ok: false, code: 'unsupported-type', message };
}

function stripAcceptedExtension(name: string): string {
  const ext = extensionOf(name);
  return isAcceptedExtension(ext) ? name.slice(0, -ext.length) : name;
}

/** `base` + `ext`, the base shortened so the whole fits an interview name. */
function withExtension(base: string, ext: string): string {
  const room = MAX_DOCUMENT_NAME_LENGTH - ext.length;
  const trimmed = base.trim();
  return `${(trimmed.length > room ? trimmed.slice(0, room).trimEnd() : trimmed) || 'Untitled'}${ext}`;
}
