import { Timestamp, type DocumentData, type Firestore, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { reelFromData, type Reel } from '@verbatim/contract/reel';
import { projectRef } from '../projects/refs';
import type { RecordingStore } from '../storage/recording-store';

/**
 * Where a reel lives: `projects/{projectId}/reels/{reelId}` (server-written, owner-read), and its rendered file in the
 * recording store, `reels/{projectId}/{reelId}/reel.mp4`. No rendering here, so clips and projects can delete reels
 * without loading ffmpeg's modules.
 */

const toDate = (value: unknown) => (value instanceof Timestamp ? value.toDate() : null);

export const reelConverter: FirestoreDataConverter<Reel> = {
  toFirestore(reel) {
    const { id: _id, ...rest } = reel as Reel;
    return rest as DocumentData;
  },
  fromFirestore(snap: QueryDocumentSnapshot) {
    return reelFromData(snap.id, snap.data(), toDate);
  },
};

export function reelsCollection(db: Firestore, projectId: string) {
  return projectRef(db, projectId).collection(COLLECTIONS.reels).withConverter(reelConverter);
}

/** The folder of a project's reel files, or of one reel's. */
export function reelPrefix(projectId: string, reelId?: string): string {
  return `reels/${projectId}/${reelId ? `${reelId}/` : ''}`;
}

/** A reel's rendered file. */
export function reelFilePath(projectId: string, reelId: string): string {
  return `${reelPrefix(projectId, reelId)}reel.mp4`;
}

/** Deletes the reels that quote an interview (files and records): the interview, or its recording, is going. */
export async function deleteInterviewReels(db: Firestore, store: RecordingStore, projectId: string, documentId: string): Promise<void> {
  const reels = await reelsCollection(db, projectId).where('documentIds', 'array-contains', documentId).get();
  for (const reel of reels.docs) {
    await store.deletePrefix(reelPrefix(projectId, reel.id));
    await reel.ref.delete();
  }
}
