import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import type { Project, Interview } from '@verbatim/contract/project';
import { interviewRef, projectRef } from './refs';

/** The project, when it exists and belongs to `uid`; otherwise a not-found (never revealing others' projects). */
export async function ownedProject(db: Firestore, uid: string, projectId: string): Promise<Project> {
  const project = (await projectRef(db, projectId).get()).data();
  if (!project || project.ownerId !== uid) throw new AppError('not-found', 'This project does not exist or is not yours.');
  return project;
}

/** The interview, when its project belongs to `uid`. */
export async function ownedInterview(db: Firestore, uid: string, projectId: string, documentId: string): Promise<Interview> {
  await ownedProject(db, uid, projectId);
  const doc = (await interviewRef(db, projectId, documentId).get()).data();
  if (!doc) throw new AppError('not-found', 'This interview does not exist.');
  return doc;
}
