import { clipFromData, type Clip } from '@verbatim/contract/clip';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { collection, orderBy, query, Timestamp, type FirestoreDataConverter, type QueryDocumentSnapshot, type SnapshotOptions } from 'firebase/firestore';
import { db } from '../../lib/firestore';

const toDate = (value: unknown) => (value instanceof Timestamp ? value.toDate() : null);

/** The one converter for `clips`: read-only on the client (the API writes them). */
const clipConverter: FirestoreDataConverter<Clip> = {
  toFirestore(): never {
    throw new Error('Clips are written by the server; use the clips API.');
  },
  fromFirestore(snap: QueryDocumentSnapshot, options?: SnapshotOptions): Clip {
    return clipFromData(snap.id, snap.data(options), toDate);
  },
};

/** A project's clips, newest first. */
export function clipsQuery(projectId: string) {
  return query(collection(db, COLLECTIONS.projects, projectId, COLLECTIONS.clips).withConverter(clipConverter), orderBy('createdAt', 'desc'));
}
