import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { projectRef } from '../projects/refs';
import { interviewConverter } from './interview-converter';

/**
 * Where an interview lives: `projects/{projectId}/documents/{documentId}`. The stored collection (and the id's field,
 * `documentId`, in every record that points at an interview) keeps the name `documents` it was first stored under; the
 * code says interview.
 */

/** A project's interviews, read and written as `Interview`. */
export function interviewsCollection(db: Firestore, projectId: string) {
  return projectRef(db, projectId).collection(COLLECTIONS.documents).withConverter(interviewConverter);
}

/** One interview. */
export function interviewRef(db: Firestore, projectId: string, documentId: string) {
  return interviewsCollection(db, projectId).doc(documentId);
}

/** The turns of an interview's transcript. */
export function transcriptCollection(db: Firestore, projectId: string, documentId: string) {
  return projectRef(db, projectId).collection(COLLECTIONS.documents).doc(documentId).collection(COLLECTIONS.transcript);
}
