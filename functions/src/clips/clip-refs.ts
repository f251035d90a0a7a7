import { Timestamp, type DocumentData, type Firestore, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { clipFromData, type Clip } from '@verbatim/contract/clip';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { projectRef } from '../projects/refs';

/**
 * Where a clip lives: `projects/{projectId}/clips/{clipId}` (server-written, owner-read), and its cut file in the
 * recording store, `clips/{projectId}/{documentId}/{clipId}/` (the only file in that folder).
 */

/** What is stored of a clip: the clip, and the file last cut of it (gone when its recording changed or went). */
export interface StoredClip extends Omit<Clip, 'id' | 'fileSize'> {
  file?: ClipFileRecord | null;
}

export interface ClipFileRecord {
  path: string;
  size: number;
  contentType: 'audio/mp4' | 'video/mp4';
  /** The recording and stretch it was cut from: another recording or other bounds mean a new cut. */
  source: string;
}

const toDate = (value: unknown) => (value instanceof Timestamp ? value.toDate() : null);

export const clipConverter: FirestoreDataConverter<StoredClip & { id: string; fileSize: number }> = {
  toFirestore(clip) {
    // The file's size is read from `file`, not stored twice.
    const { id: _id, fileSize: _size, ...rest } = clip as StoredClip & { id?: string; fileSize?: number };
    return rest as DocumentData;
  },
  fromFirestore(snap: QueryDocumentSnapshot) {
    const data = snap.data();
    const file = data.file as ClipFileRecord | undefined;
    return { ...clipFromData(snap.id, data, toDate), ...(file ? { file } : {}) };
  },
};

export function clipsCollection(db: Firestore, projectId: string) {
  return projectRef(db, projectId).collection(COLLECTIONS.clips).withConverter(clipConverter);
}

export function clipRef(db: Firestore, projectId: string, clipId: string) {
  return clipsCollection(db, projectId).doc(clipId);
}

/** The folder of a project's clip files, or of one interview's, or of one clip's. */
export function clipPrefix(projectId: string, documentId?: string, clipId?: string): string {
  return `clips/${projectId}/${documentId ? `${documentId}/${clipId ? `${clipId}/` : ''}` : ''}`;
}
