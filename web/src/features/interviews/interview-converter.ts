import type { Interview } from '@verbatim/contract/project';
import { interviewFromData as readDocument, transcriptPartFromData } from '@verbatim/contract/project-data';
import type { TranscriptPart } from '@verbatim/contract/transcript-parts';

export { transcriptPartFromData };
import {
  Timestamp,
  type DocumentData,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
  type SnapshotOptions,
} from 'firebase/firestore';

const toDate = (value: unknown) => (value instanceof Timestamp ? value.toDate() : null);

/** `projects/{p}/documents/{d}` data as the server stores it → `Interview` (the contract's reading). */
export function interviewFromData(id: string, d: DocumentData): Interview {
  return readDocument(id, d, toDate);
}

/** The one converter for `documents`: read-only on the client (the server writes them). */
export const interviewConverter: FirestoreDataConverter<Interview> = {
  toFirestore(): never {
    throw new Error('Interviews are written by the server; use the documents API.');
  },
  fromFirestore(snap: QueryDocumentSnapshot, options?: SnapshotOptions): Interview {
    return interviewFromData(snap.id, snap.data(options));
  },
};

/** The one converter for `transcript` parts (read-only on the client). */
export const transcriptPartConverter: FirestoreDataConverter<TranscriptPart | null> = {
  toFirestore(): never {
    throw new Error('Transcripts are written by the server.');
  },
  fromFirestore(snap: QueryDocumentSnapshot, options?: SnapshotOptions): TranscriptPart | null {
    return transcriptPartFromData(snap.data(options));
  },
};
