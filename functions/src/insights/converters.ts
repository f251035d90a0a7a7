import { Timestamp, type DocumentData, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Insight, ProjectSynthesis } from '../domain/insight';

export interface StoredSynthesis extends ProjectSynthesis {
  generation: number;
  documentCount: number;
  updatedAt: Date;
}

/** The one converter between `projects/{p}/insights/{id}` and `Insight`. */
export const insightConverter: FirestoreDataConverter<Insight> = {
  toFirestore(insight: Insight): DocumentData {
    const { id: _id, createdAt, ...rest } = insight;
    return { ...rest, createdAt: Timestamp.fromDate(createdAt) };
  },
  fromFirestore(snap: QueryDocumentSnapshot): Insight {
    const d = snap.data();
    return {
      id: snap.id,
      title: d.title ?? '',
      description: d.description ?? '',
      tag: d.tag ?? '',
      documentId: d.documentId ?? '',
      quotes: Array.isArray(d.quotes) ? d.quotes : [],
      source: d.source ?? 'local',
      createdAt: d.createdAt instanceof Timestamp ? d.createdAt.toDate() : new Date(0),
      theme: typeof d.theme === 'string' ? d.theme : null,
      editedAt: d.editedAt instanceof Timestamp ? d.editedAt.toDate() : null,
      deletedAt: d.deletedAt instanceof Timestamp ? d.deletedAt.toDate() : null,
      mergedInto: typeof d.mergedInto === 'string' ? d.mergedInto : null,
      mergedFrom: Array.isArray(d.mergedFrom) ? d.mergedFrom : [],
    };
  },
};

/** The one converter for `projects/{p}/synthesis/current`. */
export const synthesisConverter: FirestoreDataConverter<StoredSynthesis> = {
  toFirestore(s: StoredSynthesis): DocumentData {
    return { ...s, updatedAt: Timestamp.fromDate(s.updatedAt) };
  },
  fromFirestore(snap: QueryDocumentSnapshot): StoredSynthesis {
    const d = snap.data();
    return {
      summarySentence: d.summarySentence ?? '',
      consolidatedInsights: Array.isArray(d.consolidatedInsights) ? d.consolidatedInsights : [],
      consolidatedGroupedTags: Array.isArray(d.consolidatedGroupedTags) ? d.consolidatedGroupedTags : [],
      generation: typeof d.generation === 'number' ? d.generation : 0,
      documentCount: typeof d.documentCount === 'number' ? d.documentCount : 0,
      updatedAt: d.updatedAt instanceof Timestamp ? d.updatedAt.toDate() : new Date(0),
    };
  },
};
