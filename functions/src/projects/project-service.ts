import type { Firestore } from 'firebase-admin/firestore';
import { ownedProject } from './ownership';
import { serverConfig } from '../config/server-config';
import type { AccountQuotas } from '../config/server-limits';
import { assertCanAddProject } from '../quotas/account-quotas';
import { withAccountUsage } from '../quotas/account-usage';
import { AppError } from '@verbatim/contract/app-error';
import { uploadPrefix } from '@verbatim/contract/upload-path';
import { defaultProjectSettings, EMPTY_COUNTS, cleanProjectName, projectNameError, type Project, type ProjectSettings } from '@verbatim/contract/project';
import { logs } from '../lib/logs';
import type { FileStore } from '../storage/file-store';
import { deleteShares } from '../publishing/share-service';
import { projectRef } from './refs';

/** The project name as stored, or 400 with the contract's sentence. */
export function validProjectName(value: unknown): string {
  const refused = projectNameError(value);
  if (refused) throw new AppError('invalid', refused);
  return cleanProjectName(value as string);
}

export interface NewProjectOptions {
  /** Whether the server has a Gemini key: new projects then default to Gemini (redaction on). */
  geminiConfigured?: boolean;
  /** The owner's own choice of analyser and redaction, over the default. */
  settings?: unknown;
  now?: Date;
  quotas?: AccountQuotas;
}

/** A new project, unless the account already holds its quota of projects (429). */
export async function createProject(db: Firestore, ownerId: string, name: unknown, options: NewProjectOptions = {}): Promise<Project> {
  const now = options.now ?? new Date();
  const quotas = options.quotas ?? serverConfig().limits.quotas;
  const defaults = defaultProjectSettings(options.geminiConfigured ?? false);
  const settings = options.settings === undefined ? defaults : cleanSettings(defaults, options.settings);
  const ref = projectRef(db, db.collection('projects').doc().id);
  const project: Project = { id: ref.id, ownerId, name: validProjectName(name), createdAt: now, updatedAt: now, counts: { ...EMPTY_COUNTS }, settings };
  await withAccountUsage(db, ownerId, async (tx) => {
    await assertCanAddProject(db, tx, ownerId, quotas);
    tx.create(ref, project);
    return { result: undefined };
  });
  return project;
}

/** The owner renames a project or changes how its interviews are analysed. */
export async function updateProject(
  db: Firestore,
  uid: string,
  projectId: string,
  changes: { name?: unknown; settings?: unknown },
): Promise<Project> {
  const project = await ownedProject(db, uid, projectId);
  const updated: Project = { ...project, updatedAt: new Date() };
  if (changes.name !== undefined) updated.name = validProjectName(changes.name);
  if (changes.settings !== undefined) updated.settings = cleanSettings(project.settings, changes.settings);
  if (changes.name === undefined && changes.settings === undefined) {
    throw new AppError('invalid', 'Nothing to change: send "name" or "settings".');
  }
  await projectRef(db, projectId).update({ name: updated.name, settings: updated.settings, updatedAt: updated.updatedAt });
  return updated;
}

function cleanSettings(current: ProjectSettings, value: unknown): ProjectSettings {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AppError('invalid', '"settings" must be an object.');
  const { analyser, redactPii } = value as Record<string, unknown>;
  const next = { ...current };
  if (analyser !== undefined) {
    if (analyser !== 'local' && analyser !== 'gemini') throw new AppError('invalid', 'The analyser must be "local" or "gemini".');
    next.analyser = analyser;
  }
  if (redactPii !== undefined) {
    if (typeof redactPii !== 'boolean') throw new AppError('invalid', '"redactPii" must be true or false.');
    next.redactPii = redactPii;
  }
  return next;
}

/**
 * Deletes the project with everything under it: documents, transcripts, insights (every
 * subcollection) and the uploaded files. The files go first, so a failure leaves a project the
 * owner can delete again rather than orphaned files.
 */
export async function deleteProject(db: Firestore, files: FileStore, uid: string, projectId: string): Promise<{ files: number }> {
  await ownedProject(db, uid, projectId);
  const removed = await files.deletePrefix(uploadPrefix(uid, projectId));
  await deleteShares(db, projectId);
  // Everything under the project first, the project itself last: once it is gone (and the owner's
  // list no longer shows it), nothing of it is left.
  const ref = projectRef(db, projectId);
  for (const collection of await ref.listCollections()) await db.recursiveDelete(collection);
  await ref.delete();
  logs.projectDeleted(projectId, removed);
  return { files: removed };
}
