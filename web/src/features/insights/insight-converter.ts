import type { Insight } from '@verbatim/contract/insight';
import { insightFromData as readInsight, synthesisFromData as readSynthesis, type StoredSynthesis } from '@verbatim/contract/insight-data';
import {
  Timestamp,
  type DocumentData,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
  type SnapshotOptions,
} from 'firebase/firestore';

const toDate = (value: unknown) => (value instanceof Timestamp ? value.toDate() : null);

/** `projects/{p}/insights/{id}` data as the server stores it → `Insight` (the contract's reading). */
export function insightFromData(id: string, d: DocumentData): Insight {
  return readInsight(id, d, toDate);
}

/** `projects/{p}/synthesis/current` data → `StoredSynthesis` (the contract's reading). */
export function synthesisFromData(d: DocumentData): StoredSynthesis {
  return readSynthesis(d, toDate);
}

/** The one converter for `insights` on the client: read-only (the server writes insights). */
export const insightConverter: FirestoreDataConverter<Insight> = {
  toFirestore(): never {
    throw new Error('Insights are written by the server.');
  },
  fromFirestore(snap: QueryDocumentSnapshot, options?: SnapshotOptions): Insight {
    return insightFromData(snap.id, snap.data(options));
  },
};

/** The one converter for `synthesis` on the client: read-only (the server writes it). */
export const synthesisConverter: FirestoreDataConverter<StoredSynthesis> = {
  toFirestore(): never {
    throw new Error('The project synthesis is written by the server.');
  },
  fromFirestore(snap: QueryDocumentSnapshot, options?: SnapshotOptions): StoredSynthesis {
    return synthesisFromData(snap.data(options));
  },
};
