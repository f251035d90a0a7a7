import { RECORDINGS_PREFIX, UPLOADS_PREFIX } from './constants';

export interface UploadLocation {
  uid: string;
  projectId: string;
  documentId: string;
  fileName: string;
}

/** Where a browser uploads a transcript in Cloud Storage (storage.rules grant it to `uid` only). */
export function uploadPath(location: UploadLocation): string {
  return `${UPLOADS_PREFIX}/${location.uid}/${location.projectId}/${location.documentId}/${safeFileName(location.fileName)}`;
}

/** The folder of a project's uploads, or of one document's. */
export function uploadPrefix(uid: string, projectId: string, documentId?: string): string {
  return `${UPLOADS_PREFIX}/${uid}/${projectId}/${documentId ? `${documentId}/` : ''}`;
}

export function parseUploadPath(path: string): UploadLocation | null {
  const parts = path.split('/');
  if (parts.length !== 5 || parts[0] !== UPLOADS_PREFIX || parts.some((p) => p === '')) return null;
  const [, uid, projectId, documentId, fileName] = parts;
  return { uid, projectId, documentId, fileName };
}

/** A file name safe as one path segment: no slashes or control characters, at most 150 characters. */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it takes out
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\]+/g, '_').trim();
  if (cleaned.length <= 150) return cleaned || 'transcript';
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 150 - ext.length) + ext;
}

/** Where an interview's recording is stored in Cloud Storage (storage.rules grant it to `uid` only). */
export function recordingPath(location: UploadLocation): string {
  return `${RECORDINGS_PREFIX}/${location.uid}/${location.projectId}/${location.documentId}/${safeFileName(location.fileName)}`;
}

/** The folder of a project's recordings, or of one interview's. */
export function recordingPrefix(uid: string, projectId: string, documentId?: string): string {
  return `${RECORDINGS_PREFIX}/${uid}/${projectId}/${documentId ? `${documentId}/` : ''}`;
}

export function parseRecordingPath(path: string): UploadLocation | null {
  const parts = path.split('/');
  if (parts.length !== 5 || parts[0] !== RECORDINGS_PREFIX || parts.some((p) => p === '')) return null;
  const [, uid, projectId, documentId, fileName] = parts;
  return { uid, projectId, documentId, fileName };
}
