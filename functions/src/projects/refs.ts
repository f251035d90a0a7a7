import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { projectConverter } from './converters';

export function projectRef(db: Firestore, projectId: string) {
  return db.collection(COLLECTIONS.projects).doc(projectId).withConverter(projectConverter);
}
