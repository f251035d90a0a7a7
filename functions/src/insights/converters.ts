import { Timestamp, type DocumentData, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Insight, ProjectSynthesis, SynthesisWriter } from '@verbatim/contract/insight';

export interface StoredSynthesis extends ProjectSynthesis {
  /** Who wrote it (older syntheses: the built-in one). */
  writer: SynthesisWriter;
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
      writer: writerFromData(d.writer),
      generation: typeof d.generation === 'number' ? d.generation : 0,
      documentCount: typeof d.documentCount === 'number' ? d.documentCount : 0,
      updatedAt: d.updatedAt instanceof Timestamp ? d.updatedAt.toDate() : new Date(0),
    };
  },
};

const BUILT_IN_WRITER: SynthesisWriter = { analyser: 'local', model: null, fallback: null, droppedIds: 0, usage: null };

function writerFromData(value: unknown): SynthesisWriter {
  if (typeof value !== 'object' || value === null) return { ...BUILT_IN_WRITER };
  const w = value as Record<string, unknown>;
  return {
    analyser: w.analyser === 'gemini' ? 'gemini' : 'local',
    model: typeof w.model === 'string' ? w.model : null,
    fallback: typeof w.fallback === 'string' ? w.fallback : null,
    droppedIds: typeof w.droppedIds === 'number' ? w.droppedIds : 0,
    usage: typeof w.usage === 'object' && w.usage !== null ? (w.usage as SynthesisWriter['usage']) : null,
  };
}
