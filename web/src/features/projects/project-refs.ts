import { COLLECTIONS } from '@verbatim/contract/constants';
import { collection, doc, orderBy, query, where } from 'firebase/firestore';
import { db } from '../../lib/firestore';
import { projectConverter } from './project-converter';

export function projectRef(projectId: string) {
  return doc(db, COLLECTIONS.projects, projectId).withConverter(projectConverter);
}

/** The owner's projects, most recently changed first (composite index ownerId + updatedAt desc). */
export function ownProjectsQuery(uid: string) {
  return query(
    collection(db, COLLECTIONS.projects).withConverter(projectConverter),
    where('ownerId', '==', uid),
    orderBy('updatedAt', 'desc'),
  );
}
