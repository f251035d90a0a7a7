import { COLLECTIONS } from '@verbatim/contract/constants';
import { collection, doc, orderBy, query } from 'firebase/firestore';
import { db } from '../../lib/firestore';
import { documentConverter, transcriptPartConverter } from './document-converter';

export function documentRef(projectId: string, documentId: string) {
  return doc(db, COLLECTIONS.projects, projectId, COLLECTIONS.documents, documentId).withConverter(documentConverter);
}

/** A project's interviews, newest first. */
export function documentsQuery(projectId: string) {
  return query(collection(db, COLLECTIONS.projects, projectId, COLLECTIONS.documents).withConverter(documentConverter), orderBy('createdAt', 'desc'));
}

export function transcriptPartsCollection(projectId: string, documentId: string) {
  return collection(db, COLLECTIONS.projects, projectId, COLLECTIONS.documents, documentId, COLLECTIONS.transcript).withConverter(
    transcriptPartConverter,
  );
}
