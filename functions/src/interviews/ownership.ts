import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import type { Interview } from '@verbatim/contract/project';
import { ownedProject } from '../projects/ownership';
import { interviewRef } from './interview-refs';

/** The interview, when its project belongs to `uid`; otherwise a not-found. */
export async function ownedInterview(db: Firestore, uid: string, projectId: string, documentId: string): Promise<Interview> {
  await ownedProject(db, uid, projectId);
  const doc = (await interviewRef(db, projectId, documentId).get()).data();
  if (!doc) throw new AppError('not-found', 'This interview does not exist.');
  return doc;
}
