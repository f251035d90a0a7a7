import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { interviewConverter, projectConverter } from './converters';

export function projectRef(db: Firestore, projectId: string) {
  return db.collection(COLLECTIONS.projects).doc(projectId).withConverter(projectConverter);
}

export function interviewRef(db: Firestore, projectId: string, documentId: string) {
  return db.collection(COLLECTIONS.projects).doc(projectId).collection(COLLECTIONS.documents).doc(documentId).withConverter(interviewConverter);
}

export function transcriptCollection(db: Firestore, projectId: string, documentId: string) {
  return db
    .collection(COLLECTIONS.projects)
    .doc(projectId)
    .collection(COLLECTIONS.documents)
    .doc(documentId)
    .collection(COLLECTIONS.transcript);
}
