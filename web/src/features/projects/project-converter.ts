import { DEFAULT_PROJECT_SETTINGS, EMPTY_COUNTS, type Project, type ProjectCounts, type ProjectSettings } from '@domain/project';
import {
  Timestamp,
  type DocumentData,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
  type SnapshotOptions,
} from 'firebase/firestore';

const toDate = (value: unknown) => (value instanceof Timestamp ? value.toDate() : new Date(0));
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** `projects/{id}` data as stored by the server → `Project`. Missing fields read as empty. */
export function projectFromData(id: string, d: DocumentData): Project {
  const counts = (d.counts ?? {}) as Partial<ProjectCounts>;
  const settings = (d.settings ?? {}) as Partial<ProjectSettings>;
  return {
    id,
    ownerId: typeof d.ownerId === 'string' ? d.ownerId : '',
    name: typeof d.name === 'string' ? d.name : '',
    createdAt: toDate(d.createdAt),
    updatedAt: toDate(d.updatedAt),
    counts: {
      documents: num(counts.documents ?? EMPTY_COUNTS.documents),
      parsed: num(counts.parsed),
      failed: num(counts.failed),
      words: num(counts.words),
    },
    settings: {
      analyser: settings.analyser === 'gemini' ? 'gemini' : DEFAULT_PROJECT_SETTINGS.analyser,
      redactPii: typeof settings.redactPii === 'boolean' ? settings.redactPii : DEFAULT_PROJECT_SETTINGS.redactPii,
    },
  };
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
