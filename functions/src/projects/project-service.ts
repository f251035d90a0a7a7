import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { ownedProject } from './ownership';
import { serverConfig } from '../config/server-config';
import type { AccountQuotas } from '../config/server-limits';
import { assertCanAddProject } from '../quotas/account-quotas';
import { withAccountUsage } from '../quotas/account-usage';
import { recordingPrefix, uploadPrefix } from '@verbatim/contract/upload-path';
import { defaultProjectSettings, EMPTY_COUNTS, type Project, type ProjectSettings } from '@verbatim/contract/project';
import { createProjectBody, requireBody, updateProjectBody, type ProjectSettingsChange } from '@verbatim/contract/request-bodies';
import { logs } from '../lib/logs';
import type { FileStore } from '../storage/file-store';
import type { RecordingStore } from '../storage/recording-store';
import { publicClipPrefix } from '../publishing/public-clips';
import { clipPrefix } from '../clips/clip-refs';
import { reelPrefix } from '../clips/reel-refs';
import { deleteShares } from '../publishing/share-service';
import { projectRef } from './refs';
import { COLLECTIONS } from '@verbatim/contract/constants';

export interface NewProjectOptions {
  /** Whether the server has a Gemini key: new projects then default to Gemini (redaction on). */
  geminiConfigured?: boolean;
  /** The owner's own choice of analyser and redaction, over the default. */
  settings?: unknown;
  now?: Date;
  quotas?: AccountQuotas;
}

/** A new project (400 for a bad name or settings), unless the account already holds its quota of projects (429). */
export async function createProject(db: Firestore, ownerId: string, name: unknown, options: NewProjectOptions = {}): Promise<Project> {
  const now = options.now ?? new Date();
  const quotas = options.quotas ?? serverConfig().limits.quotas;
  const request = requireBody(createProjectBody, { name, settings: options.settings });
  const settings = withChanges(defaultProjectSettings(options.geminiConfigured ?? false), request.settings);
  const ref = projectRef(db, db.collection('projects').doc().id);
  const project: Project = { id: ref.id, ownerId, name: request.name, createdAt: now, updatedAt: now, counts: { ...EMPTY_COUNTS }, settings };
  await withAccountUsage(db, ownerId, async (tx) => {
    await assertCanAddProject(db, ownerId, quotas);
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
  const request = requireBody(updateProjectBody, changes);
  const updated: Project = { ...project, name: request.name ?? project.name, settings: withChanges(project.settings, request.settings), updatedAt: new Date() };
  await projectRef(db, projectId).update({ name: updated.name, settings: updated.settings, updatedAt: updated.updatedAt });
  return updated;
}

/** The settings with the owner's changes over them (what a change leaves out stays). */
function withChanges(current: ProjectSettings, changes: ProjectSettingsChange | undefined): ProjectSettings {
  return { analyser: changes?.analyser ?? current.analyser, redactPii: changes?.redactPii ?? current.redactPii };
}

/**
 * Deletes the project with everything under it: documents, transcripts, insights (every
 * subcollection) and the uploaded files. The files go first, so a failure leaves a project the
 * owner can delete again rather than orphaned files.
 *
 * The project is marked `deletingAt` before anything goes: a synthesis finishing meanwhile then
 * writes nothing (it would otherwise recreate `synthesis/current` and the public views under a
 * project whose subcollections were already deleted). The interviews go before the rest, so an
 * analysis finishing meanwhile finds its interview gone and writes no insights.
 */
export async function deleteProject(db: Firestore, files: FileStore, uid: string, projectId: string, recordings: RecordingStore): Promise<{ files: number }> {
  await ownedProject(db, uid, projectId);
  const ref = projectRef(db, projectId);
  await ref.update({ deletingAt: new Date() });
  let removed: number;
  try {
    removed = await files.deletePrefix(uploadPrefix(uid, projectId));
    removed += await recordings.deletePrefix(recordingPrefix(uid, projectId));
    await recordings.deletePrefix(publicClipPrefix(projectId));
    // Its clips' files (their records go with the project's collections, below).
    await recordings.deletePrefix(clipPrefix(projectId));
    await recordings.deletePrefix(reelPrefix(projectId));
  } catch (err) {
    await ref.update({ deletingAt: FieldValue.delete() });
    throw err;
  }
  await deleteShares(db, projectId);
  // Everything under the project first, the project itself last: once it is gone (and the owner's
  // list no longer shows it), nothing of it is left.
  const collections = await ref.listCollections();
  const interviewsFirst = [...collections].sort((a, b) => Number(b.id === COLLECTIONS.documents) - Number(a.id === COLLECTIONS.documents));
  for (const collection of interviewsFirst) await db.recursiveDelete(collection);
  await ref.delete();
  logs.projectDeleted(projectId, removed);
  return { files: removed };
}
