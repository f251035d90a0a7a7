/**
 * Each project's search pack (project-pack.ts), server-only: `projects/{p}/searchPack/part-NNNN`. Written by a
 * search that had to read a project's interviews one by one (a project new to that instance whose pack was missing
 * or out of date), read by the next cold instance instead of them. Deleted with its project (Firestore's recursive
 * delete takes the subcollection along); a write racing the project's deletion removes itself.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { COLLECTIONS } from '@verbatim/contract/constants';
import { projectRef } from '../projects/refs';
import type { PackPart } from './project-pack';

export const SEARCH_PACK = 'searchPack';

/** A batch write is atomic but limited in size: a pack of more parts is written part by part (readers check it is whole). */
const ATOMIC_PARTS = 8;

function packCollection(db: Firestore, projectId: string) {
  return db.collection(COLLECTIONS.projects).doc(projectId).collection(SEARCH_PACK);
}

export function partId(k: number): string {
  return `part-${String(k).padStart(4, '0')}`;
}

/** The stored parts of a project's pack (none when it has no pack). */
export async function readPack(db: Firestore, projectId: string): Promise<PackPart[]> {
  const snapshot = await packCollection(db, projectId).get();
  return snapshot.docs.map((d) => d.data() as PackPart); // Buffers are Uint8Arrays
}

/** Writes a project's pack over its previous one (`previous`: how many parts that had). */
export async function writePack(db: Firestore, projectId: string, parts: readonly PackPart[], previous: number): Promise<void> {
  const collection = packCollection(db, projectId);
  const data = (p: PackPart) => ({ ...p, bytes: Buffer.from(p.bytes.buffer, p.bytes.byteOffset, p.bytes.byteLength) });
  if (parts.length + previous <= ATOMIC_PARTS) {
    const batch = db.batch();
    for (const p of parts) batch.set(collection.doc(partId(p.part)), data(p));
    for (let k = parts.length; k < previous; k++) batch.delete(collection.doc(partId(k)));
    await batch.commit();
  } else {
    for (const p of parts) await collection.doc(partId(p.part)).set(data(p));
    for (let k = parts.length; k < previous; k++) await collection.doc(partId(k)).delete();
  }
  // A project deleted meanwhile (its recursive delete ran before this write) keeps nothing behind.
  if (!(await projectRef(db, projectId).get()).exists) await db.recursiveDelete(collection);
}

/** `writePack` that never fails its caller: a pack is a copy, and a search that finds none reads the interviews. */
export async function writePackQuietly(db: Firestore, projectId: string, parts: readonly PackPart[], previous: number): Promise<void> {
  try {
    await writePack(db, projectId, parts, previous);
  } catch (err) {
    logger.warn('search.pack-write-failed', { projectId, error: err instanceof Error ? err.message : String(err) });
  }
}
