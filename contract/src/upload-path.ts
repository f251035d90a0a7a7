import { RECORDINGS_PREFIX, UPLOADS_PREFIX } from './constants';

export interface UploadLocation {
  uid: string;
  projectId: string;
  documentId: string;
  fileName: string;
}

/**
 * A folder of files browsers put in Cloud Storage: `{prefix}/{uid}/{projectId}/{documentId}/{fileName}`, the layout
 * storage.rules match (and grant to `uid` only).
 */
interface StorageLayout {
  /** Where a file goes, its name made one safe path segment. */
  path(location: UploadLocation): string;
  /** The folder of a project's files, or of one document's. */
  folder(uid: string, projectId: string, documentId?: string): string;
  /** The parts of a path in this layout; null for any other path. */
  parse(path: string): UploadLocation | null;
}

function storageLayout(prefix: string): StorageLayout {
  return {
    path: (location) => `${prefix}/${location.uid}/${location.projectId}/${location.documentId}/${safeFileName(location.fileName)}`,
    folder: (uid, projectId, documentId) => `${prefix}/${uid}/${projectId}/${documentId ? `${documentId}/` : ''}`,
    parse(path) {
      const parts = path.split('/');
      if (parts.length !== 5 || parts[0] !== prefix || parts.some((p) => p === '')) return null;
      const [, uid, projectId, documentId, fileName] = parts;
      return { uid, projectId, documentId, fileName };
    },
  };
}

const uploads = storageLayout(UPLOADS_PREFIX);
/** Where a browser uploads a transcript in Cloud Storage, for the server to parse (storage.rules grant it to `uid` only). */
export const uploadPath = uploads.path;
/** The folder of a project's uploads, or of one document's. */
export const uploadPrefix = uploads.folder;
/** The parts of a transcript upload's path; null for any other path. */
export const parseUploadPath = uploads.parse;

const recordings = storageLayout(RECORDINGS_PREFIX);
/** Where an interview's recording is stored in Cloud Storage (storage.rules grant it to `uid` only). */
export const recordingPath = recordings.path;
/** The folder of a project's recordings, or of one interview's. */
export const recordingPrefix = recordings.folder;
/** The parts of a recording's path; null for any other path. */
export const parseRecordingPath = recordings.parse;
/** The name a recording's file is stored under in its interview's folder (storage.rules allow only it). */
export const storedRecordingName = (fileName: string): string => safeFileName(fileName);

/** A file name safe as one path segment: no slashes or control characters, at most 150 characters. */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it takes out
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\]+/g, '_').trim();
  if (cleaned.length <= 150) return cleaned || 'transcript';
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 150 - ext.length) + ext;
}
