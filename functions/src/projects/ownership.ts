import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import type { Project } from '@verbatim/contract/project';
import { projectRef } from './refs';

/** The project, when it exists and belongs to `uid`; otherwise a not-found (never revealing others' projects). */
export async function ownedProject(db: Firestore, uid: string, projectId: string): Promise<Project> {
  const project = (await projectRef(db, projectId).get()).data();
  if (!project || project.ownerId !== uid) throw new AppError('not-found', 'This project does not exist or is not yours.');
  return project;
}
