import { Timestamp, type DocumentData, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { DEFAULT_PROJECT_SETTINGS, EMPTY_COUNTS, type Project, type ProjectCounts, type ProjectSettings, type TranscriptDocument } from '../domain/project';

const toDate = (value: unknown) => (value instanceof Timestamp ? value.toDate() : new Date(0));
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The one converter between `projects/{id}` and `Project`. */
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
    const d = snap.data();
    const counts = (d.counts ?? {}) as Partial<ProjectCounts>;
    const settings = (d.settings ?? {}) as Partial<ProjectSettings>;
    return {
      id: snap.id,
      ownerId: str(d.ownerId),
      name: str(d.name),
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
        redactPii: settings.redactPii ?? DEFAULT_PROJECT_SETTINGS.redactPii,
      },
    };
  },
};

/** The one converter between `projects/{p}/documents/{d}` and `TranscriptDocument`. */
export const documentConverter: FirestoreDataConverter<TranscriptDocument> = {
  toFirestore(doc: TranscriptDocument): DocumentData {
    const { id: _id, createdAt, updatedAt, ...rest } = doc;
    return { ...rest, createdAt: Timestamp.fromDate(createdAt), updatedAt: Timestamp.fromDate(updatedAt) };
  },
  fromFirestore(snap: QueryDocumentSnapshot): TranscriptDocument {
    const d = snap.data();
    return {
      id: snap.id,
      projectId: str(d.projectId),
      ownerId: str(d.ownerId),
      name: str(d.name),
      fileName: str(d.fileName),
      format: d.format ?? null,
      size: num(d.size),
      status: d.status,
      progress: num(d.progress),
      error: d.error ?? null,
      errorCode: d.errorCode ?? null,
      notes: Array.isArray(d.notes) ? d.notes : [],
      speakers: Array.isArray(d.speakers) ? d.speakers : [],
      wordCount: num(d.wordCount),
      language: d.language ?? null,
      turnCount: num(d.turnCount),
      creditSpent: d.creditSpent === true,
      ...(d.analysis ? { analysis: { ...d.analysis, completedAt: toDate(d.analysis.completedAt) } } : {}),
      createdAt: toDate(d.createdAt),
      updatedAt: toDate(d.updatedAt),
    };
  },
};
