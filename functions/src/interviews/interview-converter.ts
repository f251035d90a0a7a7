import { Timestamp, type DocumentData, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Interview } from '@verbatim/contract/project';
import { interviewFromData } from '@verbatim/contract/project-data';

const toDate = (value: unknown) => (value instanceof Timestamp ? value.toDate() : null);

/** The one converter between `projects/{p}/documents/{d}` and `Interview` (reading is the contract's). */
export const interviewConverter: FirestoreDataConverter<Interview> = {
  toFirestore(doc: Interview): DocumentData {
    const { id: _id, createdAt, updatedAt, ...rest } = doc;
    return { ...rest, createdAt: Timestamp.fromDate(createdAt), updatedAt: Timestamp.fromDate(updatedAt) };
  },
  fromFirestore(snap: QueryDocumentSnapshot): Interview {
    return interviewFromData(snap.id, snap.data(), toDate);
  },
};
