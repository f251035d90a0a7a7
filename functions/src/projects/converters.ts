import { Timestamp, type DocumentData, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Project } from '@verbatim/contract/project';
import { projectFromData } from '@verbatim/contract/project-data';

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
