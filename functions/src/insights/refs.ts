import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { insightConverter, synthesisConverter } from './converters';

export function insightsCollection(db: Firestore, projectId: string) {
  return db.collection(COLLECTIONS.projects).doc(projectId).collection(COLLECTIONS.insights).withConverter(insightConverter);
}

/** The project's current synthesis (summary sentence, consolidated insights and themes). */
export function synthesisRef(db: Firestore, projectId: string) {
  return db.collection(COLLECTIONS.projects).doc(projectId).collection(COLLECTIONS.synthesis).doc('current').withConverter(synthesisConverter);
}
