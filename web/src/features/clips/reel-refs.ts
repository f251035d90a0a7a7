import { COLLECTIONS } from '@verbatim/contract/constants';
import { reelFromData, type Reel } from '@verbatim/contract/reel';
import { collection, orderBy, query, Timestamp, type FirestoreDataConverter, type QueryDocumentSnapshot, type SnapshotOptions } from 'firebase/firestore';
import { db } from '../../lib/firestore';
import { useLiveQuery, type Live } from '../../lib/use-live';

const toDate = (value: unknown) => (value instanceof Timestamp ? value.toDate() : null);

/** The one converter for `reels`: read-only on the client (the server renders and writes them). */
const reelConverter: FirestoreDataConverter<Reel> = {
  toFirestore(): never {
    throw new Error('Reels are written by the server; use the reels API.');
  },
  fromFirestore(snap: QueryDocumentSnapshot, options?: SnapshotOptions): Reel {
    return reelFromData(snap.id, snap.data(options), toDate);
  },
};

/** A project's reels, live, newest first: their progress moves as their task renders them. */
export function useReels(projectId: string | undefined): Live<Reel[]> {
  return useLiveQuery(projectId ? `reels:${projectId}` : null, () =>
    query(collection(db, COLLECTIONS.projects, projectId!, COLLECTIONS.reels).withConverter(reelConverter), orderBy('createdAt', 'desc')),
  );
}
