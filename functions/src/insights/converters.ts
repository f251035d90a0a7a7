import { Timestamp, type DocumentData, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Insight } from '@verbatim/contract/insight';
import { insightFromData, synthesisFromData, type StoredSynthesis } from '@verbatim/contract/insight-data';

const toDate = (value: unknown) => (value instanceof Timestamp ? value.toDate() : null);

/** The one converter between `projects/{p}/insights/{id}` and `Insight` (reading is the contract's). */
export const insightConverter: FirestoreDataConverter<Insight> = {
  toFirestore(insight: Insight): DocumentData {
    const { id: _id, createdAt, ...rest } = insight;
    return { ...rest, createdAt: Timestamp.fromDate(createdAt) };
  },
  fromFirestore(snap: QueryDocumentSnapshot): Insight {
    return insightFromData(snap.id, snap.data(), toDate);
  },
};

/** The one converter for `projects/{p}/synthesis/current` (reading is the contract's). */
export const synthesisConverter: FirestoreDataConverter<StoredSynthesis> = {
  toFirestore(s: StoredSynthesis): DocumentData {
    return { ...s, updatedAt: Timestamp.fromDate(s.updatedAt) };
  },
  fromFirestore(snap: QueryDocumentSnapshot): StoredSynthesis {
    return synthesisFromData(snap.data(), toDate);
  },
};
