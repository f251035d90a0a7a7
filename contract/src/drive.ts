/**
 * Google Drive import rules shared by the server (functions/src/drive) and the web client's Picker. Pure.
 */
import type { InterviewStatus } from './project';
import { ACCEPTED_EXTENSIONS_TEXT, EXTENSION_BY_CONTENT_TYPE } from './transcript-formats';

/** Drive's mime type of a Google Doc: imported as its plain text. */
export const GOOGLE_DOC_MIME_TYPE = 'application/vnd.google-apps.document';

/** Most files one import takes (the Picker's limit too). */
export const MAX_DRIVE_FILES_PER_IMPORT = 20;

/** Drive's mime types of the formats we read, for files whose name has no accepted extension. */
export const EXTENSION_BY_DRIVE_MIME_TYPE: Readonly<Record<string, string>> = EXTENSION_BY_CONTENT_TYPE;

/** Why a picked file cannot be imported, closed by what can: `reason` is one sentence naming the file. */
export function driveRefusalMessage(reason: string): string {
  return `${reason} Import Google Docs or files of type: ${ACCEPTED_EXTENSIONS_TEXT}.`;
}

/** A file whose type we do not read: its extension (as `extensionOf` gives it) named when it has one. */
export function driveUnsupportedTypeMessage(name: string, extension: string | null): string {
  return driveRefusalMessage(`The file ${name} cannot be imported: ${extension ? `files ending in ${extension} are` : 'files of this type are'} not supported.`);
}

/** Why Drive would not give a file. */
export type DriveFailureKind = 'not-found' | 'no-access' | 'too-large' | 'rate-limited' | 'unreadable';

export type DriveImportErrorCode = DriveFailureKind | 'unsupported-type' | 'out-of-credits' | 'quota' | 'removed' | 'timeout' | 'internal';

/** One picked file's outcome (the wire type of POST …/documents/import-drive): an interview, with an upload's statuses, or an error and no interview. */
export type DriveImportResult =
  | {
      kind: 'document';
      fileId: string;
      name: string;
      document: { id: string; status: InterviewStatus; errorCode: string | null; error: string | null };
    }
  | { kind: 'error'; fileId: string; name: string; error: { code: DriveImportErrorCode; message: string } };
