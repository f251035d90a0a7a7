import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { logs } from '../lib/logs';

/**
 * Every file a transcription puts in Gemini's file store is named in `geminiFiles/{id}` (server-only) from the moment
 * its upload is answered until it is deleted there. A run stopped at its function's limit, or whose delete failed,
 * leaves its names behind, and the sweeper deletes those files (Google would keep them 48 hours, and the next attempt
 * would upload and pay again).
 */

export interface GeminiFileOwner {
  projectId: string;
  documentId: string;
}

/** Past this since its upload a file belongs to no run still going (a transcription task's 30 minutes, and a margin). */
export const GEMINI_FILE_ORPHANED_MS = 40 * 60_000;

const idOf = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '-');

/** The hooks a transcription calls as it stores and deletes files at Google. */
export function geminiFileLedger(db: Firestore, owner: GeminiFileOwner, now: () => Date = () => new Date()) {
  const ref = (name: string) => db.collection(COLLECTIONS.geminiFiles).doc(idOf(name));
  return {
    async stored(name: string): Promise<void> {
      await ref(name).set({ name, projectId: owner.projectId, documentId: owner.documentId, uploadedAt: now() });
    },
    async deleted(name: string): Promise<void> {
      await ref(name).delete();
    },
  };
}

/**
 * Deletes at Google every file named longer ago than `GEMINI_FILE_ORPHANED_MS`, then its name; a file Google no longer
 * has counts as deleted (`deleteAtGoogle` says so). Returns how many were deleted.
 */
export async function sweepGeminiFiles(db: Firestore, deleteAtGoogle: (name: string) => Promise<boolean>, at: Date, limit = 200): Promise<number> {
  const stale = await db
    .collection(COLLECTIONS.geminiFiles)
    .where('uploadedAt', '<', new Date(at.getTime() - GEMINI_FILE_ORPHANED_MS))
    .limit(limit)
    .get();
  let deleted = 0;
  for (const doc of stale.docs) {
    const name = doc.get('name');
    if (typeof name !== 'string' || (await deleteAtGoogle(name).catch(() => false))) {
      await doc.ref.delete();
      deleted += 1;
    } else {
      logs.geminiFileNotDeleted(String(doc.get('documentId') ?? ''), String(name));
    }
  }
  return deleted;
}
