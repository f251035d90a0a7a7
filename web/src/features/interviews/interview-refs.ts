import { COLLECTIONS } from '@verbatim/contract/constants';
import { collection, doc, orderBy, query } from 'firebase/firestore';
import { db } from '../../lib/firestore';
import { interviewConverter, transcriptPartConverter } from './interview-converter';

export function interviewRef(projectId: string, documentId: string) {
  return doc(db, COLLECTIONS.projects, projectId, COLLECTIONS.documents, documentId).withConverter(interviewConverter);
}

/** A project's interviews, newest first. */
export function interviewsQuery(projectId: string) {
  return query(collection(db, COLLECTIONS.projects, projectId, COLLECTIONS.documents).withConverter(interviewConverter), orderBy('createdAt', 'desc'));
}

export function transcriptPartsCollection(projectId: string, documentId: string) {
  return collection(db, COLLECTIONS.projects, projectId, COLLECTIONS.documents, documentId, COLLECTIONS.transcript).withConverter(
    transcriptPartConverter,
  );
}
