import type { Project } from '@verbatim/contract/project';
import { projectFromData as readProject } from '@verbatim/contract/project-data';
import {
  Timestamp,
  type DocumentData,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
  type SnapshotOptions,
} from 'firebase/firestore';

const toDate = (value: unknown) => (value instanceof Timestamp ? value.toDate() : null);

/** `projects/{id}` data as stored by the server → `Project` (the contract's reading). Missing fields read as empty. */
export function projectFromData(id: string, d: DocumentData): Project {
  return readProject(id, d, toDate);
}

/** The one converter for `projects`: read-only on the client (the API writes projects). */
export const projectConverter: FirestoreDataConverter<Project> = {
  toFirestore(): never {
    throw new Error('Projects are written by the server; use the projects API.');
  },
  fromFirestore(snap: QueryDocumentSnapshot, options?: SnapshotOptions): Project {
    return projectFromData(snap.id, snap.data(options));
  },
};
