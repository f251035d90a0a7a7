import { DOCUMENT_STATUSES, type DocumentStatus, type TranscriptDocument } from '@domain/project';
import type { TranscriptPart } from '@domain/transcript-parts';
import {
  Timestamp,
  type DocumentData,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
  type SnapshotOptions,
} from 'firebase/firestore';

const toDate = (value: unknown) => (value instanceof Timestamp ? value.toDate() : new Date(0));
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const strOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** `projects/{p}/documents/{d}` data as the server stores it → `TranscriptDocument`. */
export function documentFromData(id: string, d: DocumentData): TranscriptDocument {
  const status: DocumentStatus = DOCUMENT_STATUSES.includes(d.status) ? d.status : 'failed';
  const document: TranscriptDocument = {
    id,
    projectId: str(d.projectId),
    ownerId: str(d.ownerId),
    name: str(d.name) || str(d.fileName),
    fileName: str(d.fileName),
    format: d.format ?? null,
    size: num(d.size),
    status,
    progress: Math.min(1, Math.max(0, num(d.progress))),
    error: strOrNull(d.error),
    errorCode: strOrNull(d.errorCode),
    notes: Array.isArray(d.notes) ? d.notes.filter((n: unknown): n is string => typeof n === 'string') : [],
    speakers: Array.isArray(d.speakers) ? d.speakers : [],
    wordCount: num(d.wordCount),
    language: strOrNull(d.language),
    turnCount: num(d.turnCount),
    creditSpent: d.creditSpent === true,
    createdAt: toDate(d.createdAt),
    updatedAt: toDate(d.updatedAt),
  };
  if (d.analysis) document.analysis = { ...d.analysis, completedAt: toDate(d.analysis.completedAt) };
  return document;
}

/** The one converter for `documents`: read-only on the client (the server writes them). */
export const documentConverter: FirestoreDataConverter<TranscriptDocument> = {
  toFirestore(): never {
    throw new Error('Interviews are written by the server; use the documents API.');
  },
  fromFirestore(snap: QueryDocumentSnapshot, options?: SnapshotOptions): TranscriptDocument {
    return documentFromData(snap.id, snap.data(options));
  },
};

/** `.../transcript/{part}` data → `TranscriptPart`; null for anything that is not a part. */
export function transcriptPartFromData(d: DocumentData): TranscriptPart | null {
  const index = num(d.index);
  if (d.kind === 'text' && typeof d.text === 'string') return { kind: 'text', index, text: d.text };
  if (d.kind === 'turns' && Array.isArray(d.turns)) return { kind: 'turns', index, turns: d.turns };
  if (d.kind === 'marks' && Array.isArray(d.marks)) return { kind: 'marks', index, marks: d.marks };
  return null;
}

/** The one converter for `transcript` parts (read-only on the client). */
export const transcriptPartConverter: FirestoreDataConverter<TranscriptPart | null> = {
  toFirestore(): never {
    throw new Error('Transcripts are written by the server.');
  },
  fromFirestore(snap: QueryDocumentSnapshot, options?: SnapshotOptions): TranscriptPart | null {
    return transcriptPartFromData(snap.data(options));
  },
};
