import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { documentConverter, projectConverter } from './converters';

export function projectRef(db: Firestore, projectId: string) {
  return db.collection(COLLECTIONS.projects).doc(projectId).withConverter(projectConverter);
}

export function documentRef(db: Firestore, projectId: string, documentId: string) {
  return db.collection(COLLECTIONS.projects).doc(projectId).collection(COLLECTIONS.documents).doc(documentId).withConverter(documentConverter);
}

export function transcriptCollection(db: Firestore, projectId: string, documentId: string) {
  return db
    .collection(COLLECTIONS.projects)
    .doc(projectId)
    .collection(COLLECTIONS.documents)
    .doc(documentId)
    .collection(COLLECTIONS.transcript);
}
