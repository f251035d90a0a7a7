import { COLLECTIONS } from '@verbatim/contract/constants';
import { collection, doc, query, where } from 'firebase/firestore';
import { db } from '../../lib/firestore';
import { insightConverter, synthesisConverter } from './insight-converter';

function insightsCollection(projectId: string) {
  return collection(db, COLLECTIONS.projects, projectId, COLLECTIONS.insights).withConverter(insightConverter);
}

/** Every insight of a project (sorted on the client: no composite index needed). */
export function projectInsightsQuery(projectId: string) {
  return query(insightsCollection(projectId));
}

/** One interview's insights. */
export function interviewInsightsQuery(projectId: string, documentId: string) {
  return query(insightsCollection(projectId), where('documentId', '==', documentId));
}

/** The project's current synthesis. */
export function synthesisRef(projectId: string) {
  return doc(db, COLLECTIONS.projects, projectId, COLLECTIONS.synthesis, 'current').withConverter(synthesisConverter);
}
