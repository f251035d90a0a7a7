import { Timestamp, type DocumentData, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Project, TranscriptDocument } from '@verbatim/contract/project';
import { documentFromData, projectFromData } from '@verbatim/contract/project-data';

const toDate = (value: unknown) => (value instanceof Timestamp ? value.toDate() : null);

/** The one converter between `projects/{id}` and `Project` (reading is the contract's). */
export const projectConverter: FirestoreDataConverter<Project> = {
  toFirestore(project: Project): DocumentData {
    return {
      ownerId: project.ownerId,
      name: project.name,
      createdAt: Timestamp.fromDate(project.createdAt),
      updatedAt: Timestamp.fromDate(project.updatedAt),
      counts: project.counts,
      settings: project.settings,
    };
  },
  fromFirestore(snap: QueryDocumentSnapshot): Project {
    return projectFromData(snap.id, snap.data(), toDate);
  },
};

/** The one converter between `projects/{p}/documents/{d}` and `TranscriptDocument` (reading is the contract's). */
export const documentConverter: FirestoreDataConverter<TranscriptDocument> = {
  toFirestore(doc: TranscriptDocument): DocumentData {
    const { id: _id, createdAt, updatedAt, ...rest } = doc;
    return { ...rest, createdAt: Timestamp.fromDate(createdAt), updatedAt: Timestamp.fromDate(updatedAt) };
  },
  fromFirestore(snap: QueryDocumentSnapshot): TranscriptDocument {
    return documentFromData(snap.id, snap.data(), toDate);
  },
};
